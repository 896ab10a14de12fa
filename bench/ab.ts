// Two builds of the plugin compared in one process, for a change to its speed: `npm run bench` takes over an hour
// and one cold run's figures move by a tenth on a busy machine. Here both builds lint every file of the corpus in
// turn, each from its text (parse, then rules), the order alternating from file to file and round to round, so the
// machine's drift hits them alike; ESLint's stats give each rule's time and each file's.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ESLint } from "eslint";
import {
  addPassTimes,
  benchPreset,
  CORPUS_OPTIONS,
  ensureCorpus,
  floor,
  loadBuild,
  positiveInteger,
  presetOf,
  rulesOverParse,
  type StatsTimes,
  totalRuleMs,
} from "./corpus.js";
import { median } from "./median.js";

const HELP = `Usage: npm run bench:ab -- <plugin A> <plugin B> [options]

  <plugin A>, <plugin B>  the entry file of each build (dist/index.js of a worktree, say)
  --size <n>              corpus size in tools (default 1000)
  --rounds <n>            rounds; in each, both builds lint every file once (default 2)
  --config <name>         the preset to run: recommended or all (default recommended)
  -h, --help              print this and exit

Prints each round's rules / parse in ESLint's stats, each rule's time over all rounds with B / A, then the figures
to judge by: the median of the files' rule times and their sum without the slowest 1 % of files (where a
collection that lands in a rule's time sits), each with B / A. Both builds must report the same problems: a speed
change that changes findings is not one.`;

/** What one build's lints add up to: parse and rule times, problems, and each file's rule time. */
interface BuildFigures extends StatsTimes {
  problems: number;
  fileRuleMs: number[];
}

const newFigures = (): BuildFigures => ({ parseMs: 0, ruleMs: {}, problems: 0, fileRuleMs: [] });

/** One lint of `text` as the file `filePath`, added to `figures` and to `round`. */
async function lintFile(eslint: ESLint, text: string, filePath: string, figures: BuildFigures, round: StatsTimes): Promise<void> {
  const results = await eslint.lintText(text, { filePath });
  for (const result of results) {
    const file: StatsTimes = { parseMs: 0, ruleMs: {} };
    const passes = result.stats?.times.passes ?? [];
    addPassTimes(passes, file);
    addPassTimes(passes, figures);
    addPassTimes(passes, round);
    figures.fileRuleMs.push(totalRuleMs(file.ruleMs));
    figures.problems += result.messages.length;
  }
}

/** The sum of `values` without the largest 1 %: a file whose rules a garbage collection interrupted is left out. */
function sumWithoutSlowest(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.slice(0, sorted.length - Math.floor(sorted.length / 100)).reduce((sum, value) => sum + value, 0);
}

/** The rules' time as a percentage of parse time. */
const share = (times: StatsTimes): number => 100 * rulesOverParse(times);

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      ...CORPUS_OPTIONS,
      rounds: { type: "string", default: "2" },
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
  const { dir, paths } = ensureCorpus(size);
  const files = paths.map((filePath) => ({ filePath, text: readFileSync(filePath, "utf8") }));
  const eslintOf = async (file: string): Promise<ESLint> =>
    new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [floor, presetOf(await loadBuild(file), preset)],
      cache: false,
      stats: true,
    });
  const builds = { A: await eslintOf(fileA), B: await eslintOf(fileB) };
  console.log(`A: ${fileA}\nB: ${fileB}\n${preset}, N=${String(size)} (${String(files.length)} files), ${String(rounds)} rounds`);
  const figures = { A: newFigures(), B: newFigures() };
  for (let round = 0; round < rounds; round++) {
    (globalThis as { gc?: () => void }).gc?.();
    const times = { A: { parseMs: 0, ruleMs: {} }, B: { parseMs: 0, ruleMs: {} } };
    for (const [index, { filePath, text }] of files.entries()) {
      for (const name of (index + round) % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
        await lintFile(builds[name], text, filePath, figures[name], times[name]);
      }
    }
    const [a, b] = [totalRuleMs(times.A.ruleMs), totalRuleMs(times.B.ruleMs)];
    console.log(
      `round ${String(round + 1)}: A rules ${a.toFixed(0)} ms (${share(times.A).toFixed(2)} %), B ${b.toFixed(0)} ms (${share(times.B).toFixed(2)} %)`,
    );
  }
  const { A, B } = figures;
  if (A.problems !== B.problems) throw new Error(`A reported ${String(A.problems)} problems, B ${String(B.problems)}`);
  const ratio = (b: number, a: number): string => (b / a).toFixed(3);
  console.log("\nms, all rounds | A | B | B / A");
  for (const rule of [...new Set([...Object.keys(A.ruleMs), ...Object.keys(B.ruleMs)])].sort()) {
    const [a, b] = [A.ruleMs[rule] ?? 0, B.ruleMs[rule] ?? 0];
    console.log(`${rule} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${ratio(b, a)}`);
  }
  console.log(`rules / parse % | ${share(A).toFixed(2)} | ${share(B).toFixed(2)} |`);
  const [medianA, medianB] = [median(A.fileRuleMs) * 1000, median(B.fileRuleMs) * 1000];
  console.log(`median file's rules, µs | ${medianA.toFixed(1)} | ${medianB.toFixed(1)} | ${ratio(medianB, medianA)}`);
  const [sumA, sumB] = [sumWithoutSlowest(A.fileRuleMs), sumWithoutSlowest(B.fileRuleMs)];
  console.log(`rules without the slowest 1 % of files, ms | ${sumA.toFixed(1)} | ${sumB.toFixed(1)} | ${ratio(sumB, sumA)}`);
  console.log(`problems: ${String(A.problems)} each`);
}

try {
  await main();
} catch (error) {
  // A mistake in the arguments or a difference in findings: the message says it, a stack would not help.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
