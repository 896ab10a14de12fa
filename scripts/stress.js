// Lints this repository's node_modules with every untyped rule and every function treated as tool
// code, checks autofixes and suggestions, lints the fixtures and pathological inputs.
// Usage: node scripts/stress.js [--all | --sample N] [--no-pathological]   (after `npm run build`)
// Exits 1 on any rule exception or broken fix; parse failures are counted, not failed.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { createChecker, formatFailure } from "../tests/robustness/checks.js";
import { PATHOLOGICAL_CASES } from "../tests/robustness/pathological.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSIONS = new Set([".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"]);
const MAX_BYTES = 1024 * 1024;
const FIXTURE_FOLDERS = ["examples", "tests/fixtures"];
/** Each suggestion re-lints the whole file: on generated files of 50,000 lines, check a few per rule. */
const PATHOLOGICAL_SUGGESTIONS = 2;

const { values } = parseArgs({
  options: {
    all: { type: "boolean", default: false },
    sample: { type: "string", default: "2000" },
    "no-pathological": { type: "boolean", default: false },
  },
});
const sampleSize = Number(values.sample);
if (!values.all && (!Number.isInteger(sampleSize) || sampleSize <= 0)) {
  throw new Error(`--sample must be a positive integer (got "${values.sample}")`);
}

const pluginUrl = pathToFileURL(path.join(ROOT, "dist/index.js"));
if (!existsSync(pluginUrl)) throw new Error("dist/index.js is missing: run `npm run build` first");
const { default: plugin } = /** @type {{ default: import("eslint").ESLint.Plugin }} */ (await import(pluginUrl.href));

/**
 * Every source file under `dir`, nested node_modules included, symbolic links skipped.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  /** @type {string[]} */
  const found = [];
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile() && EXTENSIONS.has(path.extname(entry.name))) found.push(full);
    }
  }
  return found.sort();
}

/**
 * Every k-th path of the sorted list: the same sample on every run over the same node_modules.
 * @param {string[]} files
 * @param {number} size
 */
function sample(files, size) {
  if (size >= files.length) return files;
  const step = files.length / size;
  return Array.from({ length: size }, (_, index) => files[Math.floor(index * step)] ?? "");
}

/**
 * `module` first; a plain `.js`/`.cjs` that does not parse as a module is retried as CommonJS.
 * @param {string} file
 * @returns {("module" | "commonjs")[]}
 */
function sourceTypesFor(file) {
  const extension = path.extname(file);
  if (extension === ".mjs" || extension === ".mts") return ["module"];
  if (extension === ".cjs" || extension === ".cts") return ["commonjs", "module"];
  return ["module", "commonjs"];
}

const checker = createChecker({ plugin, cwd: ROOT });
console.log(`Rules (${String(checker.included.length)}): ${checker.included.join(", ")}`);
console.log(
  checker.excluded.length === 0
    ? "Left out (need type information): none"
    : `Left out (need type information): ${checker.excluded.join(", ")}`,
);

/** @type {string[]} */
const failureReports = [];
const totals = {
  linted: 0,
  parseFailures: 0,
  skippedLarge: 0,
  problems: 0,
  fixesChecked: 0,
  suggestionsChecked: 0,
  suggestionsSkipped: 0,
  exceptions: 0,
  brokenFixes: 0,
};
/** @type {string[]} */
const parseFailureExamples = [];

/**
 * Adds one file's result to the totals and the failure list.
 * @param {string} file absolute path (real, or virtual for generated code)
 * @param {import("../tests/robustness/checks.js").CheckResult} result
 */
function record(file, result) {
  const relative = path.relative(ROOT, file);
  if (result.parsed) totals.linted++;
  else if (result.failures.length === 0) {
    totals.parseFailures++;
    if (parseFailureExamples.length < 5) parseFailureExamples.push(`${relative}: ${result.parseError ?? ""}`);
  }
  totals.problems += result.problems;
  totals.fixesChecked += result.fixesChecked;
  totals.suggestionsChecked += result.suggestionsChecked;
  totals.suggestionsSkipped += result.suggestionsSkipped;
  for (const failure of result.failures) {
    if (failure.kind === "exception") totals.exceptions++;
    else totals.brokenFixes++;
    failureReports.push(formatFailure(relative, failure));
  }
}

/**
 * @param {string} label
 * @param {string[]} files
 */
