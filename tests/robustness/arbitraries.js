// fast-check arbitraries that build MCP-shaped TypeScript: tool handlers in the shapes real servers
// use (ECOSYSTEM.md), bodies mixing try/catch/finally, throws, rejections, helpers (mutually
// recursive too), error results, protocol errors and nested arrows. Types: arbitraries.d.ts.
import fc from "fast-check";

const IMPORTS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { FastMCP, UserError } from "fastmcp";
import { MCPTool } from "mcp-framework";
import { z } from "zod";
import { ErrorCodes, ToolErrorCodes } from "../errors.js";
import { error, requireString, withToolErrors } from "./utils.js";
`;

const identifier = fc.constantFrom("args", "path", "result", "response", "err", "e", "data", "args.path", "input.query");

/** Texts for a result or an error: literals with and without the prefix, templates, concatenations, conditionals. */
const text = fc.oneof(
  fc.constantFrom('"Error: file not found"', '"Failed to read file"', '"done"', "''", '"### Error"', '"Error:"', '"error: lower case"'),
  identifier.map((name) => `\`Error: could not read \${${name}}\``),
  identifier.map((name) => `\`Listing \${${name}} failed\``),
  identifier.map((name) => `"Error: " + ${name}`),
  identifier.map((name) => `${name} + " failed"`),
  fc.constantFrom(
    "err instanceof Error ? err.message : String(err)",
    "`Error: ${err instanceof Error ? err.message : String(err)}`",
    'ok ? "done" : "Error: nope"',
    "String(e)",
    "e.message",
    "JSON.stringify({ error: e })",
    'ok ? `Error: ${path}` : "Failed"',
  ),
);

const isErrorProperty = fc.constantFrom("isError: true", "isError: false", "", "isError: !ok", "isError", "...base", '"isError": true');

/** `{ content: [{ type: "text", text }], isError }` and near shapes. */
const resultObject = fc.oneof(
  fc.tuple(text, isErrorProperty).map(([value, flag]) => `{ content: [{ type: "text", text: ${value} }]${flag ? `, ${flag}` : ""} }`),
  fc
    .tuple(text, isErrorProperty)
    .map(([value, flag]) => `{ ${flag ? `${flag}, ` : ""}content: [{ type: "text" as const, text: ${value} }] }`),
  text.map((value) => `error(${value})`),
  text.map((value) => `error(${value}, ToolErrorCodes.FILE_NOT_FOUND)`),
  fc.constantFrom(
    "{ content: [] }",
    "{ ...base, isError: true }",
    "{ content }",
    "result",
    '{ content: [{ type: "text", text: String(data) }], structuredContent: data }',
  ),
);

const thrown = fc.oneof(
  text.map((value) => `new Error(${value})`),
  text.map((value) => `new UserError(${value})`),
  text.map((value) => `new McpError(ErrorCode.InvalidParams, ${value})`),
  text.map((value) => `new McpError(ErrorCodes.INVALID_PARAMS, ${value})`),
  text.map((value) => `{ code: -32602, message: ${value} }`),
  fc.constantFrom("err", "e", "error", "new TypeError()", '"Error: raw string"'),
);

const helperName = fc.constantFrom("loadFile", "parseInput", "checkAccess", "requireString", "fetchData");

const expression = fc.oneof(
  resultObject,
  helperName.map((name) => `${name}(args)`),
  helperName.map((name) => `await ${name}(args.path)`),
  fc.constantFrom(
    'requireString(args, "path")',
    "ErrorCode.InternalError",
    "ErrorCodes.METHOD_NOT_FOUND",
    "-32603",
    '{ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }',
    "{ code: -32000 }",
    "args.items.map((item) => item.name)",
    "data?.value!",
    "(args as { path: string }).path",
    "{ isError: true } satisfies object",
  ),
  thrown.map((value) => `Promise.reject(${value})`),
  resultObject.map((value) => `fetchData(args).then((data) => (${value})).catch((e) => (${value}))`),
);

/**
 * Statements nested up to a depth; try/catch/finally, throws, returns, branches, loops, switches,
 * nested functions.
 */
