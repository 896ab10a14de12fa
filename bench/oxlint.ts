// The oxlint rows of the benchmark (issue 13): the same corpus through oxlint's CLI, with no rules, with a no-op
// JS rule (what handing each file's AST to JavaScript costs) and with this plugin's `recommended` rules as a JS
// plugin. oxlint skips git-ignored files, bench/.corpus among them, so it lints a copy in the system's temp folder.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import plugin from "eslint-plugin-mcp-tool-errors";
import { median } from "./median.js";

export const OXLINT_CONFIG_NAMES = ["none", "noop", "recommended", "recommendedAllCores"] as const;
export type OxlintConfigName = (typeof OXLINT_CONFIG_NAMES)[number];

export const OXLINT_LABEL: Record<OxlintConfigName, string> = {
  none: "(e) oxlint, no rules",
  noop: "(f) oxlint + a no-op JS rule",
  recommended: "(g) oxlint + recommended (JS plugin)",
  recommendedAllCores: `(h) (g) on all ${String(availableParallelism())} cores`,
};

export interface OxlintResult {
  rounds: number;
  /** Median wall ms of one CLI run (process start included), per configuration. */
  medianWallMs: Record<OxlintConfigName, number>;
  problems: Record<OxlintConfigName, number>;
}

const require = createRequire(import.meta.url);
const OXLINT_BIN = path.join(path.dirname(require.resolve("oxlint/package.json")), "bin/oxlint");

/** A JS plugin whose one rule visits every file's Program node and does nothing. */
const NOOP_PLUGIN = `export default {
  meta: { name: "bench-noop" },
  rules: { noop: { create: () => ({ Program() {} }) } },
};
`;

/** The `.oxlintrc.json` of each configuration: oxlint's own default rules off, so only the named rules run. */
function configs(noopPlugin: string): Record<Exclude<OxlintConfigName, "recommendedAllCores">, object> {
  const base = { plugins: [], categories: { correctness: "off" } };
  return {
    none: base,
    noop: { ...base, jsPlugins: [noopPlugin], rules: { "bench-noop/noop": "error" } },
    recommended: { ...base, jsPlugins: [require.resolve("eslint-plugin-mcp-tool-errors")], rules: plugin.configs.recommended.rules },
  };
}

interface OxlintJson {
  diagnostics: { code?: string; message: string }[];
  number_of_files: number;
}

/**
 * Every configuration `rounds` times in rotating order, on a copy of `corpus`'s `lintPatterns` folders.
 * (a)–(d) are single-threaded, so (e)–(g) run with `--threads=1`; (h) is oxlint's default, all cores.
 */
export function measureOxlint(corpus: string, lintPatterns: readonly string[], files: number, rounds: number): OxlintResult {
  const temp = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-bench-oxlint-"));
  try {
    const copy = path.join(temp, "corpus");
    for (const folder of lintPatterns) cpSync(path.join(corpus, folder), path.join(copy, folder), { recursive: true });
    mkdirSync(path.join(temp, "config"));
    const noopPlugin = path.join(temp, "config/noop-plugin.mjs");
    writeFileSync(noopPlugin, NOOP_PLUGIN);
    const configFiles = {} as Record<OxlintConfigName, string>;
    for (const [name, config] of Object.entries(configs(noopPlugin))) {
      configFiles[name as OxlintConfigName] = path.join(temp, `config/${name}.json`);
      writeFileSync(configFiles[name as OxlintConfigName], JSON.stringify(config));
    }
    configFiles.recommendedAllCores = configFiles.recommended;

    const run = (name: OxlintConfigName): { wall: number; problems: number } => {
      const threads = name === "recommendedAllCores" ? [] : ["--threads=1"];
      const start = performance.now();
      const result = spawnSync(OXLINT_BIN, ["-c", configFiles[name], "-f", "json", ...threads, ...lintPatterns], {
        cwd: copy,
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      });
      const wall = performance.now() - start;
      if (result.error) throw result.error;
      if (result.status !== 0 && result.status !== 1) throw new Error(`oxlint (${name}) exited ${String(result.status)}: ${result.stderr}`);
      const output = JSON.parse(result.stdout) as OxlintJson;
      if (output.number_of_files !== files)
        throw new Error(`oxlint (${name}) linted ${String(output.number_of_files)} files, expected ${String(files)}`);
      const failed = output.diagnostics.find((diagnostic) => !diagnostic.code?.startsWith(`${plugin.meta.namespace}(`));
      if (failed) throw new Error(`oxlint (${name}): ${failed.message}`);
      return { wall, problems: output.diagnostics.length };
    };

    const times = Object.fromEntries(OXLINT_CONFIG_NAMES.map((name) => [name, [] as number[]])) as Record<OxlintConfigName, number[]>;
    const problems = {} as Record<OxlintConfigName, number>;
    // One untimed run each: plugin loading and the file-system cache, as the ESLint warm-up does.
    for (const name of OXLINT_CONFIG_NAMES) problems[name] = run(name).problems;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < OXLINT_CONFIG_NAMES.length; i++) {
        const name = OXLINT_CONFIG_NAMES[(i + round) % OXLINT_CONFIG_NAMES.length] ?? "none";
        times[name].push(run(name).wall);
      }
    }
    const medianWallMs = Object.fromEntries(OXLINT_CONFIG_NAMES.map((name) => [name, median(times[name])])) as Record<
      OxlintConfigName,
      number
    >;
    return { rounds, medianWallMs, problems };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
