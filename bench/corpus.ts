// What every bench script shares: where the generated corpora live, what is linted in them, the configuration
// every measured one starts from, and how ESLint's stats are read.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import type { ESLint, Linter } from "eslint";
import { type CorpusManifest, DEFAULT_SEED, generateCorpus, GENERATOR_VERSION } from "./generate-corpus.js";

/** Where corpora live: `bench/.corpus/n<N>/`, next to the scripts' build output `bench/.corpus/.build/`. */
export const CORPUS_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const LINT_PATTERNS = ["src", "types"];

/** (a): the parser alone over the corpus, under every other configuration. */
export const floor: Linter.Config = {
  name: "bench/floor",
  files: ["**/*.ts"],
  languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
  linterOptions: { reportUnusedDisableDirectives: "off" },
};

/** The corpus of `size` tools, generated unless an identical one is on disk. */
export function ensureCorpus(size: number): { dir: string; manifest: CorpusManifest; files: number } {
  const dir = path.join(CORPUS_ROOT, `n${String(size)}`);
  const manifestFile = path.join(dir, "manifest.json");
  let manifest: CorpusManifest | undefined;
  if (existsSync(manifestFile)) {
    const onDisk = JSON.parse(readFileSync(manifestFile, "utf8")) as CorpusManifest;
    if (onDisk.generator === GENERATOR_VERSION && onDisk.seed === DEFAULT_SEED && onDisk.size === size) manifest = onDisk;
  }
  manifest ??= generateCorpus({ dir, size });
  return { dir, manifest, files: manifest.tools.length + manifest.otherFiles.length };
}

/** ESLint 9's types make these stats fields required, ESLint 10's optional: read them as optional on both. */
function passTimes(pass: { parse?: { total: number }; rules?: Record<string, { total: number }> }): {
  parse: number;
  rules: Record<string, { total: number }>;
} {
  return { parse: pass.parse?.total ?? 0, rules: pass.rules ?? {} };
}

/** Parse time and each rule's time over a lint's results, from ESLint's stats (`stats: true`), in ms. */
export function statsTimes(results: readonly ESLint.LintResult[]): { parseMs: number; ruleMs: Record<string, number> } {
  let parseMs = 0;
  const ruleMs: Record<string, number> = {};
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      const { parse, rules } = passTimes(pass);
      parseMs += parse;
      for (const [rule, time] of Object.entries(rules)) ruleMs[rule] = (ruleMs[rule] ?? 0) + time.total;
    }
  }
  return { parseMs, ruleMs };
}

/** All rules' time together. */
export const totalRuleMs = (ruleMs: Readonly<Record<string, number>>): number => Object.values(ruleMs).reduce((sum, time) => sum + time, 0);
