// How much of the rules' time in ESLint's stats is the rules' own work, and how much is running right after a parse:
// each file is linted from its text (the parse, then the rules, as in every lint), later again from the parsed
// source code right after another file's rules (the same rules on the same tree, with the plugin's code warm), and
// again right after another file's parse (the same tree, but a parse in between, as in a lint).
import { readFileSync } from "node:fs";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { Rule } from "eslint";
import { Linter } from "eslint";
import {
  addPassTimes,
  benchPreset,
  buildEntry,
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

/** Files parsed and kept before they are linted again: a batch's first file then follows its last one's lint. */
const BATCH = 50;

const HELP = `Usage: npm run bench:warm -- [<plugin>] [options]

  <plugin>          the entry file of the build to measure (default: this repository's dist/index.js)
  --size <n>        corpus size in tools (default 1000)
  --config <name>   the preset to run: recommended or all (default recommended)
  --gc              also print how much of the first lints' rule time was garbage collection (a timer around every
                    create() and listener call: read the rule times from a run without it)
  -h, --help        print this and exit

Lints the corpus in batches of ${String(BATCH)} files: each file from its text (parse, then rules), then each again from
its parsed source code (rules only, each right after another file's rules), then each once more right after the
next file's parse with the floor alone. Prints each rule's time in ESLint's stats in the three, and rules / parse.
The first is what a lint pays and what the bench's targets measure; the second is the same work with no parse in
between, the plugin's code and data still in the CPU's caches; the third puts a parse back in between, on a tree
that is no longer new, to tell the parse's effect from the new tree's.`;

interface PassFigures extends StatsTimes {
  problems: number;
}

/** Start and end times (performance.now()) of the plugin's create() and listener calls, while `recording`. */
interface RuleWindows {
  recording: boolean;
  times: number[];
}

/**
 * `preset` with each of its plugins' rules timed into `windows`: every create() call, and every call of the
 * listeners it returns.
 */
function timedPreset(preset: Linter.Config, windows: RuleWindows): Linter.Config {
  const timed = <Args extends unknown[], Result>(fn: (...args: Args) => Result) =>
    function (this: unknown, ...args: Args): Result {
      if (!windows.recording) return fn.apply(this, args);
      const start = performance.now();
      try {
        return fn.apply(this, args);
      } finally {
        windows.times.push(start, performance.now());
      }
    };
  const plugins = Object.fromEntries(
    Object.entries(preset.plugins ?? {}).map(([name, plugin]) => {
      const rules = Object.fromEntries(
        Object.entries(plugin.rules ?? {}).map(([id, rule]) => {
          const module = rule as Rule.RuleModule;
          const timedCreate = timed((context: Rule.RuleContext): Rule.RuleListener => {
            const listeners: Record<string, unknown> = module.create(context);
            return Object.fromEntries(
              Object.entries(listeners).map(([selector, listener]) => [
                selector,
                typeof listener === "function" ? timed(listener as (...args: unknown[]) => unknown) : listener,
              ]),
            ) as Rule.RuleListener;
          });
          return [id, { ...rule, create: timedCreate }];
        }),
      );
      return [name, { ...plugin, rules }];
    }),
  );
  return { ...preset, plugins };
}

/** The time `gcs` (start, duration) overlap the windows (start, end, start, end...), both in performance.now() time. */
function overlapMs(windows: readonly number[], gcs: readonly (readonly [number, number])[]): number {
  const sorted = [...gcs].sort((a, b) => a[0] - b[0]);
  let total = 0;
  for (let index = 0; index + 1 < windows.length; index += 2) {
    const start = windows[index] ?? 0;
    const end = windows[index + 1] ?? 0;
    for (const [gcStart, duration] of sorted) {
      if (gcStart > end) break;
      total += Math.max(0, Math.min(end, gcStart + duration) - Math.max(start, gcStart));
    }
  }
  return total;
}

/** Adds one lint's problems and stats (the last `verifyAndFix`'s, which the linter keeps) to `into`. */
function addTimes(linter: Linter, problems: number, into: PassFigures): void {
  into.problems += problems;
  addPassTimes(linter.getTimes().passes, into);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      ...CORPUS_OPTIONS,
      gc: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const size = positiveInteger("--size", values.size);
  const presetName = benchPreset(values.config);
  const entry = buildEntry(positionals, HELP);
  const windows: RuleWindows = { recording: false, times: [] };
  const loaded = presetOf(await loadBuild(entry), presetName);
  const preset = values.gc ? timedPreset(loaded, windows) : loaded;
  const gcs: [number, number][] = [];
  // Only with --gc: an observer of collections is work of its own in the lints measured.
  const observer = values.gc
    ? new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) gcs.push([entry.startTime, entry.duration]);
      })
    : undefined;
  observer?.observe({ entryTypes: ["gc"] });

  const { dir, paths: files } = ensureCorpus(size);
  const config = [floor, preset];
  const floorOnly = [floor];
  const linter = new Linter({ cwd: dir });
  const options = { stats: true, fix: false } as const;
  const afterParse: PassFigures = { parseMs: 0, ruleMs: {}, problems: 0 };
  const again: PassFigures = { parseMs: 0, ruleMs: {}, problems: 0 };
  const afterOtherParse: PassFigures = { parseMs: 0, ruleMs: {}, problems: 0 };
  for (let start = 0, end = 0; start < files.length; start = end) {
    // The remainder joins the last batch: a batch of one would follow its own lint, and the plugin keeps the last
    // file's model, so it would answer from that instead of doing the work.
    end = files.length - start < 2 * BATCH ? files.length : start + BATCH;
    const batch = files.slice(start, end).map((file) => {
      const text = readFileSync(file, "utf8");
      windows.recording = true;
      const result = linter.verifyAndFix(text, config, { ...options, filename: file });
      windows.recording = false;
      addTimes(linter, result.messages.length, afterParse);
      return { file, sourceCode: linter.getSourceCode() };
    });
    for (const { file, sourceCode } of batch) {
      // `verifyAndFix` (the one call that keeps stats) hands its input to `verify`, which takes parsed source code
      // as well as text; only its type says text.
      const result = linter.verifyAndFix(sourceCode as unknown as string, config, { ...options, filename: file });
      addTimes(linter, result.messages.length, again);
    }
    batch.forEach(({ file, sourceCode }, index) => {
      // The next file's parse, with no plugin rule: the plugin's last model stays the previous file's, not this one's.
      const next = batch.at((index + 1) % batch.length)?.file ?? file;
      linter.verify(readFileSync(next, "utf8"), floorOnly, { filename: next });
      const result = linter.verifyAndFix(sourceCode as unknown as string, config, { ...options, filename: file });
      addTimes(linter, result.messages.length, afterOtherParse);
    });
  }
  for (const [name, figures] of [
    ["second", again],
    ["third", afterOtherParse],
  ] as const) {
    if (figures.problems !== afterParse.problems) {
      throw new Error(`the ${name} lint reported ${String(figures.problems)} problems, the first ${String(afterParse.problems)}`);
    }
  }

  console.log(`${entry}\n${presetName}, N=${String(size)} (${String(files.length)} files), parse ${afterParse.parseMs.toFixed(0)} ms`);
  console.log("\nms | after a parse | again | again / after a parse | again after another parse | that / after a parse");
  const rules = Object.keys(afterParse.ruleMs).sort();
  for (const rule of [...rules, "all rules"]) {
    const time = (figures: PassFigures): number => (rule === "all rules" ? totalRuleMs(figures.ruleMs) : (figures.ruleMs[rule] ?? 0));
    const first = time(afterParse);
    console.log(
      `${rule} | ${first.toFixed(1)} | ${time(again).toFixed(1)} | ${(time(again) / first).toFixed(2)} | ` +
        `${time(afterOtherParse).toFixed(1)} | ${(time(afterOtherParse) / first).toFixed(2)}`,
    );
  }
  // The later lints parse nothing of their own file (the third's parse is another file's): all are set against the first's.
  const share = (figures: PassFigures): string =>
    (100 * rulesOverParse({ ruleMs: figures.ruleMs, parseMs: afterParse.parseMs })).toFixed(2);
  console.log(`rules / parse % | ${share(afterParse)} | ${share(again)} | | ${share(afterOtherParse)} |`);
  console.log(`problems: ${String(afterParse.problems)} each`);
  if (observer) {
    // The observer is told of collections on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    let timed = 0;
    for (let index = 0; index + 1 < windows.times.length; index += 2)
      timed += (windows.times[index + 1] ?? 0) - (windows.times[index] ?? 0);
    const total = gcs.reduce((sum, [, duration]) => sum + duration, 0);
    console.log(
      `garbage collection: ${String(gcs.length)} collections, ${total.toFixed(0)} ms in all; ` +
        `${overlapMs(windows.times, gcs).toFixed(1)} ms of them inside the first lints' ${timed.toFixed(1)} ms of rule calls`,
    );
  }
}

try {
  await main();
} catch (error) {
  // A mistake in the arguments or a difference in findings: the message says it, a stack would not help.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
