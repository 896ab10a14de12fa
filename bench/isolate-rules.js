// Where the overhead of `recommended` goes: the floor, the floor + one no-op core rule (ESLint's fixed
// cost of running any rule), each recommended rule alone, and all of them, interleaved, median wall ms.
// Usage: npm run build && node --expose-gc bench/isolate-rules.js [corpus dir, default bench/.corpus/n200] [rounds=5]
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import plugin from "../dist/index.js";

const cwd = process.argv[2] ?? fileURLToPath(new URL(".corpus/n200/", import.meta.url));
const rounds = Number(process.argv[3] ?? 5);
const base = { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } };
const eslintWith = (rules) =>
  new ESLint({ cwd, overrideConfigFile: true, overrideConfig: [base, { plugins: { "mcp-tool-errors": plugin }, rules }] });

const recommended = plugin.configs.recommended.rules;
const configs = { floor: eslintWith({}), "no-debugger (no-op)": eslintWith({ "no-debugger": "error" }) };
for (const id of Object.keys(recommended)) configs[id] = eslintWith({ [id]: "error" });
configs.recommended = eslintWith(recommended);

const times = Object.fromEntries(Object.keys(configs).map((name) => [name, []]));
for (const eslint of Object.values(configs)) await eslint.lintFiles(["src"]); // warm-up
for (let round = 0; round < rounds; round++) {
  for (const [name, eslint] of Object.entries(configs)) {
    globalThis.gc?.();
    const start = performance.now();
    await eslint.lintFiles(["src"]);
    times[name].push(performance.now() - start);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const floor = median(times.floor);
for (const [name, values] of Object.entries(times)) {
  const ms = median(values);
  console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${name === "floor" ? "" : `+${((ms / floor - 1) * 100).toFixed(1)}%`}`);
}
