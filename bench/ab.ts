// Two builds of the plugin compared in one process, for a change to its speed: `npm run bench` takes over an hour
// and one cold run's figures move by a tenth on a busy machine, while here both builds lint the same corpus in
// alternating rounds, so drift hits them alike, and ESLint's stats give each rule's time.
import { parseArgs } from "node:util";
import { ESLint } from "eslint";
import {
  benchPreset,
  type BenchPreset,
  ensureCorpus,
  floor,
  LINT_PATTERNS,
  loadBuild,
  type PluginBuild,
  positiveInteger,
  presetOf,
  statsTimes,
  type StatsTimes,
  totalRuleMs,
} from "./corpus.js";
import { median } from "./median.js";

const HELP = `Usage: npm run bench:ab -- <plugin A> <plugin B> [options]

  <plugin A>, <plugin B>  the entry file of each build (dist/index.js of a worktree, say)
  --size <n>              corpus size in tools (default 1000)
  --rounds <n>            rounds; each lints the corpus once with each build (default 6)
  --config <name>         the preset to run: recommended or all (default recommended)
  -h, --help              print this and exit

Prints each round's rules / parse in ESLint's stats, then the median time of each rule and of all rules, and
B / A, and the spread of B / A within each round (a difference inside it may be the machine's drift). Both builds
must report the same problems: a speed change that changes findings is not one.`;

interface RoundFigures extends StatsTimes {
  problems: number;
}

async function lintOnce(build: PluginBuild, preset: BenchPreset, dir: string): Promise<RoundFigures> {
  const config = presetOf(build, preset);
  (globalThis as { gc?: () => void }).gc?.();
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [floor, config], cache: false, stats: true });
  const results = await eslint.lintFiles(LINT_PATTERNS);
  return { ...statsTimes(results), problems: results.reduce((sum, result) => sum + result.messages.length, 0) };
}

const total = (figures: RoundFigures): number => totalRuleMs(figures.ruleMs);
/** The rules' time as a percentage of parse time. */
const share = (figures: RoundFigures): number => (100 * total(figures)) / figures.parseMs;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      size: { type: "string", default: "1000" },
      rounds: { type: "string", default: "6" },
      config: { type: "string", default: "recommended" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const [fileA, fileB] = [positionals.at(0), positionals.at(1)];
  if (fileA === undefined || fileB === undefined || positionals.length !== 2)
    throw new Error(`two plugin entry files are needed\n\n${HELP}`);
  const size = positiveInteger("--size", values.size);
  const rounds = positiveInteger("--rounds", values.rounds);
  const preset = benchPreset(values.config);
  const builds = { A: await loadBuild(fileA), B: await loadBuild(fileB) };
  const { dir, files } = ensureCorpus(size);
  console.log(`A: ${fileA}\nB: ${fileB}\n${preset}, N=${String(size)} (${String(files)} files), ${String(rounds)} rounds`);
  const seen: Record<"A" | "B", RoundFigures[]> = { A: [], B: [] };
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
      const figures = await lintOnce(builds[name], preset, dir);
      seen[name].push(figures);
      console.log(
        `round ${String(round + 1)} ${name}: parse ${figures.parseMs.toFixed(0)} ms, rules ${total(figures).toFixed(0)} ms (${share(figures).toFixed(2)} %)`,
      );
    }
  }
  const problems = { A: seen.A[0]?.problems, B: seen.B[0]?.problems };
  if (problems.A !== problems.B) throw new Error(`A reported ${String(problems.A)} problems, B ${String(problems.B)}`);
  const rules = [...new Set([...seen.A, ...seen.B].flatMap((figures) => Object.keys(figures.ruleMs)))].sort();
  const medianOf = (name: "A" | "B", time: (figures: RoundFigures) => number): number => median(seen[name].map(time));
  console.log("\nmedian ms | A | B | B / A");
  for (const rule of [...rules, "all rules"]) {
    const time = (figures: RoundFigures): number => (rule === "all rules" ? total(figures) : (figures.ruleMs[rule] ?? 0));
    const [a, b] = [medianOf("A", time), medianOf("B", time)];
    console.log(`${rule} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(3)}`);
  }
  console.log(`rules / parse, median % | ${medianOf("A", share).toFixed(2)} | ${medianOf("B", share).toFixed(2)} |`);
  // Each round's own B / A: their spread says how much of the medians' difference the machine's drift could make.
  const paired = seen.B.map((figures, round) => total(figures) / total(seen.A[round] ?? figures));
  console.log(
    `all rules, B / A within each round: median ${median(paired).toFixed(3)}, from ${Math.min(...paired).toFixed(3)} to ${Math.max(...paired).toFixed(3)}`,
  );
  console.log(`problems: ${String(problems.A)} each`);
}

try {
  await main();
} catch (error) {
  // A mistake in the arguments or a difference in findings: the message says it, a stack would not help.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