const { statements } = fc.letrec((tie) => ({
  statement: fc.oneof(
    { depthSize: "small", maxDepth: 4, withCrossShrink: true },
    resultObject.map((value) => `return ${value};`),
    thrown.map((value) => `throw ${value};`),
    expression.map((value) => `const value = ${value};`),
    // An expression statement may not start with `{` (a block) in JavaScript.
    expression.map((value) => (value.startsWith("{") ? `(${value});` : `${value};`)),
    thrown.map((value) => `return Promise.reject(${value});`),
    fc.constantFrom("return;", "throw err;", "const ok = Boolean(args.path);", "let base = { content: [] };", "ok = false;"),
    fc.tuple(tie("statements"), tie("statements")).map(([tryBody, catchBody]) => `try {\n${tryBody}\n} catch (err) {\n${catchBody}\n}`),
    fc.tuple(tie("statements"), tie("statements")).map(([tryBody, finallyBody]) => `try {\n${tryBody}\n} finally {\n${finallyBody}\n}`),
    fc
      .tuple(tie("statements"), tie("statements"), tie("statements"))
      .map(([tryBody, catchBody, finallyBody]) => `try {\n${tryBody}\n} catch {\n${catchBody}\n} finally {\n${finallyBody}\n}`),
    fc.tuple(tie("statements"), tie("statements")).map(([yes, no]) => `if (!args.path) {\n${yes}\n} else {\n${no}\n}`),
    tie("statements").map((body) => `if (e instanceof McpError) {\n${body}\n}`),
    tie("statements").map((body) => `for (const item of args.items ?? []) {\n${body}\n}`),
    fc
      .tuple(tie("statements"), tie("statements"))
      .map(([first, other]) => `switch (args.mode) {\n  case "read":\n${first}\n    break;\n  default:\n${other}\n}`),
    tie("statements").map((body) => `const run = async (input: unknown) => {\n${body}\n};`),
    tie("statements").map((body) => `await Promise.all(args.items.map(async (item) => {\n${body}\n}));`),
    tie("statements").map((body) => `label: {\n${body}\nbreak label;\n}`),
  ),
  statements: fc.array(tie("statement"), { maxLength: 3 }).map((list) => list.join("\n")),
}));

/** A function body: a block, or an expression body for arrows. */
const body = fc.oneof(
  { weight: 4, arbitrary: statements.map((list) => `{\n${list}\n}`) },
  { weight: 1, arbitrary: resultObject.map((value) => `(${value})`) },
  { weight: 1, arbitrary: helperName.map((name) => `${name}(args)`) },
);
const blockBody = statements.map((list) => `{\n${list}\n}`);

const params = fc.constantFrom(
  "(args)",
  "({ path })",
  "(args: { path: string }, signal?: AbortSignal)",
  "(args, extra)",
  "()",
  "(...rest)",
);

/** An async or plain arrow / function expression with a generated body. */
const handlerFunction = fc.oneof(
  fc.tuple(fc.constantFrom("async ", ""), params, body).map(([modifier, list, code]) => `${modifier}${list} => ${code}`),
  fc.tuple(fc.constantFrom("async ", ""), params, blockBody).map(([modifier, list, code]) => `${modifier}function ${list} ${code}`),
);

