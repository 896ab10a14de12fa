// How much of the plugin's code a file's lint runs: the distinct functions of the build each file's lint calls, counted
// with V8's precise coverage. The rules' cold time follows this more than the instructions they execute: a function run
// once per file runs from memory again after every parse, one run in a loop from the caches (docs/benchmarks.md). A
// count, so two builds compare exactly, without the noise of a timing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Linter } from "eslint";
import { benchPreset, buildEntry, CORPUS_OPTIONS, ensureCorpus, floor, loadBuild, positiveInteger, presetOf } from "./corpus.js";
import { median } from "./median.js";

/** Files linted before counting: what the plugin does once per run (its settings, its patterns) is not a file's. */
const WARM_UP = 20;

const HELP = `Usage: npm run bench:footprint -- [<plugin>] [options]

  <plugin>          the entry file of the build to measure (default: this repository's dist/index.js)
  --size <n>        corpus size in tools (default 1000)
  --config <name>   the preset to run: recommended or all (default recommended)
  --top <n>         how many functions to list (default 25)
  -h, --help        print this and exit

Lints every file of the corpus from its text, the first ${String(WARM_UP)} to warm up, and counts which of the build's
functions each lint calls (V8's precise coverage, reset after every file). Prints the distinct functions per file
(mean, median, largest), the calls per file, the functions per file by module, and the functions run in the most
files. Deterministic: the same build and corpus give the same figures.`;

/** A function of the build, by module, name and place: one key per function however often V8 reports it. */
type FunctionKey = string;

interface FileCount {
  functions: number;
  calls: number;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      ...CORPUS_OPTIONS,
      top: { type: "string", default: "25" },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const size = positiveInteger("--size", values.size);
  const top = positiveInteger("--top", values.top);
  const presetName = benchPreset(values.config);
  const entry = buildEntry(positionals, HELP);
  // Every module of the build lies under the entry's folder; coverage reports them by URL.
  const buildUrl = `${pathToFileURL(path.dirname(entry)).href}/`;
  const preset = presetOf(await loadBuild(entry), presetName);
  const { dir, paths: files } = ensureCorpus(size);
  if (files.length <= WARM_UP)
    throw new Error(`--size ${String(size)} gives ${String(files.length)} files: more than ${String(WARM_UP)} are needed`);
  const config = [floor, preset];
  const linter = new Linter({ cwd: dir });

  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  const perFile: FileCount[] = [];
  /** In how many files each function ran, and how often in all. */
  const runs = new Map<FunctionKey, { files: number; calls: number }>();
  let problems = 0;
  for (const [index, file] of files.entries()) {
    problems += linter.verify(readFileSync(file, "utf8"), config, { filename: file }).length;
    // Taking the coverage resets its counters: each take holds one file's lint.
    const { result } = await session.post("Profiler.takePreciseCoverage");
    if (index < WARM_UP) continue;
    const count: FileCount = { functions: 0, calls: 0 };
    for (const script of result) {
      if (!script.url.startsWith(buildUrl)) continue;
      const module = script.url.slice(buildUrl.length);
      for (const fn of script.functions) {
        const calls = fn.ranges[0]?.count ?? 0;
        if (calls === 0) continue;
        count.functions++;
        count.calls += calls;
        const key = `${module} ${fn.functionName || "(anonymous)"}@${String(fn.ranges[0]?.startOffset ?? 0)}`;
        const known = runs.get(key) ?? { files: 0, calls: 0 };
        known.files++;
        known.calls += calls;
        runs.set(key, known);
      }
    }
    perFile.push(count);
  }
  await session.post("Profiler.stopPreciseCoverage");
  session.disconnect();

  const measured = perFile.length;
  const mean = (pick: (count: FileCount) => number): string => (perFile.reduce((sum, count) => sum + pick(count), 0) / measured).toFixed(1);
  const functions = perFile.map((count) => count.functions);
  console.log(
    `${entry}\n${presetName}, N=${String(size)}: ${String(measured)} files counted after ${String(WARM_UP)}; ${String(problems)} problems`,
  );
  console.log(
    `per file: ${mean((count) => count.functions)} distinct functions of the build (median ${String(median(functions))}, ` +
      `largest ${String(Math.max(...functions))}), ${mean((count) => count.calls)} calls`,
  );
  const byModule = new Map<string, number>();
  for (const [key, { files: inFiles }] of runs) {
    const module = key.slice(0, key.indexOf(" "));
    byModule.set(module, (byModule.get(module) ?? 0) + inFiles);
  }
  console.log("\nfunctions per file, by module:");
  for (const [module, total] of [...byModule].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(total / measured).toFixed(1).padStart(6)}  ${module}`);
  console.log(`\nthe ${String(top)} functions run in the most files (share of files, calls per file where run):`);
  for (const [key, { files: inFiles, calls }] of [...runs]
    .sort((a, b) => b[1].files - a[1].files || b[1].calls - a[1].calls)
    .slice(0, top)) {
    console.log(`  ${((100 * inFiles) / measured).toFixed(0).padStart(4)} %  ${(calls / inFiles).toFixed(1).padStart(6)}  ${key}`);
  }
}

try {
  await main();
} catch (error) {
  // A mistake in the arguments: the message says it, a stack would not help.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
