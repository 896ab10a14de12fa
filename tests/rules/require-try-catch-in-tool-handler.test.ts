import type { InvalidTestCase } from "@typescript-eslint/rule-tester";
import rule from "../../src/rules/require-try-catch-in-tool-handler.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";
import { CLOSE_HEAP_SNAPSHOT, DEFINE_PAGE_TOOL_HINT, DEFINE_TOOL_GUARDS } from "./cases/definition-functions.js";
import { INTEGRATION_TOOLS, RETHROWS, RETURNS_ERROR_RESULT } from "./cases/table-loops.js";

const ruleTester = createRuleTester();

/** The catch clause every suggestion writes, at a given indentation. */
const catchClause = (indent: string, prefix = "Error: "): string =>
  `${indent}} catch (error) {
${indent}  return { content: [{ type: "text", text: \`${prefix}\${error instanceof Error ? error.message : String(error)}\` }], isError: true };
${indent}}`;

/** A tool registered as the long form `(args) => ${call}(args)` of a call; `executeDql` does unguarded work. */
const LONG_FORM_REGISTRATION = (call: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
type Callback = (args: { query: string }) => Promise<{ content: { type: "text"; text: string }[]; isError?: boolean }>;
declare function runDql(query: string): Promise<string>;
declare function savedQuery(name: string): Callback;
const server = new McpServer({ name: "observability", version: "1.0.0" });
const safely = (cb: Callback): Callback => async (args) => {
  try {
    return await cb(args);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
};
const executeDql: Callback = async (args) => ({ content: [{ type: "text", text: await runDql(args.query) }] });
server.registerTool("execute_dql", { description: "Run a DQL query" }, (args) => ${call}(args));`;

/** A dispatcher that loads its table before the lookup, outside its try. */
const DISPATCHER_LOADING_TOOLS = `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = (await loadTools()).find((candidate) => candidate.schema.name === request.params.name);
  if (!tool) return { content: [{ type: "text", text: "Error: unknown tool" }], isError: true };
  try {
    return await tool.handle(request.params.arguments);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

/** Two clock tools in a server file with a logger of its own named `console`; bodies start on lines 6 and 10. */
const CLOCK_TOOLS = (logTime: readonly string[], parseTime: readonly string[]): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "clock", version: "1.0.0" });
const console = createRemoteLogger(process.env.LOG_URL);
server.registerTool("log_time", { description: "Log the time" }, async () => {
${logTime.join("\n")}
});
server.registerTool("parse_time", { description: "Parse a time" }, async ({ value }: { value: string }) => {
${parseTime.join("\n")}
});`;

/**
 * A tool registered with `signature` (its arguments up to the arrow) whose `body` does unguarded work, in a file that
 * starts with `imports`: reported at its head (`column`), the suggestion wrapping the whole body.
 */
const unguardedTool = (
  name: string,
  signature: string,
  body: readonly string[],
  column: number,
  imports = "",
): InvalidTestCase<"unguarded" | "wrapInTryCatch", []> => {
  const tool = (text: string): string => `${imports}
server.registerTool(${signature} => {
${text}
});`;
  const lines = (indent: string): string => body.map((line) => indent + line).join("\n");
  return {
    name,
    filename: SERVER_FILE,
    code: tool(lines("  ")),
    errors: [
      {
        messageId: "unguarded",
        line: imports.split("\n").length + 1,
        column,
        data: { hint: "" },
        suggestions: [{ messageId: "wrapInTryCatch", output: tool(`  try {\n${lines("    ")}\n${catchClause("  ")}`) }],
      },
    ],
  };
};

/** An OpenAPI proxy's dispatcher that finds the operation with `lookup` before its `try`; the head is at line 5, column 74. */
const OPENAPI_PROXY_BODY = (lookup: string): string[] => [
  "const { name, arguments: params } = request.params;",
  `const operation = ${lookup};`,
  "if (!operation) throw new Error(`Method ${name} not found`);",
  "try {",
  '  return { content: [{ type: "text", text: JSON.stringify(await this.http.run(operation, params)) }] };',
  "} catch (error) {",
  '  return { content: [{ type: "text", text: `Error: ${String(error)}` }], isError: true };',
  "}",
];
const openApiProxy = (body: string): string => `
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export class OpenApiProxy {
  constructor(private server: Server, private http: HttpClient) {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
${body}
    });
  }
}`;
const indented = (lines: readonly string[], indent: string): string => lines.map((line) => indent + line).join("\n");

/** An echo tool that answers through a result builder of its file, whose body is `builder`; the head is at line 8, column 105. */
const echoThroughBuilder = (builder: readonly string[]): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
function toToolResult(text: string, isError?: boolean): CallToolResult {
${builder.join("\n")}
}
const server = new McpServer({ name: "fixtures", version: "1.0.0" });
server.registerTool("echo", { description: "Echo a message" }, async ({ message }: { message: string }) => {
  return toToolResult(\`Echo: \${message}\`);
});`;

/** An aggregation tool that runs `work` before the `try` around its query. */
const workBeforeTry = (name: string, work: readonly string[]): InvalidTestCase<"unguarded" | "wrapInTryCatch", []> =>
  unguardedTool(
    name,
    '"aggregate", { description: "Run an aggregation" }, async (args: { pipeline: object[] })',
    [
      ...work,
      "try {",
      '  return { content: [{ type: "text" as const, text: JSON.stringify(await collection.aggregate(stages).toArray()) }] };',
      "} catch {",
      '  return { content: [{ type: "text" as const, text: "Error: the aggregation failed" }], isError: true };',
      "}",
    ],
    110,
  );

