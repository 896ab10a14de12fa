// The benchmark of issue 6: what the plugin costs on top of parsing, in-process through ESLint's Node API.
// Configurations run interleaved in every round (rotating order), so drift on a busy machine hits them alike;
// each figure is a median. Peak RSS and per-rule times come from one child process per configuration.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { ESLint, type Linter, type Rule } from "eslint";
import plugin from "eslint-plugin-mcp-tool-errors";
import { coreRulesConfig } from "./core-rules-config.js";
import { CORPUS_ROOT, ensureCorpus, floor, LINT_PATTERNS, rulesOverParse, statsTimes } from "./corpus.js";
import { DEFAULT_SEED, generateToolFile } from "./generate-corpus.js";
import { median } from "./median.js";
import { measureOxlint, OXLINT_CONFIG_NAMES, OXLINT_LABEL, type OxlintConfigName, type OxlintResult } from "./oxlint.js";

const CONFIG_NAMES = ["floor", "noop", "recommended", "allUntyped", "coreRules"] as const;
type ConfigName = (typeof CONFIG_NAMES)[number];

const LABEL: Record<ConfigName, string> = {
  floor: "(a) parser only",
  noop: "(a1) + one no-op rule",
  recommended: "(b) + recommended",
  allUntyped: "(c) + all (untyped)",
  coreRules: "(d) + core rules only",
};

/** The generated tool whose 400-line variant is the editor-latency probe: a `server.tool` with a planted violation. */
const PROBE_INDEX = 13;
const PROBE_LINES = 400;

// ---------------------------------------------------------------- configurations

/**
 * The floor of issue 15: any rule with a listener switches on ESLint's per-node dispatch (`no-debugger` alone
 * costs about 12 %), so the plugin's own cost is measured over a rule that listens to `Program` and does nothing.
 */
const noop: Linter.Config = {
  name: "bench/noop",
  plugins: { "bench-noop": { rules: { noop: { meta: { type: "problem", schema: [] }, create: () => ({ Program() {} }) } } } },
  rules: { "bench-noop/noop": "error" },
};

/** Rules that need type information, which `configs.all` leaves out: the bench runs without a program. */
export const typedRules: string[] = Object.entries(plugin.rules)
  .filter(([, rule]) => (rule.meta?.docs as { requiresTypeChecking?: boolean } | undefined)?.requiresTypeChecking === true)
  .map(([name]) => `${plugin.meta.namespace}/${name}`);

const allUntyped: Linter.Config = { ...plugin.configs.all, name: "bench/all-untyped" };

const CONFIGS: Record<ConfigName, Linter.Config[]> = {
  floor: [floor],
  noop: [floor, noop],
  recommended: [floor, plugin.configs.recommended],
  allUntyped: [floor, allUntyped],
  coreRules: [floor, ...coreRulesConfig],
};

const execFileAsync = promisify(execFile);

const newEslint = (config: ConfigName, cwd: string, stats = false): ESLint =>
  new ESLint({ cwd, overrideConfigFile: true, overrideConfig: CONFIGS[config], cache: false, stats });

// ---------------------------------------------------------------- helpers

// Started with --expose-gc by `npm run bench`: collect before each timed run so one run's garbage is not
// charged to the next configuration.
const collectGarbage = (): void => {
  (globalThis as { gc?: () => void }).gc?.();
};

/**
 * Wall time and this process's CPU time (user + system) of `work`, in ms. Linting is single-threaded, so on
 * an idle machine they agree; on a shared one CPU time leaves out the time spent waiting for a core.
 */
