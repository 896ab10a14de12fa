// The two hosts of the plugin, run the way users run them: oxlint's CLI with the built plugin as a JS plugin,
// and ESLint's Node API with the same plugin object, rules and settings.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import plugin from "eslint-plugin-mcp-tool-errors";
import { expect } from "vitest";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The built plugin, as a user's `jsPlugins` entry names it; `npm test` builds it first. */
export const PLUGIN_ENTRY = path.join(ROOT, "dist/index.js");
export const OXLINT_BIN = path.join(ROOT, "node_modules/.bin/oxlint");

/** One finding, as both hosts can say it. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  message: string;
}

/** Every rule of the plugin that runs without type information, at "error": what oxlint can host. */
export const UNTYPED_RULES: Linter.RulesRecord = Object.fromEntries(
  Object.entries(plugin.rules)
    .filter(([, rule]) => (rule.meta?.docs as { requiresTypeChecking?: boolean } | undefined)?.requiresTypeChecking !== true)
    .map(([name]) => [`${plugin.meta.namespace}/${name}`, "error"]),
);

export type Settings = Record<string, unknown>;
/** A config's rules as either ESLint major types them (10 makes every entry optional). */
export type Rules = NonNullable<Linter.Config["rules"]>;

/**
 * An `.oxlintrc.json` that runs only the given rules of this plugin: oxlint's own default rules (the
 * `correctness` category) are turned off so that only the plugin's findings are compared.
 */
export function oxlintConfig(rules: Rules, settings: Settings = {}): object {
  return { plugins: [], categories: { correctness: "off" }, jsPlugins: [PLUGIN_ENTRY], settings, rules };
}

const byPosition = (x: Finding, y: Finding): number =>
  x.file.localeCompare(y.file) || x.line - y.line || x.column - y.column || x.ruleId.localeCompare(y.ruleId);

interface OxlintJson {
  diagnostics: { message: string; code: string; filename: string; labels: { span: { line: number; column: number } }[] }[];
}

export interface OxlintRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The oxlint CLI in `cwd` with `config` written to a temporary file (outside `cwd`, so it is not linted). */
export function runOxlint(cwd: string, config: object, args: readonly string[]): OxlintRun {
  const configDir = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-oxlintrc-"));
  const configFile = path.join(configDir, ".oxlintrc.json");
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const run = spawnSync(OXLINT_BIN, ["-c", configFile, ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  rmSync(configDir, { recursive: true, force: true });
  expect(run.error).toBeUndefined();
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The findings in oxlint's JSON output, sorted by position. */
export function parseOxlintJson(stdout: string): Finding[] {
  const { diagnostics } = JSON.parse(stdout) as OxlintJson;
  return diagnostics
    .map((diagnostic) => {
      // oxlint names a rule `plugin(rule)`; ESLint `plugin/rule`.
      const ruleId = diagnostic.code.replace(/^(.+)\((.+)\)$/u, "$1/$2");
      const label = diagnostic.labels.at(0);
      expect(label, `${diagnostic.filename}: ${diagnostic.message}`).toBeDefined();
      return {
        file: diagnostic.filename,
        line: label?.span.line ?? 0,
        column: label?.span.column ?? 0,
        ruleId,
        message: diagnostic.message,
      };
    })
    .sort(byPosition);
}

/** oxlint's findings on `cwd`, sorted by position. */
export function oxlintFindings(cwd: string, config: object, extraArgs: readonly string[] = []): Finding[] {
  const run = runOxlint(cwd, config, ["-f", "json", ...extraArgs, "."]);
  expect(run.stderr).toBe("");
  return parseOxlintJson(run.stdout);
}

/** ESLint with the same plugin, rules and settings: typescript-eslint's parser for TypeScript, espree for JavaScript. */
export function eslintFor(cwd: string, rules: Rules, settings: Settings = {}, fix = false): ESLint {
  return new ESLint({
    cwd,
    fix,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tsParser } },
      { plugins: { [plugin.meta.namespace]: plugin }, rules, settings },
    ],
  });
}

/** ESLint's findings on `cwd`, sorted by position; no file may fail to parse. */
export async function eslintFindings(cwd: string, rules: Rules, settings: Settings = {}): Promise<Finding[]> {
  const results = await eslintFor(cwd, rules, settings).lintFiles(["."]);
  return results
    .flatMap((result) =>
      result.messages.map((message) => {
        expect(message.fatal, `${result.filePath}: ${message.message}`).toBeFalsy();
        const file = path.relative(cwd, result.filePath).split(path.sep).join("/");
        return { file, line: message.line, column: message.column, ruleId: message.ruleId ?? "", message: message.message };
      }),
    )
    .sort(byPosition);
}
