// Generators of pathological but valid MCP tool files: very long, very deep, very wide.
// Each takes a size so the stress script can double it and show how time grows. Types: pathological.d.ts.

const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "stress", version: "1.0.0" });
`;

/** @param {string} text */
const errorResult = (text) => `{ content: [{ type: "text", text: ${text} }], isError: true }`;

/**
 * About `lines` lines of `registerTool` calls (12 lines each), half guarded by try/catch, half throwing.
 * @param {number} lines
 */
export function longToolFile(lines) {
  const parts = [HEADER];
  for (let index = 0; index * 12 < lines; index++) {
    const body =
      index % 2 === 0
        ? `  try {
    const text = await readResource(path, ${String(index)});
    return { content: [{ type: "text", text }] };
  } catch (error) {
    return ${errorResult("`Error: ${error instanceof Error ? error.message : String(error)}`")};
  }`
        : `  if (!path) throw new Error("Error: path is required");
  const text = await readResource(path, ${String(index)});
  if (text === "") return ${errorResult('"Failed to read " + path')};
  return { content: [{ type: "text", text }], isError: false };
  `;
    parts.push(`server.registerTool(
  "read_${String(index)}",
  { description: "Read resource ${String(index)}", inputSchema: { path: z.string() } },
  async ({ path }) => {
${body}
  },
);
`);
  }
  return parts.join("");
}

/**
 * A handler whose body nests `depth` blocks (plain, `if`, `try`, `for` in turn) around a throw.
 * @param {number} depth
 */
export function nestedBlocks(depth) {
  const open = ["{", "if (args.flag) {", "try {", "for (const item of args.items) {"];
  /** @type {string[]} */
  const opening = [];
  /** @type {string[]} */
  const closing = [];
  for (let level = 0; level < depth; level++) {
    const kind = level % open.length;
    opening.push(open[kind] ?? "{");
    closing.push(kind === 2 ? `} catch (error${String(level)}) { throw error${String(level)}; }` : "}");
  }
  return `${HEADER}
server.registerTool("deep", { inputSchema: { flag: z.boolean() } }, async (args) => {
${opening.join("\n")}
throw new Error("too deep");
${closing.reverse().join("\n")}
  return ${errorResult('"Error: unreachable"')};
});
`;
}

/**
 * `depth` nested arrow functions inside a handler, a throw in the innermost.
 * @param {number} depth
 */
export function nestedFunctions(depth) {
  return `${HEADER}
server.registerTool("nested", { inputSchema: {} }, async (args) => {
  const run = ${"() => ".repeat(depth)}{ throw new Error("deep"); };
  return { content: [{ type: "text", text: String(run) }] };
});
`;
}

/**
 * A handler making `calls` calls to 100 helpers that throw or return error results.
 * @param {number} calls
 */
export function manyHelperCalls(calls) {
  const helpers = [];
  for (let index = 0; index < 100; index++) {
    helpers.push(
      index % 3 === 0
        ? `function check${String(index)}(value: unknown): string {
  if (typeof value !== "string") throw new Error("Error: expected a string");
  return value;
}`
        : `async function load${String(index)}(value: unknown) {
  return value ? { content: [{ type: "text" as const, text: String(value) }] } : ${errorResult('"Error: empty"')};
}`,
    );
  }
  const body = [];
  for (let index = 0; index < calls; index++) {
    const helper = index % 100;
    body.push(helper % 3 === 0 ? `  check${String(helper)}(args.value);` : `  await load${String(helper)}(args.value);`);
  }
  return `${HEADER}
${helpers.join("\n")}

server.registerTool("wide", { inputSchema: { value: z.string() } }, async (args) => {
${body.join("\n")}
  return { content: [{ type: "text", text: "done" }] };
});
`;
}

/**
 * A ring of `count` mutually recursive helpers (each calls the next, the last calls the first);
 * the handler enters the ring and one helper throws.
 * @param {number} count
 */
export function mutuallyRecursiveHelpers(count) {
  const helpers = [];
  for (let index = 0; index < count; index++) {
    const next = (index + 1) % count;
    helpers.push(`function step${String(index)}(depth: number): string {
  if (depth > ${String(count)}) ${index === count - 1 ? 'throw new Error("Error: too deep")' : 'return "done"'};
  return step${String(next)}(depth + 1);
}`);
  }
  return `${HEADER}
${helpers.join("\n")}

server.registerTool("ring", { inputSchema: {} }, async () => {
  return { content: [{ type: "text", text: step0(0) }] };
});
`;
}

/** Each generator with the sizes the stress script doubles through (the issue's size last). */
export const PATHOLOGICAL_CASES = [
  { name: "tool file lines", generate: longToolFile, sizes: [6250, 12500, 25000, 50000] },
  { name: "nested blocks", generate: nestedBlocks, sizes: [250, 500, 1000, 2000] },
  { name: "nested functions", generate: nestedFunctions, sizes: [250, 500, 1000, 2000] },
  { name: "helper calls in one handler", generate: manyHelperCalls, sizes: [625, 1250, 2500, 5000] },
  { name: "mutually recursive helpers", generate: mutuallyRecursiveHelpers, sizes: [250, 500, 1000, 2000] },
];