async function timed(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  collectGarbage();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

const pct = (ratio: number): string => `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)}%`;
const ms = (value: number, digits = 1): string => value.toFixed(digits);

// ---------------------------------------------------------------- child: one cold run with stats

interface ChildReport {
  maxRssMiB: number;
  /** Problems per file with any (absolute paths): what (a2) reports again. */
  problemsByFile: Record<string, number>;
  wallMs: number;
  parseMs: number;
  ruleMs: Record<string, number>;
  problems: number;
  fatal: number;
}

/**
 * (a2), for memory only: the no-op rule reporting, in each file, as many problems as (c) did. ESLint keeps every
 * result until the end of the run, with the whole text of each file that has a problem, and V8 sizes the heap to
 * what is live; (a2) pays that retention without doing any of the plugin's work, so (c) against (a2) is the
 * plugin's own memory.
 */
function mirrorConfig(problemsByFile: Record<string, number>): Linter.Config {
  const mirror: Rule.RuleModule = {
    meta: { type: "problem", schema: [], messages: { planted: "A problem where configs.all reported one." } },
    create: (context) => ({
      Program(node) {
        for (let i = 0; i < (problemsByFile[context.filename] ?? 0); i++) context.report({ node, messageId: "planted" });
      },
    }),
  };
  return { name: "bench/mirror", plugins: { "bench-mirror": { rules: { mirror } } }, rules: { "bench-mirror/mirror": "error" } };
}

const PROC_STATUS = "/proc/self/status";

/**
 * This process's peak resident memory in MiB: on Linux `VmHWM` of /proc/self/status, elsewhere `maxRSS`. Linux's
 * `maxRSS` also keeps the high-water mark of the memory image that `exec` replaced, which for a spawned process is
 * its parent's at the fork: a cold run spawned after the in-process rounds read at least the bench process's own
 * size (the 2,448 MiB outlier of an early run). `VmHWM` counts only this process's image.
 */
function peakRssMiB(): number {
  const highWater = existsSync(PROC_STATUS) ? /^VmHWM:\s*(\d+) kB$/mu.exec(readFileSync(PROC_STATUS, "utf8"))?.[1] : undefined;
  // maxRSS is in KiB on Linux and macOS.
  return (highWater === undefined ? process.resourceUsage().maxRSS : Number(highWater)) / 1024;
}

async function childRun(config: ConfigName | "mirror", dir: string, countsFile?: string): Promise<ChildReport> {
  const eslint =
    config === "mirror"
      ? new ESLint({
          cwd: dir,
          overrideConfigFile: true,
          overrideConfig: [floor, mirrorConfig(JSON.parse(readFileSync(countsFile ?? "", "utf8")) as Record<string, number>)],
          cache: false,
          stats: true,
        })
      : newEslint(config, dir, true);
  const start = performance.now();
  const results = await eslint.lintFiles(LINT_PATTERNS);
  const wallMs = performance.now() - start;
  const { parseMs, ruleMs } = statsTimes(results);
  return {
    maxRssMiB: peakRssMiB(),
    wallMs,
    parseMs,
    ruleMs,
    problems: results.reduce((sum, result) => sum + result.messages.length, 0),
    problemsByFile: Object.fromEntries(
      results.filter((result) => result.messages.length > 0).map((result) => [result.filePath, result.messages.length]),
    ),
    fatal: results.reduce((sum, result) => sum + result.fatalErrorCount, 0),
  };
}

async function spawnChild(config: ConfigName | "mirror", dir: string, countsFile?: string): Promise<ChildReport> {
  const counts = countsFile === undefined ? [] : ["--counts", countsFile];
  const { stdout } = await execFileAsync(
    process.execPath,
    [fileURLToPath(import.meta.url), "--child", config, "--corpus", dir, ...counts],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as ChildReport;
}

// ---------------------------------------------------------------- measurements

interface SizeResult {
  size: number;
  files: number;
  lines: number;
  plantedViolations: number;
  rounds: number;
  /** Median CPU time of one full lint of the corpus, per configuration: the figure the targets use. */
  medianMs: Record<ConfigName, number>;
  msPerFile: Record<ConfigName, number>;
  medianWallMs: Record<ConfigName, number>;
  /** (x - a) / a from the medians. */
  overhead: Record<ConfigName, number>;
  /** (x - a1) / a1 from the medians: the plugin's own cost over the no-op floor. */
  overNoop: Record<ConfigName, number>;
  /** Median over rounds of the same ratio within one round: a cross-check on the medians. */
  pairedOverhead: Record<ConfigName, number>;
  problems: Record<ConfigName, number>;
  child: Record<ConfigName, ChildReport>;
  /** Median peak RSS over `coldRuns` cold runs, each in its own process, of the configurations the memory targets compare. */
  peakRssMiB: Record<"noop" | "allUntyped" | "mirror", number>;
  /** Median over the same cold runs of (b)'s rules / parse in ESLint's stats. */
  rulesOverParse: number;
  coldRuns: number;
  grep: { medianMs: number; matches: number };
  oxlint: OxlintResult;
}

const WARM_UP_FILES = 600;
/** Files each configuration has linted in this process so far; cold runs per configuration a cold target reads. */
const warmUp = { files: 0, smoke: false, coldRuns: 3 };

/**
 * What the targets of cold runs read: the floor, (b)'s rules / parse, (c), and (a2), which reports (c)'s problems
 * without doing its work.
 */
const COLD_CONFIG_NAMES = ["noop", "recommended", "allUntyped", "mirror"] as const;
type ColdConfigName = (typeof COLD_CONFIG_NAMES)[number];

async function measureSize(size: number, rounds: number, log: (line: string) => void): Promise<SizeResult> {
  const { dir, manifest, files } = ensureCorpus(size);
  const lines = manifest.tools.reduce((sum, tool) => sum + tool.lines, 0);
  const engines = Object.fromEntries(CONFIG_NAMES.map((name) => [name, newEslint(name, dir)])) as Record<ConfigName, ESLint>;
  const times = Object.fromEntries(CONFIG_NAMES.map((name) => [name, [] as number[]])) as Record<ConfigName, number[]>;
  const wallTimes = Object.fromEntries(CONFIG_NAMES.map((name) => [name, [] as number[]])) as Record<ConfigName, number[]>;
  const problems = {} as Record<ConfigName, number>;

  // Warm-up: JIT, module caches, file-system cache; also proves every file parses. The JIT needs about
  // WARM_UP_FILES files per configuration; later (larger) sizes run in the same, already warm process.
  const passes = warmUp.smoke ? 1 : Math.max(1, Math.ceil((WARM_UP_FILES - warmUp.files) / files));
  for (let pass = 0; pass < passes; pass++) {
    for (const name of CONFIG_NAMES) {
      const results = await engines[name].lintFiles(LINT_PATTERNS);
      const fatal = results.filter((result) => result.fatalErrorCount > 0);
      if (fatal.length > 0) throw new Error(`${String(fatal.length)} corpus files do not parse, first: ${fatal[0]?.filePath ?? ""}`);
      if (results.length !== files) throw new Error(`linted ${String(results.length)} files, expected ${String(files)}`);
      problems[name] = results.reduce((sum, result) => sum + result.messages.length, 0);
    }
  }
  warmUp.files += passes * files;
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no configuration always runs first (or right after the floor).
    const order = CONFIG_NAMES.map((_, i) => CONFIG_NAMES[(i + round) % CONFIG_NAMES.length] ?? "floor");
    for (const name of order) {
      const { wall, cpu } = await timed(() => engines[name].lintFiles(LINT_PATTERNS));
      times[name].push(cpu);
      wallTimes[name].push(wall);
    }
    const last = (name: ConfigName): string => `${name} ${ms(times[name].at(-1) ?? 0, 0)}/${ms(wallTimes[name].at(-1) ?? 0, 0)}`;
    log(`  N=${String(size)} round ${String(round + 1)}/${String(rounds)} (cpu/wall ms): ${CONFIG_NAMES.map(last).join(", ")}`);
  }

  const medianMs = {} as Record<ConfigName, number>;
  const msPerFile = {} as Record<ConfigName, number>;
  const medianWallMs = {} as Record<ConfigName, number>;
  const overhead = {} as Record<ConfigName, number>;
  const overNoop = {} as Record<ConfigName, number>;
  const pairedOverhead = {} as Record<ConfigName, number>;
  for (const name of CONFIG_NAMES) {
    medianMs[name] = median(times[name]);
    medianWallMs[name] = median(wallTimes[name]);
  }
  for (const name of CONFIG_NAMES) {
    msPerFile[name] = medianMs[name] / files;
    overhead[name] = (medianMs[name] - medianMs.floor) / medianMs.floor;
    overNoop[name] = (medianMs[name] - medianMs.noop) / medianMs.noop;
    pairedOverhead[name] = median(times[name].map((time, i) => (time - (times.floor[i] ?? Number.NaN)) / (times.floor[i] ?? Number.NaN)));
  }

  const child = {} as Record<ConfigName, ChildReport>;
  if (warmUp.smoke) {
    // The smoke run only proves the path works: in parallel, to stay well under a minute.
    const reports = await Promise.all(CONFIG_NAMES.map((name) => spawnChild(name, dir)));
    CONFIG_NAMES.forEach((name, i) => (child[name] = reports[i] ?? child[name]));
  } else {
    // One at a time: the per-rule times are absolute and must not compete for the cores.
    for (const name of CONFIG_NAMES) child[name] = await spawnChild(name, dir);
  }
  // One cold run's peak RSS moves by a third from run to run on a busy machine (the floor alone: 523 and 760 MiB at
  // N=5000), with when V8's collections happen to run, and its rules / parse by a fifth: the targets of cold runs
  // take medians.
  const countsFile = path.join(tmpdir(), `mcp-tool-errors-bench-problems-${String(process.pid)}-${String(size)}.json`);
  writeFileSync(countsFile, JSON.stringify(child.allUntyped.problemsByFile));
  const cold: Record<ColdConfigName, ChildReport[]> = {
    noop: [child.noop],
    recommended: [child.recommended],
    allUntyped: [child.allUntyped],
    mirror: [],
  };
  for (let run = 0; run < warmUp.coldRuns; run++) {
    for (const name of COLD_CONFIG_NAMES) {
      if (cold[name].length > run) continue;
      const report = await spawnChild(name, dir, countsFile);
      if (report.problems !== child[name === "mirror" ? "allUntyped" : name].problems) {
        throw new Error(`${name} reported ${String(report.problems)} problems in a cold run, not the figure of its stats run`);
      }
      cold[name].push(report);
    }
  }
  rmSync(countsFile);
  const rss = (name: ColdConfigName): number => median(cold[name].map((report) => report.maxRssMiB));
  const peakRssMiB = { noop: rss("noop"), allUntyped: rss("allUntyped"), mirror: rss("mirror") };
  log(
    `  N=${String(size)} cold runs, peak RSS MiB: ${COLD_CONFIG_NAMES.map((name) => `${name} ${cold[name].map((report) => ms(report.maxRssMiB, 0)).join("/")}`).join(", ")}; (b) rules / parse: ${cold.recommended.map((report) => pct(rulesOverParse(report))).join("/")}`,
  );

  const grepTimes: number[] = [];
  let matches = 0;
  for (let round = 0; round < Math.max(rounds, 5); round++) {
    const start = performance.now();
    const grep = spawnSync("grep", ["-rn", "ErrorCodes\\.", "src/tools"], { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    grepTimes.push(performance.now() - start);
    if (grep.status !== 0 && grep.status !== 1) throw new Error(`grep failed: ${grep.stderr}`);
    matches = grep.stdout === "" ? 0 : grep.stdout.trimEnd().split("\n").length;
  }

  const oxlint = measureOxlint(dir, LINT_PATTERNS, files, rounds);
  log(
    `  N=${String(size)} oxlint (wall ms): ${OXLINT_CONFIG_NAMES.map((name) => `${name} ${ms(oxlint.medianWallMs[name], 0)}`).join(", ")}`,
  );
  if (oxlint.problems.recommended !== problems.recommended) {
    throw new Error(
      `oxlint found ${String(oxlint.problems.recommended)} problems with recommended, ESLint ${String(problems.recommended)}`,
    );
  }

  return {
    size,
    files,
    lines,
    plantedViolations: manifest.tools.filter((tool) => tool.violation !== null).length,
    rounds,
    medianMs,
    msPerFile,
    medianWallMs,
    overhead,
    overNoop,
    pairedOverhead,
    problems,
    child,
    peakRssMiB,
    rulesOverParse: median(cold.recommended.map(rulesOverParse)),
    coldRuns: warmUp.coldRuns,
    grep: { medianMs: median(grepTimes), matches },
    oxlint,
  };
}

interface LatencyResult {
  lines: number;
  runs: number;
  /** Median CPU ms per lintText call. */
  medianMs: { floor: number; recommended: number };
  overhead: number;
  problems: number;
}

/** The editor's path: the same 400-line tool file through `lintText`, floor and recommended alternating. */
async function measureLatency(dir: string, runs: number): Promise<LatencyResult> {
  const probe = generateToolFile(DEFAULT_SEED, PROBE_INDEX, PROBE_LINES);
  const filePath = path.join(dir, "src/tools/editor/probe.ts");
  const engines = { floor: newEslint("floor", dir), recommended: newEslint("recommended", dir) };
  const times = { floor: [] as number[], recommended: [] as number[] };
  let problems = 0;
  for (let i = 0; i < 20; i++) {
    await engines.floor.lintText(probe.text, { filePath });
    problems = (await engines.recommended.lintText(probe.text, { filePath }))[0]?.messages.length ?? 0;
  }
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (["floor", "recommended"] as const) : (["recommended", "floor"] as const);
    for (const name of order) {
      times[name].push((await timed(() => engines[name].lintText(probe.text, { filePath }))).cpu);
    }
  }
  const medianMs = { floor: median(times.floor), recommended: median(times.recommended) };
  return { lines: probe.lines, runs, medianMs, overhead: (medianMs.recommended - medianMs.floor) / medianMs.floor, problems };
}

// ---------------------------------------------------------------- targets and report

interface Target {
  name: string;
  measured: string;
  pass: boolean | undefined;
}

type TypedRule = "no-throwing-call-in-tool-handler" | "no-floating-promises";

/**
 * The type-aware rule against the typed floor and `no-floating-promises`: scripts/bench-typed.js. Wall ms medians,
 * each rule's median cost over the floor of its own round, and its median time in ESLint's stats.
 */
interface TypedResult {
  n: number;
  runs: number;
  medianMs: Record<"floor" | TypedRule, number>;
  medianCostMs: Record<TypedRule, number>;
  medianRuleMs: Record<TypedRule, number>;
  output: string;
}

const TYPED_SCRIPT = path.resolve(CORPUS_ROOT, "../../scripts/bench-typed.js");

function measureTyped(n: number, runs: number): TypedResult {
  const run = spawnSync(process.execPath, [TYPED_SCRIPT, String(n), String(runs), "--json"], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`scripts/bench-typed.js failed: ${run.stderr}`);
  const lines = run.stdout.trimEnd().split("\n");
  const parsed = JSON.parse(lines.at(-1) ?? "") as Omit<TypedResult, "output">;
  return { ...parsed, output: lines.slice(0, -1).join("\n") };
}

/** Issue 15's targets, exactly; "the floor" is (a1), the parser with one no-op rule. */
function checkTargets(sizes: readonly SizeResult[], typed: TypedResult | undefined): Target[] {
  const at = (size: number): SizeResult | undefined => sizes.find((result) => result.size === size);
  const n1000 = at(1000);
  const n200 = at(200);
  const n5000 = at(5000);
  const linear = n200 && n5000 ? n5000.msPerFile.recommended / n200.msPerFile.recommended : undefined;
  const rss = (result: SizeResult | undefined, over: "noop" | "mirror"): number | undefined =>
    result ? result.peakRssMiB.allUntyped / result.peakRssMiB[over] : undefined;
  // Each cost is read against the floor of its own round: the rounds drift more than the rules cost.
  const typedCost = typed
    ? { rule: typed.medianCostMs["no-throwing-call-in-tool-handler"], nfp: typed.medianCostMs["no-floating-promises"] }
    : undefined;
  const target = (name: string, value: number | undefined, limit: number, show: (v: number) => string): Target => ({
    name,
    measured: value === undefined ? "not measured" : show(value),
    pass: value === undefined ? undefined : value <= limit,
  });
  const times = (v: number): string => `${v.toFixed(2)}x`;
  return [
    target("(b) over (a1) at N=1000 <= 3%", n1000?.overNoop.recommended, 0.03, pct),
    target("(b) rules / parse (ESLint stats, median of cold runs) at N=1000 <= 2%", n1000?.rulesOverParse, 0.02, pct),
    target("(c) over (a1) at N=1000 <= 5%", n1000?.overNoop.allUntyped, 0.05, pct),
    target(
      `typed (N=${String(typed?.n ?? "-")}): no-throwing-call-in-tool-handler over typed floor <= no-floating-promises'`,
      typedCost ? typedCost.rule - typedCost.nfp : undefined,
      0,
      (v) =>
        `${ms((typedCost?.rule ?? 0) / 1000, 2)} s vs ${ms((typedCost?.nfp ?? 0) / 1000, 2)} s (${v > 0 ? "+" : ""}${ms(v / 1000, 2)} s)`,
    ),
    target(
      "oxlint (g) <= 2x (f) at N=1000",
      n1000 ? n1000.oxlint.medianWallMs.recommended / n1000.oxlint.medianWallMs.noop : undefined,
      2,
      times,
    ),
    target("peak RSS (c) <= 1.1x (a1) at N=1000", rss(n1000, "noop"), 1.1, times),
    target("peak RSS (c) <= 1.1x (a1) at N=5000", rss(n5000, "noop"), 1.1, times),
    // Issue 15's memory target, separated from ESLint's keeping of results: (a2) reports where (c) does.
    target("peak RSS (c) <= 1.1x (a2) at N=1000", rss(n1000, "mirror"), 1.1, times),
    target("peak RSS (c) <= 1.1x (a2) at N=5000", rss(n5000, "mirror"), 1.1, times),
    target("ms/file at N=5000 <= 1.1x N=200 (b)", linear, 1.1, times),
  ];
}

/** One oxlint row, set against its ESLint counterpart: no rules (a), the no-op rule (a1), the plugin (b). */
function oxlintRow(result: SizeResult, name: OxlintConfigName): string {
  const eslint = name === "none" ? "floor" : name === "noop" ? "noop" : "recommended";
  const wall = result.oxlint.medianWallMs[name];
  const ratio = `${(result.medianWallMs[eslint] / wall).toFixed(1)}× vs ${LABEL[eslint].split(" ")[0] ?? ""}`;
  return `| ${String(result.size)} (${String(result.files)}) | ${OXLINT_LABEL[name]} | ${ms(wall, 0)} | ${ms(wall / result.files, 3)} | ${ratio} | ${String(result.oxlint.problems[name])} |`;
}

function report(sizes: readonly SizeResult[], latency: LatencyResult, typed: TypedResult | undefined, targets: readonly Target[]): string {
  const out: string[] = [];
  out.push(
    `Node ${process.version}, ${String(availableParallelism())} CPUs; rules left out of (c) as type-aware: ${typedRules.length === 0 ? "none" : typedRules.join(", ")}`,
  );
  out.push("");
  out.push(
    "| N tools (files) | configuration | CPU ms | CPU ms/file | overhead vs (a) | paired | vs (a1) | wall ms | problems | peak RSS MiB |",
  );
  out.push("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const result of sizes) {
    for (const name of CONFIG_NAMES) {
      out.push(
        `| ${String(result.size)} (${String(result.files)}) | ${LABEL[name]} | ${ms(result.medianMs[name], 0)} | ${ms(result.msPerFile[name], 3)} | ${name === "floor" ? "" : pct(result.overhead[name])} | ${name === "floor" ? "" : pct(result.pairedOverhead[name])} | ${name === "floor" || name === "noop" ? "" : pct(result.overNoop[name])} | ${ms(result.medianWallMs[name], 0)} | ${String(result.problems[name])} | ${ms(result.child[name].maxRssMiB, 0)} |`,
      );
    }
    out.push(
      `| ${String(result.size)} (${String(result.files)}) | grep -rn "ErrorCodes\\." src/tools | ${ms(result.grep.medianMs, 1)} | ${ms(result.grep.medianMs / result.files, 4)} | | | | (wall) | ${String(result.grep.matches)} lines | |`,
    );
  }
  out.push("");
  out.push(
    "Peak RSS MiB, median of cold runs each in its own process; (a2) is the floor with a no-op rule that reports, in each file, as many problems as (c) (ESLint keeps every result, with the text of each file that has a problem, until the run ends):",
  );
  out.push("");
  out.push("| N tools (files) | cold runs | (a1) | (c) | (a2) | (c) ÷ (a1) | (c) ÷ (a2) |");
  out.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const result of sizes) {
    const { noop: a1, allUntyped: c, mirror: a2 } = result.peakRssMiB;
    out.push(
      `| ${String(result.size)} (${String(result.files)}) | ${String(result.coldRuns)} | ${ms(a1, 0)} | ${ms(c, 0)} | ${ms(a2, 0)} | ${(c / a1).toFixed(2)}x | ${(c / a2).toFixed(2)}x |`,
    );
  }
  out.push("");
  out.push(
    "oxlint's CLI on a copy of the corpus outside bench/.corpus (which is git-ignored, and oxlint skips those), wall ms of one run including process start, median over rounds; ESLint's figure is the in-process wall median above:",
  );
  out.push("");
  out.push("| N tools (files) | configuration | wall ms | wall ms/file | ESLint ÷ oxlint | problems |");
  out.push("| --- | --- | ---: | ---: | ---: | ---: |");
  out.push(...sizes.flatMap((result) => OXLINT_CONFIG_NAMES.map((name) => oxlintRow(result, name))));
  out.push("");
  out.push("Rule time from ESLint stats (one cold run per configuration in its own process), ms over the corpus:");
  out.push("");
  out.push("| N | configuration | parse | rules total | rules / parse | slowest rules |");
  out.push("| --- | --- | ---: | ---: | ---: | --- |");
  for (const result of sizes) {
    for (const name of CONFIG_NAMES) {
      const child = result.child[name];
      const rules = Object.entries(child.ruleMs).sort(([, x], [, y]) => y - x);
      const total = rules.reduce((sum, [, time]) => sum + time, 0);
      const top = rules
        .slice(0, 4)
        .map(([rule, time]) => `${rule} ${ms(time)}`)
        .join(", ");
      out.push(
        `| ${String(result.size)} | ${LABEL[name]} | ${ms(child.parseMs, 0)} | ${ms(total)} | ${pct(rulesOverParse(child))} | ${top || "-"} |`,
      );
    }
  }
  out.push("");
  out.push(
    `Editor latency (lintText, ${String(latency.lines)}-line tool file, ${String(latency.runs)} runs each, alternating, CPU ms per call): floor ${ms(latency.medianMs.floor, 2)} ms, recommended ${ms(latency.medianMs.recommended, 2)} ms (${pct(latency.overhead)}), ${String(latency.problems)} problems reported`,
  );
  if (typed) {
    out.push("");
    out.push(
      `Type-aware rule (\`node scripts/bench-typed.js ${String(typed.n)} ${String(typed.runs)}\`, wall, fresh process per run, variants interleaved):`,
    );
    out.push("");
    out.push("```", typed.output, "```");
  }
  out.push("");
  out.push("| target | measured | result |");
  out.push("| --- | --- | --- |");
  for (const target of targets)
    out.push(`| ${target.name} | ${target.measured} | ${target.pass === undefined ? "skipped" : target.pass ? "pass" : "MISSED"} |`);
  return out.join("\n");
}

// ---------------------------------------------------------------- main

const HELP = `Usage: npm run bench -- [options]

  --sizes <list>        corpus sizes in tools, comma-separated (default 200,1000,5000)
  --rounds <n>          timed rounds per size (default 5; sizes over 1000 get a third, at least 2)
  --latency-runs <n>    lintText calls per configuration for the editor latency (default 100)
  --typed-size <n>      tool files of the type-aware bench, scripts/bench-typed.js (default 1000)
  --typed-runs <n>      runs per variant of the type-aware bench (default 3)
  --check               exit 1 when one of issue 15's targets is missed (targets needing a size not run are skipped)
  --smoke               N=50, one round, no type-aware bench, no targets (CI)
  --cold-runs <n>       cold runs of (a1), (b), (c) and (a2), each in its own process: the memory targets and (b)'s
                        rules / parse take their medians (default 3)
  --json <file>         also write every figure to <file>
  -h, --help            print this and exit`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "200,1000,5000" },
      rounds: { type: "string", default: "5" },
      "latency-runs": { type: "string", default: "100" },
      check: { type: "boolean", default: false },
      smoke: { type: "boolean", default: false },
      json: { type: "string" },
      child: { type: "string" },
      corpus: { type: "string" },
      counts: { type: "string" },
      "cold-runs": { type: "string", default: "3" },
      "typed-size": { type: "string", default: "1000" },
      "typed-runs": { type: "string", default: "3" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values.child !== undefined) {
    const config = [...CONFIG_NAMES, "mirror" as const].find((name) => name === values.child);
    if (!config || values.corpus === undefined || (config === "mirror" && values.counts === undefined)) {
      throw new Error(`--child needs one of ${CONFIG_NAMES.join(", ")} or mirror (with --counts), and --corpus`);
    }
    process.stdout.write(JSON.stringify(await childRun(config, values.corpus, values.counts)));
    return;
  }
  const sizes = values.smoke ? [50] : values.sizes.split(",").map((size) => Number(size.trim()));
  const rounds = values.smoke ? 1 : Number(values.rounds);
  const latencyRuns = values.smoke ? 10 : Number(values["latency-runs"]);
  const typedSize = Number(values["typed-size"]);
  const typedRuns = Number(values["typed-runs"]);
  const coldRuns = values.smoke ? 1 : Number(values["cold-runs"]);
  for (const value of [...sizes, rounds, latencyRuns, typedSize, typedRuns, coldRuns]) {
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(
        `sizes, --rounds, --latency-runs, --typed-size, --typed-runs and --cold-runs must be positive integers, got ${String(value)}`,
      );
    }
  }
  const log = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };

  warmUp.smoke = values.smoke;
  warmUp.coldRuns = coldRuns;
  const results: SizeResult[] = [];
  // Ascending, so the JIT is warm for the large sizes; those get fewer rounds (a round at N=5000 takes minutes).
  for (const size of [...sizes].sort((x, y) => x - y)) {
    const sizeRounds = size > 1000 ? Math.max(2, Math.ceil(rounds / 3)) : rounds;
    log(`N=${String(size)}: ${String(sizeRounds)} rounds`);
    results.push(await measureSize(size, sizeRounds, log));
  }
  const latencyDir = ensureCorpus(sizes[0] ?? 50).dir;
  const latency = await measureLatency(latencyDir, latencyRuns);
  let typed: TypedResult | undefined;
  if (!values.smoke) {
    log(`typed: scripts/bench-typed.js ${String(typedSize)} ${String(typedRuns)}`);
    typed = measureTyped(typedSize, typedRuns);
  }
  const targets = values.smoke ? [] : checkTargets(results, typed);
  console.log(report(results, latency, typed, targets));
  if (values.json !== undefined) {
    writeFileSync(
      values.json,
      `${JSON.stringify({ node: process.version, typedRules, sizes: results, latency, typed, targets }, null, 2)}\n`,
    );
  }
  if (values.check && targets.some((target) => target.pass === false)) {
    log("bench: a target was missed (see the table); profile with node --cpu-prof bench/.corpus/.build/run.js");
    process.exitCode = 1;
  }
}

await main();
