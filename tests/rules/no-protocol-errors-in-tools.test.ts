import rule from "../../src/rules/no-protocol-errors-in-tools.js";
import { payInvoiceTool } from "./cases/pay-invoice.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";
import { TASK_DISPATCHER } from "./cases/task-dispatcher.js";

const ruleTester = createRuleTester();

/** What `McpServer` makes of a protocol error its tool callback throws. */
const SAFETY_NET =
  'the SDK\'s safety net turns it into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")';

/**
 * A memory server's dispatcher that throws `McpError` for a missing query (line 11, column 13) inside its `try`, whose
 * `catch` answers with `onError`.
 */
const MEMORY_DISPATCHER = (onError: string): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
declare function searchNodes(query: string): Promise<unknown>;
const server = new Server({ name: "memory", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  try {
    if (name !== "search_nodes") return { content: [{ type: "text", text: \`Error: unknown tool \${name}\` }], isError: true };
    if (typeof args?.query !== "string") {
      throw new McpError(ErrorCode.InvalidParams, "query string is required");
    }
    return { content: [{ type: "text", text: JSON.stringify(await searchNodes(args.query)) }] };
  } catch (error) {
    ${onError}
  }
});`;

const ANSWERING_CATCH =
  'return { content: [{ type: "text", text: `Error: ${error instanceof Error ? error.message : String(error)}` }], isError: true };';

/** A dispatcher that forwards to a method, passing it `name` as the tool's name; its `default` throws an unknown-tool error. */
const FORWARDING_DISPATCHER = (name: string): string => `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
class TranscriptServer {
  setupHandlers(): void {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) =>
      this.handleToolCall(${name}, request.params.arguments ?? {}),
    );
  }
  private async handleToolCall(toolName: string, args: Record<string, unknown>) {
    switch (toolName) {
      case "get_transcript":
        return { content: [{ type: "text", text: await fetchTranscript(String(args.url)) }] };
      default:
        throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${toolName}\`);
    }
  }
}`;

/** A dispatcher that forwards to a function of its file, passing it `name` as the tool's name (mcp-server-chart's shape). */
const FUNCTION_FORWARDING_DISPATCHER = (name: string): string => `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return await generateChart(${name}, request.params.arguments ?? {});
});
async function generateChart(tool: string, args: Record<string, unknown>) {
  if (tool !== "generate_chart") throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${tool}\`);
  if (typeof args.data !== "object") throw new McpError(ErrorCode.InvalidParams, "Invalid parameters: data");
  return { content: [{ type: "text", text: await renderChart(args) }] };
}`;

/** An Obsidian server's dispatcher whose first check of the requested name is `nameCheck`, answered by a protocol error. */
const NOTE_TOOLS_DISPATCHER = (nameCheck: string): string => `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (${nameCheck}) {
    throw new McpError(ErrorCode.InvalidRequest, "Tool name must be a non-empty string");
  }
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  try {
    return { content: [await tool.execute(args ?? {})] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

/** A gateway's dispatcher: names are "<server>:<tool>", and one without the separator is answered with `message`. */
const GATEWAY_DISPATCHER = (message: string): string => `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const parsed = parseToolPrefix(request.params.name, ":");
  if (!parsed) {
    throw new McpError(ErrorCode.InvalidRequest, \`${message}\`);
  }
  const entry = upstreamTools.get(request.params.name);
  if (!entry) throw new McpError(ErrorCode.MethodNotFound, \`Tool not found: \${request.params.name}\`);
  return entry.client.callTool({ name: entry.originalName, arguments: request.params.arguments ?? {} });
});`;

/** A tool file's registry, typed as the `tools/call` dispatcher that the server file hands the request (`parameter`). */
const TOOL_REGISTRY = (parameter: string): string => `
import type { CallToolRequest } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { WalletTool } from "./wallet-tool.js";

export class ToolRegistry {
  private readonly tools = new Map<string, WalletTool>();

  async execute(${parameter}) {
    const { name, arguments: args = {} } = request.params;
    const tool = this.tools.get(name);
    if (!tool) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
    if (typeof args !== "object") throw new McpError(ErrorCode.InvalidParams, "Tool arguments must be an object");
    return tool.execute(args);
  }
}`;

/**
 * A Readwise server that answers JSON-RPC over HTTP by hand, without the SDK: `tools/call` runs `handleToolsCall`, whose
 * `catch` (line 15) answers with `onError`.
 */
const HAND_WRITTEN_HTTP_ROUTE = (onError: string, method = "tools/call"): string => `
import express from "express";
import { readwise } from "./readwise-client.js";
interface McpRequest { jsonrpc: "2.0"; id: number | string; method: string; params?: any }
const app = express();
app.use(express.json());
async function handleToolsCall(request: McpRequest) {
  const { name, arguments: args } = request.params;
  try {
    if (name !== "search_highlights") {
      return { jsonrpc: "2.0", id: request.id, error: { code: -32601, message: \`Tool not found: \${name}\` } };
    }
    const highlights = await readwise.searchHighlights(args.query);
    return { jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: JSON.stringify(highlights) }] } };
  } catch (error) {
    ${onError}
  }
}
app.post("/mcp", async (req, res) => {
  const request: McpRequest = req.body;
  switch (request.method) {
    case "${method}":
      return res.json(await handleToolsCall(request));
    default:
      return res.json({ jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "Method not found" } });
  }
});`;

/** A news server's WebSocket protocol class; its `tools/call` case forwards to a method whose `catch` (line 19) answers with `onError`. */
const HAND_WRITTEN_PROTOCOL_CLASS = (onError: string): string => `
import type { NewsTool } from "./tools.js";
export class WebSocketMcpProtocol {
  constructor(private readonly tools: NewsTool[]) {}
  async handleJsonRpc(request: { id: number; method: string; params: any }) {
    switch (request.method) {
      case "tools/call":
        return this.handleToolCall(request.id, request.params);
      default:
        return this.createErrorResponse(request.id, -32601, "Method not found");
    }
  }
  private async handleToolCall(id: number, params: { name: string; arguments?: Record<string, unknown> }) {
    const tool = this.tools.find((candidate) => candidate.name === params.name);
    if (!tool) return this.createErrorResponse(id, -32602, \`Unknown tool: \${params.name}\`);
    try {
      const articles = await tool.handler(params.arguments ?? {});
      return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: articles }] } };
    } catch (error) {
      ${onError}
    }
  }
  private createErrorResponse(id: number, code: number, message: string) {
    return { jsonrpc: "2.0", id, error: { code, message } };
  }
}`;

/**
 * A Vercel function that answers JSON-RPC by hand, its whole dispatch in one \`try\`: \`tools/call\` awaits \`callTool\`
 * (\`toolBody\` is its body); the \`catch\` answers every failure with -32603 (line 24, column 33).
 */
const HAND_WRITTEN_VERCEL_FUNCTION = (toolBody: string): string => `
import type { VercelRequest, VercelResponse } from "@vercel/node";
import { hubspot } from "./hubspot.js";
async function callTool(name: string, args: Record<string, unknown>) {
  ${toolBody}
}
export default async function handler(req: VercelRequest, res: VercelResponse) {
  try {
    const { method, params, id } = req.body;
    let result;
    switch (method) {
      case "tools/list":
        result = { tools: [{ name: "hubspot_update_deal", inputSchema: { type: "object" } }] };
        break;
      case "tools/call":
        result = await callTool(params.name, params.arguments ?? {});
        break;
      default:
        return res.status(200).json({ jsonrpc: "2.0", error: { code: -32601, message: \`Method not found: \${method}\` }, id });
    }
    return res.status(200).json({ jsonrpc: "2.0", result, id });
  } catch (error) {
    return res.status(200).json({ jsonrpc: "2.0", error: { code: -32603, message: (error as Error).message }, id: req.body?.id });
  }
}`;

const THROWING_TOOL_BODY = `const deal = await hubspot.updateDeal(String(args.dealId), args);
  return { content: [{ type: "text", text: JSON.stringify(deal) }] };`;

/** A consulting server's dispatcher; `guard` stands before its `try` (line 8), `inCase` in the case of its one tool (line 14). */
const RATE_LIMITED_DISPATCHER = (guard: string, inCase = ""): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { consult, limiter } from "./consult.js";
const server = new Server({ name: "consult", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args } = request.params;
  ${guard}
  try {
    switch (name) {
      case "ask_expert": {
        const answer = await consult(String(args?.question ?? ""));
        if (!answer) return { content: [{ type: "text", text: "Error: the expert gave no answer" }], isError: true };
        ${inCase}
        return { content: [{ type: "text", text: answer }] };
      }
      default:
        throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
    }
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${(error as Error).message}\` }], isError: true };
  }
});`;

/** A Bybit dispatcher with a constant of a reserved code (line 4); its `catch` answers with `answer` (line 14). */
const BYBIT_DISPATCHER = (answer: string): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const INVALID_PARAMS = -32602;
const tools = new Map<string, (args: Record<string, unknown>) => Promise<string>>();
const server = new Server({ name: "bybit", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) return { content: [{ type: "text", text: \`Error: unknown tool \${request.params.name}\` }], isError: true };
  try {
    return { content: [{ type: "text", text: await tool(request.params.arguments ?? {}) }] };
  } catch (error) {
    const text = \`Error: \${(error as Error).message}\`;
    ${answer}
  }
});`;

ruleTester.run("no-protocol-errors-in-tools", rule, {
  valid: [
    {
      name: "the unknown-tool branch of a method the dispatcher forwards the requested name to",
      filename: SERVER_FILE,
      code: FORWARDING_DISPATCHER("request.params.name"),
    },
    {
      name: "a request that names no tool is malformed: its protocol error stands with the unknown-tool branch",
      filename: SERVER_FILE,
      code: `
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (!request.params.name) throw new McpError(ErrorCode.InvalidParams, "Tool name is required");
  const { name, arguments: args } = request.params;
  if (typeof name !== "string") {
    throw new McpError(ErrorCode.InvalidParams, "The tool name must be a string");
  }
  switch (name) {
    case "search_stays":
      return searchStays(args ?? {});
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  }
});`,
    },
    {
      name: 'an empty requested name is a request that names no tool: name.trim() === "", !name.trim(), name.length === 0',
      filename: SERVER_FILE,
      code: NOTE_TOOLS_DISPATCHER('typeof name !== "string" || name.trim() === "" || !name.trim() || name.length === 0 || name === ""'),
    },
    {
      name: "a request without params, and a name read through a const bound to the params, are malformed requests",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params == null) throw new McpError(ErrorCode.InvalidParams, "Request has no params");
  const params = request.params;
  switch (params.name) {
    case "list_events":
      return listEvents(params.arguments ?? {});
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${params.name}\`);
  }
});`,
    },
    {
      name: "an McpError loaded with require() or import() from the project, or only recognised with instanceof",
      filename: SERVER_FILE,
      code: `
const { McpError } = require("./errors.js");
const [, sdk] = await Promise.all([import("./telemetry.js"), import("@modelcontextprotocol/sdk/types.js")]);
const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "automator", version: "1.0.0" });
server.registerTool("run_script", { description: "Run an AppleScript" }, async (args: { id?: string }) => {
  try {
    if (!args.id) throw new McpError("No script id provided.");
    return { content: [{ type: "text", text: await runScript(args.id) }] };
  } catch (error) {
    const reason = error instanceof sdk.McpError ? error.message : String(error);
    return { content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true };
  }
});`,
    },
    {
      name: "the fall-through after ifs on the destructured params.name that all return: the unknown-tool error",
      filename: SERVER_FILE,
      code: `
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  if (params.name === "list_issues") return listIssues(params.arguments);
  if (params.name === "create_issue") return createIssue(params.arguments);
  throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${params.name}\`);
});`,
    },
    {
      name: "the fall-through after an if that the lookup found the tool and returns its answer: the unknown-tool error",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = lspTools.get(request.params.name);
  if (tool !== undefined) {
    return await tool.handle(request.params.arguments);
  }
  throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
});`,
    },
    {
      name: "a gateway's check that the requested name parses, named first: a malformed tool name is the unknown-tool answer",
      filename: SERVER_FILE,
      code: GATEWAY_DISPATCHER("Invalid tool name format: '${request.params.name}'"),
    },
    {
      name: "the miss of a lookup by name: !(name in handlers)",
      filename: SERVER_FILE,
      code: `
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (!(name in handlers)) throw new McpError(ErrorCode.InvalidParams, \`No such tool: \${name}\`);
  return handlers[name](args);
});`,
    },
    {
      name: "v2: a thrown UrlElicitationRequiredError in a registerTool callback (McpServer rethrows it as -32042 on purpose)",
      filename: SERVER_FILE,
      code: `
import { McpServer, UrlElicitationRequiredError } from "@modelcontextprotocol/server";
import * as z from "zod/v4";
const server = new McpServer({ name: "billing", version: "2.0.0" });
server.registerTool("connect_account", { inputSchema: z.object({ provider: z.string() }) }, async ({ provider }, ctx) => {
  const session = await sessions.get(ctx.sessionId);
  if (!session?.token) {
    throw new UrlElicitationRequiredError([
      { mode: "url", message: \`Sign in to \${provider}\`, url: authUrl(provider), elicitationId: crypto.randomUUID() },
    ]);
  }
  return { content: [{ type: "text", text: \`Connected to \${provider}\` }] };
});`,
    },
    {
      name: "v1: a thrown McpError built with ErrorCode.UrlElicitationRequired",
      filename: TOOL_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
export function createConnectTool(auth: { url(provider: string): string; hasToken(provider: string): boolean }) {
  return {
    schema: { name: "connect", description: "Connect an account", inputSchema: { type: "object" } },
    handler: async (args: { provider: string }) => {
      if (!auth.hasToken(args.provider)) {
        throw new McpError(ErrorCode.UrlElicitationRequired, "Sign-in required", {
          elicitations: [{ mode: "url", url: auth.url(args.provider) }],
        });
      }
      return { content: [{ type: "text", text: \`Connected \${args.provider}\` }] };
    },
  };
}`,
    },
    {
      name: "v2: ProtocolError with ProtocolErrorCode.UrlElicitationRequired from @modelcontextprotocol/core, rejected",
      filename: SERVER_FILE,
      code: `
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/core";
server.registerTool("open_dashboard", { description: "Open the dashboard" }, (ctx) =>
  Promise.reject(new ProtocolError(ProtocolErrorCode.UrlElicitationRequired, "Sign in first", { url: dashboardLogin(ctx) })),
);`,
    },
    {
      name: "v2: the SDK-local SdkError and SdkErrorCode are not protocol errors",
      filename: SERVER_FILE,
      code: `
import { McpServer, SdkError, SdkErrorCode } from "@modelcontextprotocol/server";
server.registerTool("ping_upstream", { description: "Ping the upstream server" }, async () => {
  try {
    return { content: [{ type: "text", text: await upstream.ping() }] };
  } catch (error) {
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return { content: [{ type: "text", text: "Error: the upstream server timed out" }], isError: true };
    }
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
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
      name: "a call the tool's task support rules out: the tasks specification's -32601",
      filename: SERVER_FILE,
      code: TASK_DISPATCHER(
        '  if (!task && tool.execution?.taskSupport === "required") throw new McpError(ErrorCode.MethodNotFound, "Run it as a task");',
      ),
    },
    {
      name: "a tool file's function typed as the tools/call dispatcher: its unknown-tool branch",
      filename: TOOL_FILE,
      code: TOOL_REGISTRY("request: CallToolRequest").replace(/\n.*InvalidParams.*\n/u, "\n"),
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
    {
      name: "a one-tool dispatcher that rejects every other name first: the unknown-tool branch",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const toolName = request.params.name;
  if (toolName !== "claude_code" && toolName !== "claude_code_resume") {
    throw new McpError(ErrorCode.MethodNotFound, \`Tool \${toolName} not found\`);
  }
  if (!TOOL_NAMES.includes(toolName)) throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  try {
    return { content: [{ type: "text", text: await runClaude(String(request.params.arguments?.prompt ?? "")) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "a dispatcher that rejects a tool the configuration disables: SDK v2 answers a disabled tool as an unknown one",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: input = {} } = request.params;
  if (!isToolAllowed(name)) {
    throw new McpError(ErrorCode.InvalidRequest, \`Tool '\${name}' is not allowed under the current server configuration\`);
  }
  try {
    return await tools[name].run(input);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "SDK v2's own shape: a tool found by the name but disabled is answered as an unknown one",
      filename: SERVER_FILE,
      code: `
import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
const server = new Server({ name: "registry", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/call", async (request) => {
  const tool = registeredTools[request.params.name];
  if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Tool \${request.params.name} not found\`);
  if (!tool.enabled) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Tool \${request.params.name} disabled\`);
  }
  try {
    return await tool.handler(request.params.arguments);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "the names in a catch's test that lets the URL elicitation error through: the protocol requires that rethrow",
      filename: SERVER_FILE,
      code: payInvoiceTool(
        'import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";',
        "    if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) throw error;",
      ),
    },
    {
      name: "a dispatcher registered through an escaped method name still has its unknown-tool branch",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server["set\\u0052equestHandler"](CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search":
      return { content: [{ type: "text", text: "ok" }] };
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  }
});`,
    },
    {
      name: "ErrorCode imported from a module that is not the SDK",
      filename: TOOL_FILE,
      code: `
import { ErrorCode } from "../db/codes.js";
export const isConflict = (code: string) => code === ErrorCode.UNIQUE_VIOLATION;`,
    },
    {
      name: "a local enum of tool-level codes",
      filename: TOOL_FILE,
      code: `
enum ErrorCodes { NotFound = 1, Denied = 2, Busy }
export const denied = () => ({ content: [{ type: "text", text: "Error: denied" }], isError: true, _meta: { code: ErrorCodes.Denied } });`,
    },
    {
      name: "type annotations and type-only imports of SDK errors",
      filename: TOOL_FILE,
      code: `
import type { McpError } from "@modelcontextprotocol/sdk/types.js";
import { type ErrorCode } from "@modelcontextprotocol/sdk/types.js";
export function describe(err: McpError, code: ErrorCode): string { return \`\${err.message} \${String(code)}\`; }`,
    },
    {
      name: "reserved numbers that are not error codes, and codes outside the range",
      filename: TOOL_FILE,
      code: `
export const offset = -32602;
export const sizes = [-32000, -32768];
export const result = { content: [{ type: "text", text: "Error: rate limited (-32000)" }], isError: true, _meta: { code: 429 } };
export const httpFailure = { code: -1 };`,
    },
    {
      name: "a JSON-RPC success response and a jsonrpc object without error",
      filename: TOOL_FILE,
      code: `export const message = (id: number) => ({ jsonrpc: "2.0", id, result: { content: [] } });`,
    },
    {
      name: "the same code outside tool files and handlers: the transport layer",
      filename: "src/transport/http.ts",
      code: `
import * as errors from "../errors.js";
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
export function reject(id: number) {
  if (id < 0) throw new McpError(ErrorCode.InvalidRequest, "bad id");
  return { jsonrpc: "2.0", id, error: { code: errors.ErrorCodes.RATE_LIMITED, message: "Too many requests" } };
}
export class SessionError extends Error { code = -32001; }`,
    },
    {
      name: "an Express route is not a tool handler",
      filename: "src/http.ts",
      code: `
import { ErrorCodes } from "./errors.js";
app.post("/mcp", async (req, res) => { res.json({ error: { code: ErrorCodes.INVALID_REQUEST } }); });`,
    },
    {
      name: "a custom protocolErrors.names setting replaces ErrorCodes",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { protocolErrors: { names: ["RpcCodes"] } } },
      code: `
import { ErrorCodes } from "../db/errors.js";
export const conflict = ErrorCodes.UNIQUE_VIOLATION;`,
    },
    {
      name: "the unknown-tool branch behind two lookups by name, either of which finds nothing",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const id = request.params.name;
  const tool = this.tools.get(id);
  const api = this.apis.get(id);
  if (!tool || !api) throw new McpError(ErrorCode.MethodNotFound, \`Tool (\${id}) not found\`);
  return this.client.call(api, request.params.arguments);
});`,
    },
    {
      name: "the unknown-tool branch behind a lookup by name",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const tool = tools.get(name);
  if (!tool) {
    throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  }
  return tool.run(args);
});`,
    },
    {
      name: "a dispatcher turns a rate-limited request away before any tool is chosen: the ADR's tier 1",
      filename: SERVER_FILE,
      code: RATE_LIMITED_DISPATCHER(`if (!limiter.allow(extra.sessionId ?? "anonymous")) {
    throw new McpError(ErrorCode.InvalidRequest, "Rate limit exceeded. Try again later.");
  }`),
    },
    {
      name: "a hand-written route's catch that renews a sign-in at the protocol tier, and answers other failures with a result",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_PROTOCOL_CLASS(`if (error instanceof AuthExpiredError) return this.createErrorResponse(id, -32001, "Session expired: sign in again");
      return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true } };`),
    },
    {
      name: "a WebSocket route: a function that sends the answer (its value unused) catches a failed write, and the tool runs in a function answering its own failures",
      filename: SERVER_FILE,
      code: `
import type { WebSocket } from "ws";
import { loadTools } from "./tools.js";
export class WebSocketRoute {
  constructor(private readonly socket: WebSocket) {}
  async onMessage(message: { id: number; method: string; params: any }) {
    try {
      if (message.method === "tools/call") {
        const result = await this.callTool(message.params);
        this.send({ jsonrpc: "2.0", id: message.id, result });
      }
    } catch (error) {
      this.send({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: \`Request failed: \${String(error)}\` } });
    }
  }
  private async callTool(params: { name: string; arguments?: Record<string, unknown> }) {
    const tools = await loadTools();
    const tool = tools.find((candidate) => candidate.name === params.name);
    if (!tool) throw new Error(\`Unknown tool: \${params.name}\`);
    try {
      return { content: [{ type: "text", text: await tool.run(params.arguments ?? {}) }] };
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
    }
  }
  private send(message: unknown) {
    try {
      this.socket.send(JSON.stringify(message));
    } catch (error) {
      this.socket.send(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: String(error) } }));
    }
  }
}`,
    },
    {
      name: "a constant of a reserved code compared with a caught error's code in a handler: no code of the answer",
      filename: SERVER_FILE,
      code: BYBIT_DISPATCHER(`const hint = (error as { code?: number }).code === INVALID_PARAMS ? " (check the arguments)" : "";
    return { content: [{ type: "text", text: text + hint }], isError: true };`),
    },
    {
      name: "a hand-written tools/call route whose catch answers with an error result",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_HTTP_ROUTE(
        'return { jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: `Error: ${String(error)}` }], isError: true } };',
      ),
    },
    {
      name: "the same catch in the route of another method (tools/list) is the transport's",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_HTTP_ROUTE(
        'return { jsonrpc: "2.0", id: request.id, error: { code: -32603, message: "Tool execution failed" } };',
        "tools/list",
      ),
    },
    {
      name: "a hand-written route's catch that answers an unknown tool (picked out) with a protocol error, and a failure with a result",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_PROTOCOL_CLASS(`if (error instanceof UnknownToolError) return this.createErrorResponse(id, -32602, error.message);
      return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true } };`),
    },
    {
      name: "a hand-written route's catch around the validation of the request only",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestParamsSchema } from "./schemas.js";
import { runTool } from "./tools.js";
export async function route(message: { id: number; method: string; params: unknown }) {
  if (message.method === "tools/call") {
    let params;
    try {
      params = CallToolRequestParamsSchema.parse(message.params);
    } catch {
      return { jsonrpc: "2.0", id: message.id, error: { code: -32602, message: "Invalid params" } };
    }
    return { jsonrpc: "2.0", id: message.id, result: await runTool(params.name, params.arguments) };
  }
}`,
    },
    {
      name: "a try around a hand-written dispatch whose tools/call function catches its own failures",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_VERCEL_FUNCTION(`try {
    ${THROWING_TOOL_BODY}
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }`),
    },
    {
      name: "an MCP client sends tools/call: its catch's JSON-RPC error answers no tool call",
      filename: "src/bridge.ts",
      code: `
export async function forwardToolCall(id: number, name: string, args: Record<string, unknown>) {
  try {
    const response = await fetch("http://localhost:3000/mcp", {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }),
    });
    return await response.json();
  } catch (error) {
    return { jsonrpc: "2.0", id, error: { code: -32603, message: String(error) } };
  }
}`,
    },
  ],
  invalid: [
    {
      name: "near-miss of a task-support check: a branch that does more than throw is the tool's",
      filename: SERVER_FILE,
      code: TASK_DISPATCHER(
        '  if (!task && tool.execution?.taskSupport === "required") {\n    await tool.run({});\n    throw new McpError(ErrorCode.InvalidRequest, "Run it as a task");\n  }',
      ),
      errors: [{ messageId: "sdkProtocolError", line: 13, column: 11 }],
    },
    {
      name: "a tool file's function typed as the tools/call dispatcher: its invalid-params error is the tool's",
      filename: TOOL_FILE,
      code: TOOL_REGISTRY("request: CallToolRequest"),
      errors: [{ messageId: "sdkProtocolError", line: 13, column: 41 }],
    },
    {
      name: "near-miss of a typed dispatcher: a function whose request is not declared as CallToolRequest",
      filename: TOOL_FILE,
      code: TOOL_REGISTRY("request: { params: { name: string; arguments?: unknown } }"),
      errors: [
        { messageId: "sdkProtocolError", line: 12, column: 22 },
        { messageId: "sdkProtocolError", line: 13, column: 41 },
      ],
    },
    {
      name: "look-alike of an empty name: an empty argument beside it is a tool's input failure, not a malformed request",
      filename: SERVER_FILE,
      code: NOTE_TOOLS_DISPATCHER('name.trim() === "" || String(args?.path ?? "").trim() === ""'),
      errors: [{ messageId: "sdkProtocolError", line: 6, column: 11 }],
    },
    {
      name: "a function of the file the dispatcher forwards to is the handler: its invalid-params error, not its unknown-tool branch",
      filename: SERVER_FILE,
      code: FUNCTION_FORWARDING_DISPATCHER("request.params.name"),
      errors: [{ messageId: "sdkProtocolError", line: 8, column: 44 }],
    },
    {
      name: "near-miss of a forwarded name to a function: the forwarder passes an argument, so both errors are the tool's",
      filename: SERVER_FILE,
      code: FUNCTION_FORWARDING_DISPATCHER("String(request.params.arguments?.chart)"),
      errors: [
        { messageId: "sdkProtocolError", line: 7, column: 40 },
        { messageId: "sdkProtocolError", line: 8, column: 44 },
      ],
    },
    {
      name: "near-miss of a forwarded name: the forwarder passes an argument, not the requested tool's name",
      filename: SERVER_FILE,
      code: FORWARDING_DISPATCHER("String(request.params.arguments?.tool)"),
      errors: [{ messageId: "sdkProtocolError", line: 14, column: 15 }],
    },
    {
      name: "near-miss of a request that names no tool: an argument is missing, a tool error",
      filename: SERVER_FILE,
      code: `
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (!args?.location) throw new McpError(ErrorCode.InvalidParams, "location is required");
  if (name === "search_stays") return searchStays(args);
  throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 30 }],
    },
    {
      name: "near-miss of a request without params: the tool's arguments are missing, read through a const bound to the params",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const params = request.params;
  if (!params.arguments || typeof params.arguments !== "object") throw new McpError(ErrorCode.InvalidParams, "Arguments are required");
  const note = noteTools.get(params.name);
  if (!note) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${params.name}\`);
  return note.handler(params.arguments);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 72 }],
    },
    {
      name: "near-miss of two lookups: one side of the || is not a lookup by name (missing arguments are a tool error)",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = this.tools.get(request.params.name);
  if (!tool || !request.params.arguments) throw new McpError(ErrorCode.InvalidParams, "Tool not found or no arguments");
  return tool.run(request.params.arguments);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 49 }],
    },
    {
      name: "near-miss of the disabled-tool check: the check passes the name but the error says the tool failed",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: input = {} } = request.params;
  if (!(hasQuota(name))) throw new McpError(ErrorCode.InternalError, "Quota exceeded for this tool, try again tomorrow");
  return tools[name].run(input);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 32 }],
    },
    {
      name: "near-miss of the disabled-tool check: a check of the name whose InvalidParams error is about the arguments",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: input = {} } = request.params;
  if (!validateArguments(name, input)) throw new McpError(ErrorCode.InvalidParams, "invalid arguments for this tool");
  return tools[name].run(input);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 46 }],
    },
    {
      name: "near-miss of the disabled-tool check: the rejected value is an argument, not the requested tool",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: input = {} } = request.params;
  if (!isPathAllowed(String(input.path))) throw new McpError(ErrorCode.InvalidRequest, "Path not allowed");
  return tools[name].run(input);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 49 }],
    },
    {
      name: "near-miss of the disabled tool: a check of the tool found whose error says something else",
      filename: SERVER_FILE,
      code: `
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
server.setRequestHandler("tools/call", async (request) => {
  const tool = registeredTools[request.params.name];
  if (!tool.inputSchema) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "the tool has no input schema");
  return tool.handler(request.params.arguments);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 5, column: 32 }],
    },
    {
      name: "near-miss of the elicitation rethrow: a test for another code lets a protocol error through",
      filename: SERVER_FILE,
      code: payInvoiceTool(
        'import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";',
        "    if (error instanceof McpError && error.code === ErrorCode.InvalidParams) throw error;",
      ),
      errors: [{ messageId: "sdkProtocolError", line: 7, column: 53 }],
    },
    {
      name: "near-miss of the fall-through: the last throw says the backend failed, not that the tool is unknown",
      filename: SERVER_FILE,
      code: `
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  if (params.name === "list_issues") return listIssues(params.arguments);
  if (params.name === "create_issue") return createIssue(params.arguments);
  throw new McpError(ErrorCode.InternalError, "the issue tracker is unreachable");
});`,
      // One report for the expression, not one per protocol name in it.
      errors: [{ messageId: "sdkProtocolError", line: 6, column: 9 }],
    },
    {
      name: "near-miss of the found-tool fall-through: the if runs the tool without returning, so the throw follows every call",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = lspTools.get(request.params.name);
  if (tool) {
    await tool.handle(request.params.arguments);
  }
  throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
});`,
      errors: [{ messageId: "sdkProtocolError", line: 8, column: 9 }],
    },
    {
      name: "near-miss of the gateway's name check: the branch says the upstream failed, which is the tool's failure",
      filename: SERVER_FILE,
      code: GATEWAY_DISPATCHER("Upstream server for '${request.params.name}' is unreachable"),
      errors: [{ messageId: "sdkProtocolError", line: 6, column: 11 }],
    },
    {
      name: "near-miss of the one-tool check: the branch for the other names dispatches them, and its protocol error is a tool's",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  if (params.name !== "search") {
    const result = await legacyTools.run(params.name, params.arguments);
    if (!result.ok) throw new McpError(ErrorCode.InternalError, "Tool not found in the legacy backend");
    return result.value;
  }
  if (params.name !== "search") throw new McpError(ErrorCode.InternalError, "the search index is offline");
  return { content: [{ type: "text", text: await search(params.arguments) }] };
});`,
      errors: [
        { messageId: "sdkProtocolError", line: 6, column: 27 },
        { messageId: "sdkProtocolError", line: 9, column: 39 },
      ],
    },
    {
      name: "v2: ResourceNotFoundError from @modelcontextprotocol/server in a registerTool callback",
      filename: SERVER_FILE,
      code: `
import { McpServer, ResourceNotFoundError } from "@modelcontextprotocol/server";
server.registerTool("read_note", { description: "Read a note" }, async ({ id }, ctx) => {
  const note = await notes.find(id);
  if (!note) throw new ResourceNotFoundError(\`note://\${id}\`);
  return { content: [{ type: "text", text: note.body }] };
});`,
      errors: [
        {
          messageId: "convertedSdkProtocolError",
          line: 5,
          column: 20,
          data: { name: "ResourceNotFoundError", source: "@modelcontextprotocol/server", outcome: SAFETY_NET },
        },
      ],
    },
    {
      name: "v2: MissingRequiredClientCapabilityError and UnsupportedProtocolVersionError from @modelcontextprotocol/core",
      filename: TOOL_FILE,
      code: `
import { MissingRequiredClientCapabilityError, UnsupportedProtocolVersionError } from "@modelcontextprotocol/core";
export const sampleTool = defineTool({
  name: "summarise",
  handler: async (args: { text: string }, ctx: ToolContext) => {
    if (!ctx.client.capabilities?.sampling) throw new MissingRequiredClientCapabilityError("sampling");
    if (ctx.protocolVersion < "2025-06-18") throw new UnsupportedProtocolVersionError(ctx.protocolVersion);
    return { content: [{ type: "text", text: await ctx.sample(args.text) }] };
  },
});`,
      errors: [
        { messageId: "sdkProtocolError", line: 6, column: 51 },
        { messageId: "sdkProtocolError", line: 7, column: 51 },
      ],
    },
    {
      name: "v1: McpError with UrlElicitationRequired that is built but not thrown is still a protocol error in tool code",
      filename: TOOL_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
export const signInError = (url: string) => new McpError(ErrorCode.UrlElicitationRequired, "Sign-in required", { url });`,
      errors: [{ messageId: "sdkProtocolError", line: 3, column: 45 }],
    },
    {
      name: "v2: a thrown ProtocolError with another code is reported once, its code name with it",
      filename: SERVER_FILE,
      code: `
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
server.registerTool("resize_image", { description: "Resize an image" }, async ({ width }) => {
  if (width <= 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "width must be positive");
  return { content: [{ type: "text", text: await resize(width) }] };
});`,
      errors: [{ messageId: "convertedSdkProtocolError", line: 4, column: 25 }],
    },
    {
      name: "McpError built with a raw reserved code: one report for the expression, the code with it",
      filename: SERVER_FILE,
      code: `
import { McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("query", { description: "Run a read-only query" }, async ({ sql }) => {
  if (!sql) throw new McpError(-32602, "sql is required");
  return { content: [{ type: "text", text: await db.query(sql) }] };
});`,
      errors: [{ messageId: "convertedSdkProtocolError", line: 4, column: 19 }],
    },
    {
      name: "ErrorCodes without type information: the message says it is matched by name and that types check its values",
      filename: TOOL_FILE,
      code: `
import { ErrorCodes } from "../errors.js";
export const invalid = (message: string) => ({ code: ErrorCodes.INVALID_PARAMS, message });`,
      errors: [
        {
          messageId: "protocolErrorName",
          line: 3,
          column: 54,
          data: {
            name: "ErrorCodes",
            how: "; the plugin cannot see its values without type information (type-aware linting checks them)",
          },
        },
      ],
    },
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
      name: "McpError thrown inside the dispatcher's try, whose catch answers with an error result: its code reaches no client",
      filename: SERVER_FILE,
      code: MEMORY_DISPATCHER(ANSWERING_CATCH),
      errors: [
        {
          messageId: "caughtSdkProtocolError",
          line: 11,
          column: 13,
          data: { name: "McpError", source: "@modelcontextprotocol/sdk/types.js" },
        },
      ],
    },
    {
      name: "look-alike of a caught McpError: a catch that throws again may pass it on as a JSON-RPC error",
      filename: SERVER_FILE,
      code: MEMORY_DISPATCHER(`if (error instanceof McpError) throw error;
    ${ANSWERING_CATCH}`),
      errors: [
        {
          messageId: "sdkProtocolError",
          line: 11,
          column: 13,
          data: { name: "McpError", source: "@modelcontextprotocol/sdk/types.js" },
        },
      ],
    },
    {
      name: "McpError thrown in a registerTool callback's try whose catch throws it again: the safety net converts what leaves",
      filename: SERVER_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("swap_assets", { inputSchema: { amount: z.number().optional() } }, async ({ amount }) => {
  try {
    if (!amount) throw new McpError(ErrorCode.InvalidParams, "amount is required");
    return { content: [{ type: "text", text: JSON.stringify(await submitSwap(amount)) }] };
  } catch (error) {
    if (error instanceof McpError) throw error;
    return { content: [{ type: "text", text: \`Error: swap failed: \${String(error)}\` }], isError: true };
  }
});`,
      errors: [
        {
          messageId: "convertedSdkProtocolError",
          line: 5,
          column: 24,
          data: { name: "McpError", source: "@modelcontextprotocol/sdk/types.js", outcome: SAFETY_NET },
        },
      ],
    },
    {
      name: "McpError from the SDK inside a registerTool handler of a server file",
      filename: SERVER_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("read_file", { inputSchema: {} }, async ({ path }) => {
  throw new McpError(ErrorCode.InvalidParams, "path is required");
});`,
      // One report for the expression, not one for `McpError` and another for `ErrorCode`.
      errors: [
        {
          messageId: "convertedSdkProtocolError",
          line: 4,
          column: 9,
          data: { name: "McpError", source: "@modelcontextprotocol/sdk/types.js", outcome: SAFETY_NET },
        },
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
    {
      name: "a namespace import",
      filename: TOOL_FILE,
      code: `
import * as errors from "../errors.js";
export const code = errors.ErrorCodes.INVALID_PARAMS;`,
      errors: [{ messageId: "protocolErrorName", line: 3, column: 21 }],
    },
    {
      name: "destructuring reports the reference it comes from",
      filename: TOOL_FILE,
      code: `
import { ErrorCodes } from "../errors.js";
const { INVALID_PARAMS } = ErrorCodes;
export const code = INVALID_PARAMS;`,
      errors: [{ messageId: "protocolErrorName", line: 3, column: 28 }],
    },
    {
      name: "re-exports from a tool file",
      filename: TOOL_FILE,
      code: `
export { ErrorCodes } from "../errors.js";
export { McpError as ToolError } from "@modelcontextprotocol/sdk/types.js";`,
      errors: [
        { messageId: "protocolErrorName", line: 2, column: 10 },
        { messageId: "sdkProtocolError", line: 3, column: 10 },
      ],
    },
    {
      name: "a global ErrorCodes and a local one that holds reserved codes",
      filename: TOOL_FILE,
      code: `
export const a = ErrorCodes.INVALID_PARAMS;
function local() {
  const ErrorCodes = { INVALID_PARAMS: -32602 } as const;
  return ErrorCodes.INVALID_PARAMS;
}`,
      errors: [
        { messageId: "protocolErrorName", line: 2, column: 18 },
        { messageId: "protocolErrorName", line: 5, column: 10 },
      ],
    },
    {
      name: "the SDK loaded with require() (CommonJS)",
      filename: SERVER_FILE,
      code: `
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { McpError, ErrorCode: Codes } = require("@modelcontextprotocol/sdk/types.js");
const server = new McpServer({ name: "automator", version: "1.0.0" });
server.registerTool("run_script", { description: "Run an AppleScript" }, async (args: { source?: string }) => {
  if (!args.source) throw new McpError(Codes.InvalidParams, "No script source provided.");
  return { content: [{ type: "text", text: await runScript(args.source) }] };
});`,
      errors: [
        {
          messageId: "convertedSdkProtocolError",
          line: 6,
          column: 27,
          data: { name: "McpError", source: "@modelcontextprotocol/sdk/types.js", outcome: SAFETY_NET },
        },
      ],
    },
    {
      name: "the SDK loaded with import(): a namespace, and one element of Promise.all",
      filename: SERVER_FILE,
      code: `
const [{ McpServer }, sdkTypes] = await Promise.all([
  import("@modelcontextprotocol/sdk/server/mcp.js"),
  import("@modelcontextprotocol/sdk/types.js"),
]);
const types = await import("@modelcontextprotocol/sdk/types.js");
const server = new McpServer({ name: "automator", version: "1.0.0" });
server.registerTool("run_script", { description: "Run an AppleScript" }, async (args: { id?: string }) => {
  if (!args.id) throw new sdkTypes.McpError(sdkTypes.ErrorCode.InvalidParams, "No script id provided.");
  const script = await loadScript(args.id);
  if (!script) throw new types.McpError(types.ErrorCode.InternalError, "Script has no content.");
  return { content: [{ type: "text", text: await runScript(script) }] };
});`,
      errors: [
        { messageId: "convertedSdkProtocolError", line: 9, column: 23 },
        { messageId: "convertedSdkProtocolError", line: 11, column: 22 },
      ],
    },
    {
      name: "the v2 SDK's ProtocolError through a namespace import",
      filename: TOOL_FILE,
      code: `
import * as mcp from "@modelcontextprotocol/server";
export const tool = defineTool({
  name: "fetch_page",
  handler: async ({ url }: { url: string }) => {
    if (!url) throw new mcp.ProtocolError(mcp.ProtocolErrorCode.InvalidParams, "url is required");
    return { content: [{ type: "text", text: await fetchPage(url) }] };
  },
});`,
      errors: [
        { messageId: "sdkProtocolError", line: 6, column: 21, data: { name: "ProtocolError", source: "@modelcontextprotocol/server" } },
      ],
    },
    {
      name: "reserved codes as code properties, assignments, class fields and constructor arguments",
      filename: TOOL_FILE,
      code: `
export class ToolFailure extends Error { code = -32000; }
export function fail(err: Error & { code?: number }) {
  err.code = -32001;
  return new RpcError(-32603, err.message);
}
export const meta = { code: -32602 as const };`,
      errors: [
        { messageId: "reservedCode", line: 2, column: 49 },
        { messageId: "reservedCode", line: 4, column: 14 },
        { messageId: "reservedCode", line: 5, column: 23 },
        { messageId: "reservedCode", line: 7, column: 29 },
      ],
    },
    {
      name: "inside a handler of a low-level dispatcher, outside the unknown-tool branch",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "query": {
      if (!request.params.arguments?.sql) throw new McpError(ErrorCode.InvalidParams, "sql is required");
      return runQuery(request.params.arguments.sql);
    }
    default:
      throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
});`,
      errors: [{ messageId: "sdkProtocolError", line: 6, column: 49 }],
    },
    {
      name: "a hand-built JSON-RPC error in a FastMCP tool outside src/tools",
      filename: "src/server.ts",
      code: `
server.addTool({
  name: "crawl",
  parameters: z.object({ url: z.string() }),
  execute: async (args) => JSON.stringify({ jsonrpc: "2.0", error: { message: \`cannot crawl \${args.url}\` } }),
});`,
      errors: [{ messageId: "handBuiltJsonRpcError", line: 5, column: 45 }],
    },
    {
      name: "look-alike of a rate-limited request: the guard throws another failure, or a tool's upstream is rate limited",
      filename: SERVER_FILE,
      code: RATE_LIMITED_DISPATCHER(
        'if (!limiter.allow(extra.sessionId ?? "anonymous")) throw new McpError(ErrorCode.InternalError, "Limiter unavailable");',
        'if (answer.status === 429) throw new McpError(ErrorCode.InternalError, "Expert API rate limit exceeded");',
      ),
      errors: [
        { messageId: "sdkProtocolError", line: 8, column: 61 },
        { messageId: "caughtSdkProtocolError", line: 14, column: 42 },
      ],
    },
    {
      name: "a constant of the file holding a reserved code, given as a tool result's code",
      filename: SERVER_FILE,
      code: BYBIT_DISPATCHER('return { content: [{ type: "text", text }], isError: true, _meta: { code: INVALID_PARAMS } };'),
      errors: [{ messageId: "reservedCode", line: 14, column: 79, data: { code: "`INVALID_PARAMS` (-32602)" } }],
    },
    {
      name: "hand-written routes: a function registered for tools/call, a catch two calls below the case, a constant's code, a thrown McpError",
      filename: SERVER_FILE,
      code: `
import readline from "node:readline";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { dispatchToolCall, leads } from "./tools/index.js";
const JSON_RPC_INTERNAL_ERROR = -32603;
const requestHandlers = new Map<string, (id: number, params: any) => Promise<unknown>>();
requestHandlers.set("tools/call", async (id, params) => {
  try {
    return { jsonrpc: "2.0", id, result: await dispatchToolCall(params.name, params.arguments) };
  } catch (error) {
    return rpcError(id, JSON_RPC_INTERNAL_ERROR, \`Error calling tool '\${params.name}': \${String(error)}\`);
  }
});
function rpcError(id: number, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
async function shareLead(id: number, title: string) {
  try {
    return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: \`Shared \${(await leads.share(title)).id}\` }] } };
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, \`share_lead failed: \${String(error)}\`);
  }
}
async function callTool(id: number, params: { name: string; arguments: { title: string } }) {
  return params.name === "share_lead" ? await shareLead(id, params.arguments.title) : rpcError(id, -32601, "Unknown tool");
}
readline.createInterface({ input: process.stdin }).on("line", async (line) => {
  const { id, method, params } = JSON.parse(line);
  switch (method) {
    case "tools/call":
      process.stdout.write(JSON.stringify(await callTool(id, params)));
  }
});`,
      errors: [
        { messageId: "toolFailureAsProtocolError", line: 11, column: 12 },
        { messageId: "toolFailureAsProtocolError", line: 21, column: 5 },
      ],
    },
    {
      name: "a hand-written route's catch with several JSON-RPC answers is one report, on the first",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_PROTOCOL_CLASS(`const rpcError = error instanceof Error ? { code: -32603, message: error.message } : { code: -32603, message: "Internal error" };
      return { jsonrpc: "2.0", id, error: rpcError };`),
      errors: [{ messageId: "toolFailureAsProtocolError", line: 20, column: 49 }],
    },
    {
      name: "a hand-written tools/call route answers a failed tool with a JSON-RPC error",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_HTTP_ROUTE(
        'return { jsonrpc: "2.0", id: request.id, error: { code: -32603, message: "Tool execution failed" } };',
      ),
      errors: [{ messageId: "toolFailureAsProtocolError", line: 16, column: 12 }],
    },
    {
      name: "a hand-written route's catch calls a method of the class that builds a JSON-RPC error",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_PROTOCOL_CLASS("return this.createErrorResponse(id, -32603, `Tool execution failed: ${String(error)}`);"),
      errors: [{ messageId: "toolFailureAsProtocolError", line: 20, column: 14 }],
    },
    {
      name: "a try around a hand-written dispatch whose tools/call function can fail",
      filename: SERVER_FILE,
      code: HAND_WRITTEN_VERCEL_FUNCTION(THROWING_TOOL_BODY),
      errors: [{ messageId: "toolFailureAsProtocolError", line: 24, column: 33 }],
    },
    {
      name: "a stdio server's tools/call branch sends the failure through a function of the file that builds a JSON-RPC error",
      filename: "src/codex-mcp-server.ts",
      code: `
import readline from "node:readline";
import { invokeMcpTool } from "./codex-mcp-tools.js";
type JsonRpcId = number | string;
const send = (message: unknown) => process.stdout.write(\`\${JSON.stringify(message)}\\n\`);
function sendError(id: JsonRpcId, message: string): void {
  send({ jsonrpc: "2.0", id, error: { code: -32602, message } });
}
async function handle(message: { id?: JsonRpcId; method?: string; params?: { name?: string; arguments?: Record<string, unknown> } }) {
  if (message.method === "tools/call" && message.id !== undefined) {
    try {
      const payload = await invokeMcpTool(message.params?.name ?? "", message.params?.arguments ?? {});
      send({ jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: JSON.stringify(payload) }] } });
    } catch (error) {
      sendError(message.id, error instanceof Error ? error.message : String(error));
    }
  }
}
readline.createInterface({ input: process.stdin }).on("line", (line) => void handle(JSON.parse(line)));`,
      errors: [{ messageId: "toolFailureAsProtocolError", line: 15, column: 7 }],
    },
    {
      name: "a predicate of the file picks out tools/call, and a table of methods holds it",
      filename: SERVER_FILE,
      code: `
import { runOperation } from "./openapi.js";
function isToolCallRequest(message: { method?: string }): boolean {
  return message.method === "tools/call";
}
const methods = {
  async "tools/call"(params: { name: string; arguments: Record<string, unknown> }) {
    try {
      return { result: { content: [{ type: "text", text: JSON.stringify(await runOperation(params.name, params.arguments)) }] } };
    } catch (error) {
      return { error: { code: -32603, message: "Internal error", data: String(error) } };
    }
  },
};
export async function handleMessage(message: { id: number; method?: string; params: any }) {
  if (isToolCallRequest(message)) {
    try {
      return { jsonrpc: "2.0", id: message.id, result: await runOperation(message.params.name, message.params.arguments) };
    } catch (error) {
      return { jsonrpc: "2.0", id: message.id, error: { code: -32603, message: String(error) } };
    }
  }
  return { jsonrpc: "2.0", id: message.id, ...(await methods["tools/call"](message.params)) };
}`,
      errors: [
        { messageId: "toolFailureAsProtocolError", line: 11, column: 23 },
        { messageId: "toolFailureAsProtocolError", line: 20, column: 14 },
      ],
    },
  ],
});