function lintFiles(label, files) {
  const started = performance.now();
  let done = 0;
  for (const file of files) {
    done++;
    if (statSync(file).size > MAX_BYTES) {
      totals.skippedLarge++;
      continue;
    }
    record(file, checker.check(readFileSync(file, "utf8"), file, { sourceTypes: sourceTypesFor(file) }));
    if (done % 1000 === 0) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${label}: ${String(done)}/${String(files.length)} files, ${seconds.toFixed(0)} s`);
    }
  }
  return (performance.now() - started) / 1000;
}

const allFiles = sourceFiles(path.join(ROOT, "node_modules"));
const chosen = values.all ? allFiles : sample(allFiles, sampleSize);
console.log(
  `\nnode_modules: ${String(allFiles.length)} source files; linting ${values.all ? "all" : `a sample of ${String(chosen.length)}`}`,
);
const nodeModulesSeconds = lintFiles("node_modules", chosen);
const nodeModulesTotals = { ...totals };

const fixtures = FIXTURE_FOLDERS.flatMap((folder) => {
  const dir = path.join(ROOT, folder);
  return existsSync(dir) ? sourceFiles(dir).filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`)) : [];
});
const fixtureSeconds = lintFiles("fixtures", fixtures);

console.log(`
node_modules files linted:    ${String(nodeModulesTotals.linted)} in ${nodeModulesSeconds.toFixed(1)} s
  parse failures (not rules): ${String(nodeModulesTotals.parseFailures)}
  skipped (> 1 MB):           ${String(nodeModulesTotals.skippedLarge)}
fixture files linted:         ${String(totals.linted - nodeModulesTotals.linted)} of ${String(fixtures.length)} (${FIXTURE_FOLDERS.join(", ")}) in ${fixtureSeconds.toFixed(1)} s
problems reported:            ${String(totals.problems)}
autofixes checked:            ${String(totals.fixesChecked)}
suggestions checked:          ${String(totals.suggestionsChecked)}${totals.suggestionsSkipped > 0 ? ` (${String(totals.suggestionsSkipped)} more on the pathological files not applied)` : ""}
rule exceptions:              ${String(totals.exceptions)}
broken or unstable fixes:     ${String(totals.brokenFixes)}`);
if (parseFailureExamples.length > 0)
  console.log(`parse failures, first ${String(parseFailureExamples.length)}:\n  ${parseFailureExamples.join("\n  ")}`);

/**
 * The check of `code` in a worker thread with a 256 MB stack.
 * @param {string} file
 * @param {string} code
 * @returns {Promise<import("../tests/robustness/checks.js").CheckResult>}
 */
function checkWithLargeStack(file, code) {
  const worker = new Worker(new URL("stress.worker.js", import.meta.url), {
    workerData: { pluginUrl: pluginUrl.href, cwd: ROOT, code, file, suggestionsPerRule: PATHOLOGICAL_SUGGESTIONS },
    resourceLimits: { stackSizeMb: 256 },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

if (!values["no-pathological"]) {
  console.log(
    `\nPathological inputs, each size double the previous; lint time (parse + rules), fixes and up to ${String(PATHOLOGICAL_SUGGESTIONS)} suggestions per rule checked:`,
  );
  /** @type {string[]} */
  const parserOverflows = [];
  for (const { name, generate, sizes } of PATHOLOGICAL_CASES) {
    const cells = [];
    for (const size of sizes) {
      const code = generate(size);
      const file = path.join(ROOT, "src/tools", `${name.replaceAll(" ", "-")}-${String(size)}.ts`);
      let result = checker.check(code, file, { suggestionsPerRule: PATHOLOGICAL_SUGGESTIONS });
      let note = "";
      if (!result.parsed && result.parseError?.includes("Maximum call stack size exceeded")) {
        // The parser, not a rule, ran out of stack: give it room and check the rules at this size.
        result = await checkWithLargeStack(file, code);
        parserOverflows.push(`${name} ${String(size)}`);
        note = " (large stack)";
      }
      record(file, result);
      const outcome = result.parsed ? `${result.lintMs.toFixed(0)} ms` : `parse failure: ${result.parseError ?? ""}`;
      cells.push(`${String(size)}: ${outcome}${note}${result.failures.length > 0 ? " FAILED" : ""}`);
    }
    console.log(`  ${name.padEnd(28)} ${cells.join(" | ")}`);
  }
  if (parserOverflows.length > 0) {
    console.log(
      `  (large stack): with Node's default stack the parser (typescript-estree) overflows before any rule runs, a parsing error in ESLint, on: ${parserOverflows.join(", ")}. Those ran in a worker thread with a 256 MB stack.`,
    );
  }
}

if (failureReports.length > 0) {
  console.log(`\n${String(failureReports.length)} failures:\n\n${failureReports.join("\n\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nNo rule exceptions, no broken fixes.");
}
