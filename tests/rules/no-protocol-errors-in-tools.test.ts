import rule from "../../src/rules/no-protocol-errors-in-tools.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";

const ruleTester = createRuleTester();

ruleTester.run("no-protocol-errors-in-tools", rule, {
  valid: [
    {
      name: "the transport layer uses ErrorCodes legitimately",
      filename: "src/transport.ts",
      code: `
import { ErrorCodes } from "./errors.js";
export function parseError(id: number) {
  return { jsonrpc: "2.0", id, error: { code: ErrorCodes.PARSE_ERROR, message: "Parse error" } };
}`,
    },
    {
      name: "ToolErrorCodes are tool-level codes",
      filename: TOOL_FILE,
      code: `
import { ToolErrorCodes } from "../errors.js";
import { error } from "./utils.js";
export function createReadFileTool() {
  return {
    schema: { name: "read_file", inputSchema: { type: "object" } },
    handler: async (args: { path: string }) => error(\`File not found: \${args.path}\`, ToolErrorCodes.FILE_NOT_FOUND),
  };
}`,
    },
    {
      name: "names in comments and strings are not uses",
      filename: TOOL_FILE,
      code: `
// Never use ErrorCodes.INVALID_PARAMS here (ADR-0004).
export const note = "ErrorCodes.INVALID_PARAMS belongs to the transport";`,
    },
    {
      name: "type-only references are not runtime uses",
      filename: TOOL_FILE,
      code: `
import type { ErrorCodes } from "../errors.js";
type ProtocolCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
export function describe(code: ProtocolCode): string { return String(code); }`,
    },
    {
      name: "a local ErrorCodes without reserved numbers is a project's own codes",
      filename: TOOL_FILE,
      code: `
const ErrorCodes = { DUPLICATE_KEY: "23505", NOT_NULL: "23502" } as const;
export function isDuplicate(code: string) { return code === ErrorCodes.DUPLICATE_KEY; }`,
    },
    {
      name: "a local McpError class is not the SDK's",
      filename: TOOL_FILE,
      code: `
class McpError extends Error { constructor(public status: number, message: string) { super(message); } }
export function notFound() { return new McpError(404, "not found"); }`,
    },
    {
      name: "instanceof McpError turns an SDK error into a result",
      filename: TOOL_FILE,
      code: `
import { McpError } from "@modelcontextprotocol/sdk/types.js";
export function toResult(err: unknown) {
  if (err instanceof McpError) return { content: [{ type: "text", text: \`Error: \${err.message}\` }], isError: true };
  return { content: [{ type: "text", text: "Error: unknown" }], isError: true };
}`,
    },
    {
      name: "a number outside the reserved range",
      filename: TOOL_FILE,
      code: `export const failure = { code: -31999, message: "upstream" };`,
    },
    {
      name: "the unknown-tool branch of a low-level dispatcher is a protocol error",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search":
      return { content: [{ type: "text", text: "ok" }] };
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  }
});`,
    },
  ],
  invalid: [
    {
      name: "ErrorCodes in a tool file",
      filename: TOOL_FILE,
      code: `
import { ErrorCodes } from "../errors.js";
export const fail = () => ({ code: ErrorCodes.INVALID_PARAMS });`,
      errors: [{ messageId: "protocolErrorName", line: 3, column: 36 }],
    },
    {
      name: "an aliased import",
      filename: TOOL_FILE,
      code: `
import { ErrorCodes as EC } from "../errors.js";
export const code = EC.INVALID_PARAMS;`,
      errors: [{ messageId: "protocolErrorName", line: 3, column: 21 }],
    },
    {
      name: "McpError from the SDK inside a registerTool handler of a server file",
      filename: SERVER_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("read_file", { inputSchema: {} }, async ({ path }) => {
  throw new McpError(ErrorCode.InvalidParams, "path is required");
});`,
      errors: [
        { messageId: "sdkProtocolError", line: 4, column: 13 },
        { messageId: "sdkProtocolError", line: 4, column: 22 },
      ],
    },
    {
      name: "a raw reserved code and a hand-built JSON-RPC error",
      filename: TOOL_FILE,
      code: `
export function fail(id: number) {
  return { jsonrpc: "2.0", id, error: { code: -32602, message: "Invalid params" } };
}`,
      errors: [
        { messageId: "handBuiltJsonRpcError", line: 3, column: 12 },
        { messageId: "reservedCode", line: 3, column: 47 },
      ],
    },
  ],
});
