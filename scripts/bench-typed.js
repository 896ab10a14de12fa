// Cost of the type-aware rule: lints a generated corpus of N tool files with a typed-parse floor (no
// rules), the floor + mcp-tool-errors/no-throwing-call-in-tool-handler, and the floor +
// @typescript-eslint/no-floating-promises; prints the median wall time of each, each rule's median cost over
// the floor of its own round, the rule's time in ESLint's stats, and how many times the handler index and the
// throw analysis were built (once per program is the goal), and how many files the index read.
// A round runs the three variants one after the other, in an order that turns from round to round: a
// machine's drift over a minute then hits them alike, and each cost is read against the floor beside it.
// Usage: npm run build && node scripts/bench-typed.js [N=1000] [runs=3] [--json]
// --json: the last line of output is `{ n, runs, medianMs, medianCostMs, medianRuleMs }` (each keyed by
// variant), read by `npm run bench -- --check`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const json = process.argv.includes("--json");
const [, , mode, ...rest] = process.argv.filter((arg) => arg !== "--json");

/** One measurement, in a fresh process: typescript-eslint caches programs per process. */
async function measure(corpus, variant) {
  const { subscribe } = await import("node:diagnostics_channel");
  const builds = { index: 0, indexFiles: 0, analysis: 0 };
  subscribe("mcp-tool-errors:handler-index", () => builds.index++);
  subscribe("mcp-tool-errors:handler-index-file", () => builds.indexFiles++);
  subscribe("mcp-tool-errors:throw-analysis", () => builds.analysis++);
  const { ESLint } = await import("eslint");
  const tseslint = (await import("typescript-eslint")).default;
  const plugin = (await import("../dist/index.js")).default;
  const rules = {
    floor: {},
    "no-throwing-call-in-tool-handler": { "mcp-tool-errors/no-throwing-call-in-tool-handler": "error" },
    "no-floating-promises": { "@typescript-eslint/no-floating-promises": "error" },
  }[variant];
  const eslint = new ESLint({
    cwd: corpus,
    overrideConfigFile: true,
    stats: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: corpus } },
        plugins: { "mcp-tool-errors": plugin, "@typescript-eslint": tseslint.plugin },
        rules,
      },
    ],
  });
  const start = performance.now();
  const results = await eslint.lintFiles(["src/**/*.ts"]);
  const ms = performance.now() - start;
  const problems = results.reduce((sum, result) => sum + result.messages.length, 0);
  // The rule's own time (its create and listeners, with the type checker's work they ask for), per ESLint's stats.
  let ruleMs = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) for (const rule of Object.values(pass.rules ?? {})) ruleMs += rule.total;
  }
  process.stdout.write(JSON.stringify({ ms, ruleMs, problems, files: results.length, ...builds }));
}

function generate(n) {
  const corpus = mkdtempSync(path.join(tmpdir(), "mcp-bench-typed-"));
  mkdirSync(path.join(corpus, "src/tools"), { recursive: true });
  writeFileSync(path.join(corpus, "package.json"), '{ "type": "module", "private": true }\n');
  writeFileSync(
    path.join(corpus, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, noEmit: true, types: [] },
      include: ["src/**/*.ts"],
    }),
  );
  writeFileSync(
    path.join(corpus, "src/args.ts"),
    `export type ToolArgs = Record<string, unknown>;
export function requireString(args: ToolArgs, key: string): string {
  const value = args[key];
  if (typeof value !== "string") throw new Error(\`\${key} is required\`);
  return value;
}
export const readArgs = (args: ToolArgs) => ({ path: requireString(args, "path") });
export async function fetchText(url: string): Promise<string> { return url; }
`,
  );
  const names = [];
  for (let i = 0; i < n; i++) {
    const name = `tool${String(i)}`;
    names.push(name);
    writeFileSync(
      path.join(corpus, `src/tools/${name}.ts`),
      `import { fetchText, readArgs, requireString, type ToolArgs } from "../args.js";
const schema = { name: "${name}", description: "Tool ${String(i)}", inputSchema: { type: "object" as const, properties: {} } };
export function create_${name}() {
  return {
    schema,
    handler: async (args: ToolArgs) => {
      const { path } = ${i % 2 === 0 ? "readArgs(args)" : `{ path: "/tmp/${name}" }`};
      fetchText(path);
      try {
        const key = requireString(args, "key");
        return { content: [{ type: "text" as const, text: \`\${path}:\${key}\` }] };
      } catch (err) {
        return { content: [{ type: "text" as const, text: \`Error: \${String(err)}\` }], isError: true };
      }
    },
  };
}
`,
    );
  }
  writeFileSync(
    path.join(corpus, "src/index.ts"),
    `${names.map((name) => `import { create_${name} } from "./tools/${name}.js";`).join("\n")}
declare const transport: { registerTool(schema: object, handler: (args: Record<string, unknown>) => unknown): void };
for (const tool of [${names.map((name) => `create_${name}()`).join(", ")}]) transport.registerTool(tool.schema, tool.handler);
`,
  );
  return corpus;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** A variant's wall time minus the floor's in the same round, round by round. */
const costs = (samples, variant) => samples[variant].map((sample, run) => sample.ms - samples.floor[run].ms);

if (mode === "--measure") {
  await measure(rest[0], rest[1]);
} else {
  const n = Number(mode ?? 1000);
  const runs = Number(rest[0] ?? 3);
  const corpus = generate(n);
  try {
    console.log(`corpus: ${String(n)} tool files + 2 (${corpus}), ${String(runs)} runs each, Node ${process.version}`);
    const variants = ["floor", "no-throwing-call-in-tool-handler", "no-floating-promises"];
    const samples = Object.fromEntries(variants.map((variant) => [variant, []]));
    for (let run = 0; run < runs; run++) {
      // The order turns each round, so that no variant always runs first (or right after another).
      for (const variant of [...variants.slice(run % variants.length), ...variants.slice(0, run % variants.length)]) {
        const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--measure", corpus, variant], {
          encoding: "utf8",
          maxBuffer: 1 << 24,
        });
        samples[variant].push(JSON.parse(out));
      }
    }
    const medianMs = {};
    const medianCostMs = {};
    const medianRuleMs = {};
    for (const variant of variants) {
      const [first] = samples[variant];
      medianMs[variant] = median(samples[variant].map((s) => s.ms));
      if (variant !== "floor") {
        medianCostMs[variant] = median(costs(samples, variant));
        medianRuleMs[variant] = median(samples[variant].map((s) => s.ruleMs));
      }
      console.log(
        `${variant.padEnd(34)} median ${seconds(medianMs[variant])}` +
          `  (${samples[variant].map((s) => (s.ms / 1000).toFixed(2)).join(", ")})` +
          (variant === "floor"
            ? ""
            : `  cost over its round's floor ${seconds(medianCostMs[variant])}  rule time ${seconds(medianRuleMs[variant])}`) +
          `  files ${String(first.files)}  problems ${String(first.problems)}` +
          `  handler-index builds ${String(first.index)} (files read ${String(first.indexFiles)})  throw-analysis builds ${String(first.analysis)}`,
      );
    }
    if (json) console.log(JSON.stringify({ n, runs, medianMs, medianCostMs, medianRuleMs }));
  } finally {
    rmSync(corpus, { recursive: true, force: true });
  }
}