/** A handler as one of the registration shapes of ECOSYSTEM.md. */
const toolDefinition = fc.oneof(
  handlerFunction.map(
    (fn) => `server.registerTool("read_file", { description: "Read a file", inputSchema: { path: z.string() } }, ${fn});`,
  ),
  handlerFunction.map((fn) => `server.tool("search", "Search the index", { query: z.string() }, ${fn});`),
  handlerFunction.map((fn) => `server.experimental.tasks.registerToolTask("long_job", { inputSchema: {} }, ${fn});`),
  handlerFunction.map(
    (fn) =>
      `export function createReadTool(deps: Deps) {\n  return {\n    schema: { name: "read_file", description: "Read", inputSchema: { type: "object" } },\n    handler: ${fn},\n  };\n}`,
  ),
  handlerFunction.map(
    (fn) => `export const openTool = { name: "open", description: "Open", inputSchema: {}, handler: withToolErrors(${fn}) };`,
  ),
  handlerFunction.map((fn) => `export default defineTool({ name: "take_snapshot", schema: {}, handler: ${fn} });`),
  handlerFunction.map((fn) => `server.addTool({ name: "scrape", parameters: z.object({ url: z.string() }), execute: ${fn} });`),
  handlerFunction.map((fn) => `export const lookup = createTool({ id: "lookup", inputSchema: z.object({}), execute: ${fn} });`),
  fc
    .tuple(statements, statements)
    .map(
      ([first, unknown]) =>
        `server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  switch (request.params.name) {\n    case "read_file": {\n${first}\n    }\n    default:\n${unknown}\n      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);\n  }\n});`,
    ),
  fc
    .tuple(statements)
    .map(
      ([first]) =>
        `server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  const { name, arguments: args } = request.params;\n  const tool = tools.get(name);\n  if (!tool) throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");\n${first}\n});`,
    ),
  blockBody.map((code) => `class ReadTool extends MCPTool {\n  name = "read";\n  async execute(input: { path: string }) ${code}\n}`),
  blockBody.map((code) => `export class SearchTool extends MCPTool {\n  execute = async (input: unknown) => ${code};\n}`),
  blockBody.map((code) => `export default async function handler(args: { path: string }) ${code}`),
  blockBody.map((code) => `async function handleRead(args: Args) ${code}\nserver.registerTool("read", { inputSchema: {} }, handleRead);`),
  blockBody.map(
    (code) =>
      `const handleOpen = async (args: Args) => ${code};\nexport const tools = [{ schema: { name: "open" }, handler: handleOpen }];`,
  ),
);

/** Helper functions, some calling each other in a cycle. */
const helperDeclaration = fc
  .tuple(helperName, blockBody, fc.constantFrom("", "async "))
  .map(([name, code, modifier]) => `${modifier}function ${name}(args: unknown): unknown ${code}`);
const mutualRecursion = fc.constant(`function parseInput(args: unknown, depth = 0): unknown {
  if (depth > 3) throw new Error("Error: input too deep");
  return checkAccess(args, depth + 1);
}
function checkAccess(args: unknown, depth = 0): unknown {
  return parseInput(args, depth + 1);
}`);

/** A whole file: imports, helpers and one to three tool definitions. */
export const mcpToolFile = fc
  .tuple(
    fc.constantFrom(IMPORTS, "", 'const { McpError, ErrorCode } = require("@modelcontextprotocol/sdk/types.js");\n'),
    fc.array(fc.oneof(helperDeclaration, mutualRecursion), { maxLength: 3 }),
    fc.array(toolDefinition, { minLength: 1, maxLength: 3 }),
  )
  .map(([header, helpers, tools]) => `${header}\n${helpers.join("\n\n")}\n\n${tools.join("\n\n")}\n`);

/** Where the file lives: a tool file, a server file, or a module file outside `toolFiles`. */
export const mcpFilename = fc.constantFrom("src/tools/read-file.ts", "src/server.ts", "src/tools/index.mts", "lib/handlers.cts");

/** Settings variants, so the settings paths (helpers, wrappers, prefixes, patterns) are fuzzed too. */
export const mcpSettings = fc.constantFrom(
  {},
  { toolFiles: ["**"] },
  { errorHelpers: ["error"], handlers: { wrappers: ["withToolErrors"] } },
  { errorPrefix: "Failed: ", acceptedErrorPrefixes: ["### Error"], errorTextPattern: "^(Error|Failed)\\b" },
  { errorHelpers: [{ name: "error", messageArgument: 0, addsPrefix: true }], protocolErrors: { names: ["ErrorCodes", "JsonRpcCodes"] } },
);

/** A complete case: file text, path and settings. */
export const mcpCase = fc.record({ code: mcpToolFile, filename: mcpFilename, settings: mcpSettings });