/** A tool that returns a time read in `text`, after `setup`. */
const clockRead = (
  name: string,
  setup: readonly string[],
  text: string,
  imports = "",
): InvalidTestCase<"unguarded" | "wrapInTryCatch", []> =>
  unguardedTool(
    name,
    '"read_time", { description: "Read a time" }, async ({ when }: { when: string })',
    [...setup, `return { content: [{ type: "text", text: ${text} }] };`],
    101,
    imports,
  );

const WRAPPERS = { "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] } } };
/** A handler that hands its whole work to an imported wrapper as a function of no parameters (gcloud-mcp's observability tools). */
const LOG_ENTRIES_THUNK = `
import { toolWrapper } from "../utils/tool-wrapper.js";
server.tool("list_log_entries", "List log entries of a project", { project: z.string(), filter: z.string().optional() }, (params) =>
  toolWrapper(async () => listLogEntries(params.project, params.filter)),
);`;
const THUNK_WRAPPERS = { "mcp-tool-errors": { handlers: { wrappers: ["toolWrapper"] } } };

/** A docs fetcher of the server file whose whole body is a `try`, its `catch` doing `onError`. */
const docsFetcher = (onError: string): string => `
async function fetchDocs(path: string): Promise<{ ok: boolean; text: string }> {
  try {
    return { ok: true, text: await (await fetch(\`https://docs.example.com/\${path}\`)).text() };
  } catch (error) {
    ${onError}
  }
}`;

/** The integration tools whose loop rethrows: the entry's handler body (lines 8 to 10) wrapped by the suggestion. */
const RETHROWING_LOOP = INTEGRATION_TOOLS(RETHROWS);
const wrappedIntegrationHandler = (): string => {
  const lines = RETHROWING_LOOP.split("\n");
  const body = lines.slice(7, 10).map((line) => `  ${line}`);
  return [...lines.slice(0, 7), "      try {", ...body, catchClause("      "), ...lines.slice(10)].join("\n");
};

/** A NestJS service whose `@Tool` method (head at line 8, after its decorator) reads the store unguarded. */
const notesService = (body: string): string => `
import { Tool } from "@rekog/mcp-nest";
export class NotesService {
  @Tool({
    name: "get-note",
    description: "Get a note by id",
  })
  async getNote({ id }: { id: number }) {
${body}
  }
}`;
const NOTE_BODY = '    return { content: [{ type: "text", text: await store.read(id) }] };';

ruleTester.run("require-try-catch-in-tool-handler", rule, {
  valid: [
    {
      name: "mcp-framework: an MCPTool's execute needs no try (toolCall answers a throw as the failure, a returned value as a success)",
      filename: "src/tools/WeatherTool.ts",
      code: `
import { MCPTool } from "mcp-framework";
class WeatherTool extends MCPTool<{ city: string }> {
\tname = "weather";
\tasync execute(input: { city: string }) {
\t\treturn fetchWeather(input.city);
\t}
}`,
    },
    ...[
      {
        name: "a project's logger before the try: logging is no work",
        work: [
          "logger.info(`aggregate: ${String(args.pipeline.length)} stages`);",
          'const toolLog = log.mcp("aggregate", args);',
          'toolLog.debug("start");',
          "const stages = args.pipeline;",
        ],
      },
      {
        name: "zod's safeParse before the try answers invalid input in its result",
        work: [
          "const parsed = Pipeline.safeParse(args.pipeline);",
          'if (!parsed.success) return { content: [{ type: "text" as const, text: `Error: ${parsed.error.message}` }], isError: true };',
          "const stages = parsed.data;",
        ],
      },
    ].map(({ name, work }) => ({ name, filename: SERVER_FILE, code: workBeforeTry(name, work).code })),
    {
      name: "a handler whose whole work goes to a wrapper of handlers.wrappers as a thunk: the wrapper's call is the guard",
      filename: SERVER_FILE,
      settings: THUNK_WRAPPERS,
      code: LOG_ENTRIES_THUNK,
    },
    {
      name: "the long form of a catching wrapper's call given a function of the file: that function is the guarded handler",
      filename: SERVER_FILE,
      code: LONG_FORM_REGISTRATION("safely(executeDql)"),
    },
    {
      name: "a call of a function of the file that only builds a result cannot fail",
      filename: SERVER_FILE,
      code: echoThroughBuilder(['  return { content: [{ type: "text", text }], ...(isError && { isError: true }) };']),
    },
    {
      name: "a finder the dispatcher calls with the requested name, not awaited, reads a table: no work",
      filename: SERVER_FILE,
      code: openApiProxy(indented(OPENAPI_PROXY_BODY("this.findOperation(name)"), "      ")),
    },
    {
      name: "a method the dispatcher forwards the requested name to: its lookup of the tool and its unknown-tool branch are no work",
      filename: SERVER_FILE,
      code: `
class TranscriptServer {
  setupHandlers(): void {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) =>
      this.handleToolCall(request.params.name, request.params.arguments ?? {}),
    );
  }
  private async handleToolCall(toolName: string, args: Record<string, unknown>) {
    const tool = this.tools.get(toolName);
    if (!tool) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${toolName}\`);
    try {
      return await tool.run(args);
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
    }
  }
}`,
    },
    {
      name: "a call of a function of the file whose whole body is a try whose catch cannot throw is not work",
      filename: SERVER_FILE,
      code: `${docsFetcher('console.error("docs fetch failed", error);\n    return { ok: false, text: `Error: ${String(error)}` };')}
server.registerTool("fetch_docs", { description: "Fetch a docs page" }, async ({ path }: { path: string }) => {
  const page = await fetchDocs(path);
  return { content: [{ type: "text" as const, text: page.text }], isError: !page.ok };
});`,
    },
    {
      name: "work in a callback the handler gives to a wrapper of the file that runs it in a try whose catch returns an error result",
      filename: SERVER_FILE,
      code: `
async function withServerConnection<T>(apiCall: () => Promise<T>): Promise<T | CallToolResult> {
  try {
    return await apiCall();
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
}
server.tool("getConsoleLogs", "Check our browser logs", async () => {
  return await withServerConnection(async () => {
    const response = await fetch("http://127.0.0.1:3025/console-logs");
    return { content: [{ type: "text", text: JSON.stringify(await response.json()) }] };
  });
});`,
    },
    {
      name: "a table's entry that the file's loop calls inside the registered callback's try, whose catch returns an error result",
      filename: TOOL_FILE,
      code: INTEGRATION_TOOLS(RETURNS_ERROR_RESULT),
    },
    {
      name: "a function the handler declares before its try runs where it is called: inside the try and the catch",
      filename: SERVER_FILE,
      code: `
server.registerTool("aggregate", { description: "Run an aggregation" }, async (args: { pipeline: object[] }, extra) => {
  const startTime = Date.now();
  const recordOutcome = (result: CallToolResult, error?: unknown): void => {
    metrics.get("toolExecutionDuration").observe({ tool: "aggregate", failed: String(error !== undefined) }, (Date.now() - startTime) / 1000);
    emitToolEvent(args, { startTime, result });
  };
  function describe(error: unknown): string {
    return error instanceof Error ? error.message : JSON.stringify(error);
  }
  try {
    const result = { content: [{ type: "text" as const, text: JSON.stringify(await collection.aggregate(args.pipeline).toArray()) }] };
    recordOutcome(result);
    return result;
  } catch (error) {
    const result = { content: [{ type: "text" as const, text: \`Error: \${describe(error)}\` }], isError: true };
    recordOutcome(result, error);
    return result;
  }
});`,
    },
    {
      name: "building the error a throw throws is not work (the throw is no-throw-in-tool-handler's), nor is the SDK's elicitation throw",
      filename: SERVER_FILE,
      code: `
import { UrlElicitationRequiredError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("get_order", { inputSchema: { id: z.string() } }, async ({ id }) => {
  const order = ordersById[id];
  if (!order) throw new Error(\`No order \${id}\`);
  return { content: [{ type: "text", text: \`\${order.id}: \${order.status}\` }] };
});
server.registerTool("confirm_payment", { inputSchema: { cartId: z.string() } }, async ({ cartId }) => {
  throw new UrlElicitationRequiredError([
    { mode: "url", message: "Open the link to confirm payment", url: \`https://shop.example.com/confirm?cart=\${encodeURIComponent(cartId)}\`, elicitationId: randomUUID() },
  ]);
});`,
    },
    {
      name: "a handler whose work is in a closure it returns for the project's runner to call: nothing runs in the handler",
      filename: TOOL_FILE,
      code: `
export const observeTool = {
  schema: { name: "observe", inputSchema: { type: "object" } },
  handle: async (context: BrowserContext, params: { instruction: string }) => ({
    action: async () => ({ content: [{ type: "text", text: JSON.stringify(await context.page.observe(params.instruction)) }] }),
    waitForNetwork: false,
  }),
};`,
    },
    {
      name: "an xmcp UI tool's default export returns JSX: a component that xmcp renders in the client, no handler",
      filename: "src/tools/weather.tsx",
      code: `
import { useEffect, useState } from "react";

export default function handler() {
  const [weather, setWeather] = useState<string | null>(null);
  useEffect(() => {
    fetch("/api/weather?city=Buenos%20Aires").then(async (response) => setWeather(await response.text()));
  }, []);
  return weather === null ? <p>Loading...</p> : <section className="forecast">{weather}</section>;
}`,
    },
    {
      name: "a definition built by a factory given to a definition function named in handlers.wrappers",
      filename: TOOL_FILE,
      settings: DEFINE_TOOL_GUARDS,
      code: `
export const listPages = defineTool((args) => ({
  name: "list_pages",
  schema: {},
  handler: async (_request, response) => {
    response.setPages(await args.browser.pages());
  },
}));
export const newPage = defineTool(() => {
  return {
    name: "new_page",
    schema: {},
    handler: async (request, response) => {
      response.select(await request.browser.newPage());
    },
  };
});`,
    },
    {
      name: "a definition function named in handlers.wrappers: one dispatcher calls every handler it defines inside its try",
      filename: TOOL_FILE,
      settings: DEFINE_TOOL_GUARDS,
      code: CLOSE_HEAP_SNAPSHOT,
    },
    {
      name: "the predicate that picks a handler out of a registry is no handler: Array#find's result is not made from it",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "registry", version: "1.0.0" });
for (const name of ["search", "lookup"]) {
  server.registerTool(name, { description: describeTool(name) }, registry.find((entry) => matchesTool(entry.tool, name)));
}`,
    },
    {
      name: "a dispatch table called in a try of the dispatcher whose catch returns an error result: its functions are guarded",
      filename: SERVER_FILE,
      code: `
const handlers: Record<string, (args: Record<string, unknown>) => Promise<CallToolResult>> = {
  search_issues: async (args) => ({ content: [{ type: "text", text: await searchIssues(String(args.query)) }] }),
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return await handlers[request.params.name](request.params.arguments ?? {});
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "the ADR's handler: all work inside try, the catch formats the error",
      filename: TOOL_FILE,
      code: `
export function createGitStatusTool(deps: { git(args: string[]): Promise<string> }) {
  return {
    schema: { name: "git_status", description: "Show the working tree status", inputSchema: { type: "object" } },
    handler: async () => {
      try {
        const result = await deps.git(["status", "--short"]);
        return { content: [{ type: "text", text: result }] };
      } catch (err) {
        console.error("git status failed", err);
        return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
      }
    },
  };
}`,
    },
    {
      name: "a handler that does no work needs no guard",
      filename: SERVER_FILE,
      code: `
server.registerTool("version", { inputSchema: {} }, async () => ({ content: [{ type: "text", text: VERSION }] }));`,
    },
    {
      name: "a handler passed to a wrapper named in settings (definition object and registration)",
      filename: SERVER_FILE,
      settings: WRAPPERS,
      code: `
export const readFileTool = {
  schema: { name: "read_file", inputSchema: { type: "object" } },
  handler: withToolErrors(async ({ path }: { path: string }) => ({ content: [{ type: "text", text: await readFile(path, "utf8") }] })),
};
server.registerTool("stat", { inputSchema: {} }, withToolErrors(async ({ path }) => ({ content: [{ type: "text", text: JSON.stringify(await stat(path)) }] })));
server.registerTool("size", { inputSchema: {} }, withToolErrors(withAuth(async ({ path }) => ({ content: [{ type: "text", text: String((await stat(path)).size) }] }))));`,
    },
    {
      name: "a handler passed to a wrapper declared in the file whose try/catch answers with an error result",
      filename: SERVER_FILE,
      code: `
function safely<A>(handler: (args: A) => Promise<CallToolResult>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return await handler(args);
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
    }
  };
}
server.registerTool("stat", { inputSchema: {} }, safely(async ({ path }) => ({ content: [{ type: "text", text: JSON.stringify(await stat(path)) }] })));`,
    },
    {
      name: "a wrapper's error reporter, which it calls only in its catch, is not the handler it wraps",
      filename: SERVER_FILE,
      code: `
import type { McpServer, ToolCallback } from "@modelcontextprotocol/sdk/server/mcp.js";
const recordError = (error: unknown) => sentry?.captureException(error);
function trackTool<A>(name: string, callback: (args: A) => Promise<CallToolResult>, onError: (error: unknown) => void) {
  return async (args: A) => {
    try {
      const result = await callback(args);
      metrics.increment(\`tool.\${name}.ok\`);
      return result;
    } catch (error) {
      onError(error);
      metrics.increment(\`tool.\${name}.error\`);
      throw error;
    }
  };
}
export function registerTracked(server: McpServer, name: string, config: ToolConfig, callback: ToolCallback) {
  return server.registerTool(name, config, trackTool(name, callback, recordError));
}`,
    },
    {
      name: "a tool folder's index that default-exports a registrar handing the server to each tool's own is no xmcp handler",
      filename: "src/tools/database/index.ts",
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { addListIndexesTool } from "./list-indexes.js";
import { addSearchRecordsTool } from "./search-records.js";
export default function addDatabaseTools(server: McpServer) {
  if (!process.env.PINECONE_API_KEY) {
    console.error("Warning: PINECONE_API_KEY is not set; database tools will return an error.");
  }
  addListIndexesTool(server);
  addSearchRecordsTool(server);
}`,
    },
    {
      name: "a dispatcher's lookup of the requested tool in its table is no work: reading a table cannot fail",
      filename: SERVER_FILE,
      code: `
export function createServer(tools: Tool[], context: Context) {
  const server = new Server({ name: "browser", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((candidate) => candidate.schema.name === request.params.name);
    if (!tool) {
      return { content: [{ type: "text", text: \`Error: tool "\${request.params.name}" not found\` }], isError: true };
    }
    try {
      return await tool.handle(context, request.params.arguments);
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
    }
  });
  return server;
}`,
    },
    {
      name: "the unknown-tool branch of a dispatcher does not count",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search":
      try {
        return { content: [{ type: "text", text: await search(request.params.arguments) }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
      }
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  }
});`,
    },
    {
      name: "an Express route is not a tool handler",
      filename: SERVER_FILE,
      code: `
app.get("/files/:path", async (req, res) => {
  res.send(await readFile(req.params.path, "utf8"));
});`,
    },
    {
      name: "the Vercel AI SDK's tool({ execute }) is not an MCP tool",
      filename: TOOL_FILE,
      code: `
import { tool } from "ai";
export const weather = tool({
  description: "Get the weather",
  inputSchema: schema,
  execute: async ({ city }) => fetchWeather(city),
});`,
    },
    {
      name: "work outside handlers is not this rule's business",
      filename: TOOL_FILE,
      code: `
const allowList = new Set(loadAllowList());
export function isAllowed(command: string) { return allowList.has(command.trim()); }`,
    },
    {
      name: "a handler whose only calls are logging, conversions, type tests, Math, the clock and error helpers",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "clock", version: "1.0.0" });
function error(message: string) {
  return { content: [{ type: "text" as const, text: message }], isError: true };
}
server.registerTool("round_time", { description: "Round the current time" }, async ({ step, tags }: { step: unknown; tags: unknown }) => {
  console.info("round_time", String(step));
  if (!Array.isArray(tags) || Object.keys(tags).length === 0) return error("Error: tags are required");
  const minutes = Math.max(1, Number(step) || 1) * 60_000;
  const rounded = Math.round(Date.now() / minutes) * minutes;
  return { content: [{ type: "text", text: \`\${rounded} \${Boolean(tags.length)} \${Object.entries(tags).length}\` }] };
});`,
    },
    {
      name: "the time now: new Date(), bound to a const or not, and its reads with no argument",
      filename: SERVER_FILE,
      code: `
server.registerTool("current_time", { description: "The server's time" }, async () => {
  const now = new Date();
  return { content: [{ type: "text", text: \`\${now.toISOString()} (\${now.toLocaleString()}), \${new Date().getTime()}\` }] };
});`,
    },
  ],
  invalid: [
    {
      name: "a method under a tool decorator: its head is reported from after the decorator",
      filename: SERVER_FILE,
      code: notesService(NOTE_BODY),
      errors: [
        {
          messageId: "unguarded",
          line: 8,
          column: 3,
          endLine: 8,
          endColumn: 16,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: notesService(`    try {\n  ${NOTE_BODY}\n${catchClause("    ")}`),
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of a long form: one of a lookup's result is the handler, and the lookup is unguarded work",
      filename: SERVER_FILE,
      code: LONG_FORM_REGISTRATION('savedQuery("execute_dql")'),
      errors: [
        {
          messageId: "unguarded",
          line: 15,
          column: 79,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: LONG_FORM_REGISTRATION('savedQuery("execute_dql")').replace(
                '(args) => savedQuery("execute_dql")(args));',
                // The call's promise is awaited inside the try, in a function made async for it.
                `async (args) => {\n  try {\n    return await (savedQuery("execute_dql")(args));\n${catchClause("  ")}\n});`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of a result builder: one that calls what may throw is work",
      filename: SERVER_FILE,
      code: echoThroughBuilder([
        '  return { content: [{ type: "text", text: JSON.stringify(JSON.parse(text)) }], ...(isError && { isError: true }) };',
      ]),
      errors: [
        {
          messageId: "unguarded",
          line: 8,
          column: 105,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: echoThroughBuilder([
                '  return { content: [{ type: "text", text: JSON.stringify(JSON.parse(text)) }], ...(isError && { isError: true }) };',
              ]).replace(
                "  return toToolResult(`Echo: ${message}`);",
                `  try {\n    return toToolResult(\`Echo: \${message}\`);\n${catchClause("  ")}`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of a finder: one that is awaited may fetch, and it runs outside the try",
      filename: SERVER_FILE,
      code: openApiProxy(indented(OPENAPI_PROXY_BODY("await this.resolveOperation(name)"), "      ")),
      errors: [
        {
          messageId: "unguarded",
          line: 5,
          column: 74,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: openApiProxy(
                `      try {\n${indented(OPENAPI_PROXY_BODY("await this.resolveOperation(name)"), "        ")}\n${catchClause("      ")}`,
              ),
            },
          ],
        },
      ],
    },
    clockRead("a date from input can be invalid, and reading it then throws", ["const parsed = new Date(when);"], "parsed.toISOString()"),
    clockRead(
      "a read with a time zone throws on an unknown zone",
      ["const now = new Date();"],
      'now.toLocaleString("en-US", { timeZone: when })',
    ),
    clockRead("a Date of the file's own is no clock", [], "new Date().toISOString()", '\nimport { Date } from "./clock.js";'),
    {
      name: "a .tsx tool file's default export that returns a tool result is a handler",
      filename: "src/tools/weather.tsx",
      code: `
export const metadata: ToolMetadata = { name: "weather", description: "The weather in a city" };
export default async function handler({ city }: { city: string }) {
  const response = await fetch(\`https://api.weather.example/\${encodeURIComponent(city)}\`);
  return { content: [{ type: "text" as const, text: await response.text() }] };
}`,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 16,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
export const metadata: ToolMetadata = { name: "weather", description: "The weather in a city" };
export default async function handler({ city }: { city: string }) {
  try {
    const response = await fetch(\`https://api.weather.example/\${encodeURIComponent(city)}\`);
    return { content: [{ type: "text" as const, text: await response.text() }] };
${catchClause("  ")}
}`,
            },
          ],
        },
      ],
    },
    {
      name: "the same loop whose catch logs and rethrows guards nothing: the entry's handler is reported",
      filename: TOOL_FILE,
      code: RETHROWING_LOOP,
      errors: [
        {
          messageId: "unguarded",
          line: 7,
          column: 97,
          data: { hint: "" },
          suggestions: [{ messageId: "wrapInTryCatch", output: wrappedIntegrationHandler() }],
        },
      ],
    },
    unguardedTool(
      "the same fetcher whose catch rethrows can fail: its call is work",
      '"fetch_docs", { description: "Fetch a docs page" }, async ({ path }: { path: string })',
      ["const page = await fetchDocs(path);", 'return { content: [{ type: "text" as const, text: page.text }], isError: !page.ok };'],
      108,
      docsFetcher("throw new Error(`could not fetch ${path}: ${String(error)}`);"),
    ),
    unguardedTool(
      "a handler that only calls a method of its parameter is the handler: a parameter is no object literal of methods",
      '"list_issues", { description: "List the open issues" }, ({ tracker }: { tracker: IssueTracker })',
      ["return tracker.listOpenIssues();"],
      118,
    ),
    workBeforeTry("a function the handler declares, called before its try, is work there", [
      "const parsePipeline = () => args.pipeline.map(validateStage);",
      "const stages = parsePipeline();",
    ]),
    workBeforeTry("work before a throw still counts: only the thrown value is left out", [
      "const stages = await loadStages(args.pipeline);",
      'if (stages.length === 0) throw new Error("Error: the pipeline is empty");',
    ]),
    workBeforeTry("a function the handler declares and stores, not only calls, is work where it is written", [
      "const logStage = (stage: object) => audit.write(stage);",
      "session.onStage = logStage;",
      "const stages = args.pipeline;",
    ]),
    workBeforeTry("an inline callback before the try is work, unlike a declared function", [
      "const stages = args.pipeline.map((stage) => validateStage(stage));",
    ]),
    workBeforeTry("near-miss of a logger: an audit log store writes, and an info() that is no logger's fetches", [
      'await auditLogStore.append({ tool: "aggregate" });',
      "const stages = await catalog.info(args.pipeline);",
    ]),
    workBeforeTry("near-miss of safeParse: parse() throws on invalid input", ["const stages = Pipeline.parse(args.pipeline);"]),
    {
      name: "a definition function that is not named in handlers.wrappers guards nothing",
      filename: TOOL_FILE,
      settings: DEFINE_TOOL_GUARDS,
      code: `
export const takeScreenshot = definePageTool({
  name: "take_screenshot",
  schema: {},
  handler: async (request, response) => {
    const image = await request.page.screenshot();
    response.attachImage(image);
  },
});`,
      errors: [
        {
          messageId: "unguarded",
          line: 5,
          column: 38,
          data: { hint: DEFINE_PAGE_TOOL_HINT },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
export const takeScreenshot = definePageTool({
  name: "take_screenshot",
  schema: {},
  handler: async (request, response) => {
    try {
      const image = await request.page.screenshot();
      response.attachImage(image);
${catchClause("    ")}
  },
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a handler passed to an imported wrapper the rule cannot read: the message says how to name it",
      filename: SERVER_FILE,
      code: `
import { safe } from "../context.js";
server.registerTool("stat", { inputSchema: {} }, safe(async ({ path }) => {
  const info = await stat(path);
  return { content: [{ type: "text", text: JSON.stringify(info) }] };
}));`,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 72,
          data: { hint: " If \`safe()\` turns what the handler throws into an error result, name it in settings \`handlers.wrappers\`." },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
import { safe } from "../context.js";
server.registerTool("stat", { inputSchema: {} }, safe(async ({ path }) => {
  try {
    const info = await stat(path);
    return { content: [{ type: "text", text: JSON.stringify(info) }] };
${catchClause("  ")}
}));`,
            },
          ],
        },
      ],
    },
    {
      name: "a handler whose whole work goes to an imported wrapper as a thunk: the message names the wrapper",
      filename: SERVER_FILE,
      code: LOG_ENTRIES_THUNK,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 131,
          data: {
            hint: " If \`toolWrapper()\` turns what the handler throws into an error result, name it in settings \`handlers.wrappers\`.",
          },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: LOG_ENTRIES_THUNK.replace(
                "(params) =>\n  toolWrapper(async () => listLogEntries(params.project, params.filter)),",
                `async (params) => {\n  try {\n    return await (toolWrapper(async () => listLogEntries(params.project, params.filter)));\n${catchClause("  ")}\n},`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of the thunk given to a wrapper of handlers.wrappers: work before it is still unguarded",
      filename: SERVER_FILE,
      settings: THUNK_WRAPPERS,
      code: `
import { toolWrapper } from "../utils/tool-wrapper.js";
server.tool("list_log_entries", "List log entries of a project", { project: z.string() }, async (params) => {
  const project = await resolveProject(params.project);
  return toolWrapper(async () => listLogEntries(project));
});`,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 106,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
import { toolWrapper } from "../utils/tool-wrapper.js";
server.tool("list_log_entries", "List log entries of a project", { project: z.string() }, async (params) => {
  try {
    const project = await resolveProject(params.project);
    return toolWrapper(async () => listLogEntries(project));
${catchClause("  ")}
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a wrapper declared in the file whose catch answers with plain text guards nothing",
      filename: SERVER_FILE,
      code: `
function quiet(handler) {
  return async (args) => {
    try {
      return await handler(args);
    } catch {
      return { content: [{ type: "text", text: "something went wrong" }] };
    }
  };
}
server.registerTool("stat", { inputSchema: {} }, quiet(async ({ path }) => ({ content: [{ type: "text", text: JSON.stringify(await stat(path)) }] })));`,
      errors: [
        {
          messageId: "unguarded",
          line: 11,
          column: 73,
          // The wrapper was read: no hint to name it.
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
function quiet(handler) {
  return async (args) => {
    try {
      return await handler(args);
    } catch {
      return { content: [{ type: "text", text: "something went wrong" }] };
    }
  };
}
server.registerTool("stat", { inputSchema: {} }, quiet(async ({ path }) => {
  try {
    return (({ content: [{ type: "text", text: JSON.stringify(await stat(path)) }] }));
${catchClause("  ")}
}));`,
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of the error reporter: a wrapper that calls its argument again in its catch (a retry) wraps it",
      filename: SERVER_FILE,
      code: `
function retrying(callback) {
  return async (args) => {
    try {
      return await callback(args);
    } catch (error) {
      console.warn("retrying once", error);
      return callback(args);
    }
  };
}
const readStatus = async ({ path }) => ({ content: [{ type: "text", text: JSON.stringify(await stat(path)) }] });
server.registerTool("stat", { inputSchema: {} }, retrying(readStatus));`,
      errors: [
        {
          messageId: "unguarded",
          line: 12,
          column: 37,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
function retrying(callback) {
  return async (args) => {
    try {
      return await callback(args);
    } catch (error) {
      console.warn("retrying once", error);
      return callback(args);
    }
  };
}
const readStatus = async ({ path }) => {
  try {
    return (({ content: [{ type: "text", text: JSON.stringify(await stat(path)) }] }));
${catchClause("  ")}
};
server.registerTool("stat", { inputSchema: {} }, retrying(readStatus));`,
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of the lookup: the table it looks in is loaded by a call before the try, which is work",
      filename: SERVER_FILE,
      code: DISPATCHER_LOADING_TOOLS,
      errors: [
        {
          messageId: "unguarded",
          line: 2,
          column: 65,
          data: { hint: "" },
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    const tool = (await loadTools()).find((candidate) => candidate.schema.name === request.params.name);
    if (!tool) return { content: [{ type: "text", text: "Error: unknown tool" }], isError: true };
    try {
      return await tool.handle(request.params.arguments);
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
    }
${catchClause("  ")}
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a logger bound in the file is not the console, and one call that can fail among non-throwing ones",
      filename: SERVER_FILE,
      code: CLOCK_TOOLS(
        ['  console.info("log_time", Date.now());', '  return { content: [{ type: "text", text: "logged" }] };'],
        ["  const seconds = Math.round(Number(JSON.parse(value)));", '  return { content: [{ type: "text", text: String(seconds) }] };'],
      ),
      errors: [
        {
          messageId: "unguarded",
          line: 5,
          column: 75,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: CLOCK_TOOLS(
                [
                  "  try {",
                  '    console.info("log_time", Date.now());',
                  '    return { content: [{ type: "text", text: "logged" }] };',
                  catchClause("  "),
                ],
                [
                  "  const seconds = Math.round(Number(JSON.parse(value)));",
                  '  return { content: [{ type: "text", text: String(seconds) }] };',
                ],
              ),
            },
          ],
        },
        {
          messageId: "unguarded",
          line: 9,
          column: 105,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: CLOCK_TOOLS(
                ['  console.info("log_time", Date.now());', '  return { content: [{ type: "text", text: "logged" }] };'],
                [
                  "  try {",
                  "    const seconds = Math.round(Number(JSON.parse(value)));",
                  '    return { content: [{ type: "text", text: String(seconds) }] };',
                  catchClause("  "),
                ],
              ),
            },
          ],
        },
      ],
    },
    {
      name: "near-miss: the dispatcher's catch rethrows a protocol error, so the table's functions are unguarded",
      filename: SERVER_FILE,
      code: `
const handlers: Record<string, (args: Record<string, unknown>) => Promise<CallToolResult>> = {
  search_issues: async (args) => ({ content: [{ type: "text", text: await searchIssues(String(args.query)) }] }),
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return await handlers[request.params.name](request.params.arguments ?? {});
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, String(error));
  }
});`,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 31,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
const handlers: Record<string, (args: Record<string, unknown>) => Promise<CallToolResult>> = {
  search_issues: async (args) => {
    try {
      return (({ content: [{ type: "text", text: await searchIssues(String(args.query)) }] }));
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
    }
  },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return await handlers[request.params.name](request.params.arguments ?? {});
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, String(error));
  }
});`,
            },
          ],
        },
      ],
    },
    {
      name: "the ADR project's factory: work before the try, comments kept, template literal lines not re-indented",
      filename: TOOL_FILE,
      code: `
export function createGitLogTool(deps: { git(args: string[]): Promise<string> }) {
  return {
    schema: { name: "git_log", inputSchema: { type: "object" } },
    handler: async (args: { ref: string }) => {
      // The ref is validated by the schema.
      const log = await deps.git(["log", args.ref]);
      return { content: [{ type: "text", text: \`Log:
\${log}\` }] };
    },
  };
}`,
      errors: [
        {
          messageId: "unguarded",
          line: 5,
          column: 44,
          endLine: 5,
          endColumn: 46,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
export function createGitLogTool(deps: { git(args: string[]): Promise<string> }) {
  return {
    schema: { name: "git_log", inputSchema: { type: "object" } },
    handler: async (args: { ref: string }) => {
      try {
        // The ref is validated by the schema.
        const log = await deps.git(["log", args.ref]);
        return { content: [{ type: "text", text: \`Log:
\${log}\` }] };
${catchClause("      ")}
    },
  };
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a string continued on the next line with a backslash: the continued line is not re-indented",
      filename: SERVER_FILE,
      code: `
server.registerTool("motd", { inputSchema: {} }, async () => {
  const banner = await loadBanner("Welcome to the \\
build server");
  return { content: [{ type: "text", text: banner }] };
});`,
      errors: [
        {
          messageId: "unguarded",
          line: 2,
          column: 59,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
server.registerTool("motd", { inputSchema: {} }, async () => {
  try {
    const banner = await loadBanner("Welcome to the \\
build server");
    return { content: [{ type: "text", text: banner }] };
${catchClause("  ")}
});`,
            },
          ],
        },
      ],
    },
    {
      name: "server.registerTool with an expression body (a comment before the expression stays inside the parentheses)",
      filename: SERVER_FILE,
      code: `
server.registerTool("now", { inputSchema: {} }, async () => /* clock */ ({ content: [{ type: "text", text: await clock.read() }] }));`,
      errors: [
        {
          messageId: "unguarded",
          line: 2,
          column: 58,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
server.registerTool("now", { inputSchema: {} }, async () => {
  try {
    return (/* clock */ ({ content: [{ type: "text", text: await clock.read() }] }));
${catchClause("  ")}
});`,
            },
          ],
        },
      ],
    },
    {
      name: "server.tool overloads, a one-line body, and a custom prefix",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { errorPrefix: "Failed: " } },
      code: `
server.tool("echo", async ({ text }) => { return { content: [{ type: "text", text: format(text) }] }; });`,
      errors: [
        {
          messageId: "unguarded",
          line: 2,
          column: 38,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
server.tool("echo", async ({ text }) => {
  try {
    return { content: [{ type: "text", text: format(text) }] };
${catchClause("  ", "Failed: ")}
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a dispatcher: work in a tool's case is not caught",
      filename: SERVER_FILE,
      code: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "read_file":
      return { content: [{ type: "text", text: await readFile(String(request.params.arguments?.path), "utf8") }] };
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});`,
      errors: [
        {
          messageId: "unguarded",
          line: 2,
          column: 65,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    switch (request.params.name) {
      case "read_file":
        return { content: [{ type: "text", text: await readFile(String(request.params.arguments?.path), "utf8") }] };
      default:
        throw new Error(\`Unknown tool: \${request.params.name}\`);
    }
${catchClause("  ")}
});`,
            },
          ],
        },
      ],
    },
    {
      name: "FastMCP addTool: work in finally is not caught, and a wrapper not in settings does not guard",
      filename: SERVER_FILE,
      code: `
server.addTool({
  name: "download",
  parameters: schema,
  execute: withAuth(async (args) => {
    const lock = acquire(args.url);
    try {
      return await download(args.url);
    } finally {
      lock.release();
    }
  }),
});`,
      errors: [
        {
          messageId: "unguarded",
          line: 5,
          column: 34,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
server.addTool({
  name: "download",
  parameters: schema,
  execute: withAuth(async (args) => {
    try {
      const lock = acquire(args.url);
      try {
        return await download(args.url);
      } finally {
        lock.release();
      }
${catchClause("    ")}
  }),
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a class tool (a project's base class in handlers.baseClasses): reported at the method key, with tab indentation kept",
      filename: "src/tools/WeatherTool.ts",
      settings: { "mcp-tool-errors": { handlers: { baseClasses: ["BaseTool"] } } },
      code: `
class WeatherTool extends BaseTool<{ city: string }> {
\tname = "weather";
\tasync execute(input: { city: string }) {
\t\treturn fetchWeather(input.city);
\t}
}`,
      errors: [
        {
          messageId: "unguarded",
          line: 4,
          column: 2,
          endLine: 4,
          endColumn: 15,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
class WeatherTool extends BaseTool<{ city: string }> {
\tname = "weather";
\tasync execute(input: { city: string }) {
\t\ttry {
\t\t\treturn fetchWeather(input.city);
\t\t} catch (error) {
\t\t\treturn { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
\t\t}
\t}
}`,
            },
          ],
        },
      ],
    },
    {
      name: "xmcp: the default export of a tool file, reported once although it does much",
      filename: "src/tools/greet.ts",
      code: `
import { type InferSchema } from "xmcp";
export default async function greet({ name }: InferSchema<typeof schema>) {
  const user = await lookUp(name);
  return \`Hello, \${user.displayName}!\`;
}`,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 16,
          endLine: 3,
          endColumn: 36,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
import { type InferSchema } from "xmcp";
export default async function greet({ name }: InferSchema<typeof schema>) {
  try {
    const user = await lookUp(name);
    return \`Hello, \${user.displayName}!\`;
${catchClause("  ")}
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a handler inside a try outside it is not guarded by that try",
      filename: SERVER_FILE,
      code: `
try {
  server.registerTool("search", { inputSchema: {} }, async ({ query }) => ({ content: [{ type: "text", text: await index.search(query) }] }));
} catch (err) {
  console.error("registration failed", err);
}`,
      errors: [
        {
          messageId: "unguarded",
          line: 3,
          column: 72,
          suggestions: [
            {
              messageId: "wrapInTryCatch",
              output: `
try {
  server.registerTool("search", { inputSchema: {} }, async ({ query }) => {
    try {
      return (({ content: [{ type: "text", text: await index.search(query) }] }));
${catchClause("    ")}
  });
} catch (err) {
  console.error("registration failed", err);
}`,
            },
          ],
        },
      ],
    },
  ],
});
