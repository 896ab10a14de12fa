// Lints random MCP-shaped TypeScript (tests/robustness/arbitraries.js) with every untyped rule:
// no rule may throw, every autofix must parse and be idempotent, every suggestion must parse.
// Usage: node scripts/fuzz.js [--runs N] [--seed S]   (after `npm run build`)
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { mcpCase } from "../tests/robustness/arbitraries.js";
import { createChecker, formatFailure, PLUGIN_NAMESPACE } from "../tests/robustness/checks.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: { runs: { type: "string", default: "1000" }, seed: { type: "string", default: String(Date.now() % 2 ** 31) } },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs <= 0) throw new Error(`--runs must be a positive integer (got "${values.runs}")`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer (got "${values.seed}")`);

const pluginUrl = pathToFileURL(path.join(ROOT, "dist/index.js"));
if (!existsSync(pluginUrl)) throw new Error("dist/index.js is missing: run `npm run build` first");
const { default: plugin } = /** @type {{ default: import("eslint").ESLint.Plugin }} */ (await import(pluginUrl.href));
const checker = createChecker({ plugin, cwd: ROOT });
console.log(`Fuzzing ${String(runs)} cases, seed ${String(seed)}, rules: ${checker.included.join(", ")}`);
if (checker.excluded.length > 0) console.log(`Left out (need type information): ${checker.excluded.join(", ")}`);

const counts = { cases: 0, parsed: 0, problems: 0, fixesChecked: 0, suggestionsChecked: 0 };
const started = performance.now();
const details = fc.check(
  fc.property(mcpCase, ({ code, filename, settings }) => {
    const result = checker.check(code, path.join(ROOT, filename), { settings: { [PLUGIN_NAMESPACE]: settings } });
    counts.cases++;
    if (result.parsed) counts.parsed++;
    counts.problems += result.problems;
    counts.fixesChecked += result.fixesChecked;
    counts.suggestionsChecked += result.suggestionsChecked;
    return result.failures.length === 0;
  }),
  { numRuns: runs, seed },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `${String(counts.cases)} cases (shrinking included) in ${seconds} s: ${String(counts.parsed)} parsed, ${String(counts.problems)} problems, ${String(counts.fixesChecked)} autofixes and ${String(counts.suggestionsChecked)} suggestions checked`,
);

if (details.failed && details.counterexample) {
  const [{ code, filename, settings }] = details.counterexample;
  const { failures } = checker.check(code, path.join(ROOT, filename), { settings: { [PLUGIN_NAMESPACE]: settings } });
  console.log(
    `\nFAILED after ${String(details.numRuns)} runs (seed ${String(seed)}, path "${details.counterexamplePath ?? ""}"), shrunk case:`,
  );
  console.log(`filename: ${filename}\nsettings: ${JSON.stringify(settings)}\n---\n${code}---`);
  for (const failure of failures) console.log(formatFailure(filename, failure));
  process.exitCode = 1;
} else {
  console.log("No rule exceptions, no broken fixes or suggestions.");
}
