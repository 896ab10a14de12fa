// What every bench script shares: where the generated corpora live, what is linted in them, the configuration
// every measured one starts from, how a build of the plugin is loaded, and how ESLint's stats are read.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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

/**
 * The corpus of `size` tools, generated unless an identical one is on disk; `paths` are the files linted in it
 * (absolute), `files` counts them.
 */
export function ensureCorpus(size: number): { dir: string; manifest: CorpusManifest; paths: string[]; files: number } {
  const dir = path.join(CORPUS_ROOT, `n${String(size)}`);
  const manifestFile = path.join(dir, "manifest.json");
  let manifest: CorpusManifest | undefined;
  if (existsSync(manifestFile)) {
    const onDisk = JSON.parse(readFileSync(manifestFile, "utf8")) as CorpusManifest;
    if (onDisk.generator === GENERATOR_VERSION && onDisk.seed === DEFAULT_SEED && onDisk.size === size) manifest = onDisk;
  }
  manifest ??= generateCorpus({ dir, size });
  const paths = [...manifest.tools.map((tool) => tool.path), ...manifest.otherFiles].map((file) => path.join(dir, file));
  return { dir, manifest, paths, files: paths.length };
}

/** A build of the plugin, as the bench scripts load it: its presets are all they read. */
export interface PluginBuild {
  configs: Partial<Record<string, Linter.Config>>;
}

/**
 * The entry file of the one build a script measures: the one given on its command line, else this repository's
 * dist/index.js.
 */
export function buildEntry(positionals: readonly string[], help: string): string {
  if (positionals.length > 1) throw new Error(`at most one plugin entry file\n\n${help}`);
  return path.resolve(positionals.at(0) ?? path.join(CORPUS_ROOT, "..", "..", "dist", "index.js"));
}

/** The build whose entry file is `file` (dist/index.js of a worktree, say). */
export async function loadBuild(file: string): Promise<PluginBuild> {
  const loaded = (await import(pathToFileURL(path.resolve(file)).href)) as { default: PluginBuild };
  return loaded.default;
}

/** The presets the bench scripts that compare builds can run. */
export type BenchPreset = "recommended" | "all";

/** The options every script that lints the corpus with a build's preset takes, for `parseArgs`. */
export const CORPUS_OPTIONS = {
  size: { type: "string", default: "1000" },
  config: { type: "string", default: "recommended" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** `--config`'s value, checked. */
export function benchPreset(value: string): BenchPreset {
  if (value !== "recommended" && value !== "all") throw new Error("--config must be recommended or all");
  return value;
}

/** A count option's value (`--size`, `--rounds`), checked. */
export function positiveInteger(key: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${key} must be a positive integer`);
  return number;
}

/** The build's configuration for `preset`. */
export function presetOf(build: PluginBuild, preset: BenchPreset): Linter.Config {
  const config = build.configs[preset];
  if (!config) throw new Error(`the build has no preset "${preset}"`);
  return config;
}

/** Parse time and each rule's time, in ms. */
export interface StatsTimes {
  parseMs: number;
  ruleMs: Record<string, number>;
}

/**
 * Adds the passes of one file's stats (`stats: true`) to `into`. ESLint 9's types make the passes' fields required,
 * ESLint 10's optional: they are read as optional on both.
 */
export function addPassTimes(
  passes: readonly { parse?: { total: number }; rules?: Record<string, { total: number }> }[],
  into: StatsTimes,
): void {
  for (const pass of passes) {
    into.parseMs += pass.parse?.total ?? 0;
    for (const [rule, time] of Object.entries(pass.rules ?? {})) into.ruleMs[rule] = (into.ruleMs[rule] ?? 0) + time.total;
  }
}

/** Parse time and each rule's time over a lint's results, from ESLint's stats (`stats: true`), in ms. */
export function statsTimes(results: readonly ESLint.LintResult[]): StatsTimes {
  const times: StatsTimes = { parseMs: 0, ruleMs: {} };
  for (const result of results) addPassTimes(result.stats?.times.passes ?? [], times);
  return times;
}

/** The rules' share of parse time (a ratio), from one lint's stats or a sum of them. */
export const rulesOverParse = (times: StatsTimes): number => totalRuleMs(times.ruleMs) / times.parseMs;

/** All rules' time together. */
export const totalRuleMs = (ruleMs: Readonly<Record<string, number>>): number => Object.values(ruleMs).reduce((sum, time) => sum + time, 0);
