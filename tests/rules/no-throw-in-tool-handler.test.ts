import rule from "../../src/rules/no-throw-in-tool-handler.js";
import { payInvoiceTool } from "./cases/pay-invoice.js";
import { FIZZY_CARD_TOOL_FILE } from "./cases/fizzy-tool-file.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";
import { TASK_DISPATCHER } from "./cases/task-dispatcher.js";
import {
  CLOSE_HEAP_SNAPSHOT,
  DEFINE_PAGE_TOOL_HINT,
  DEFINE_TOOL_GUARDS,
  definitionRunnerHint,
  TAKE_SCREENSHOT,
} from "./cases/definition-functions.js";
import { INTEGRATION_TOOLS, RETHROWS, RETURNS_ERROR_RESULT } from "./cases/table-loops.js";
import { ESCAPES, JSON_RPC, REQUIRE_STRING, SAFETY_NET, throwingHelperCases } from "./cases/throwing-helpers.js";

const ruleTester = createRuleTester();

/** A dispatcher whose one `if` on the tool name falls through from its `catch` to `fallThrough`. */
const QUERY_THEN_FALL_THROUGH = (fallThrough: string): string => `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "query") {
    try {
      return { content: [{ type: "text", text: JSON.stringify(await runQuery(String(request.params.arguments?.sql))) }] };
    } catch (error) {
      console.error("query failed", error);
    }
  }
  ${fallThrough}
});`;

/** SDK v1's task tool: `createTask` answers a missing token with `onMissingToken`; `getTask` throws, as it may. */
const OPTIMIZE_ROUTE_TASK = (onMissingToken: string): string => `
server.experimental.tasks.registerToolTask(
  "optimize_route",
  { description: "Optimize a route", inputSchema: { stops: z.array(z.string()) } },
  {
    async createTask({ stops }, extra) {
      if (!process.env.MAPBOX_ACCESS_TOKEN) ${onMissingToken}
      const task = await extra.taskStore.createTask({ ttl: 300_000 });
      void optimizeRoute(stops, task.taskId);
      return { task };
    },
    async getTask(_args, extra) {
      const task = await extra.taskStore.getTask(extra.taskId);
      if (!task) throw new Error(\`Task \${extra.taskId} not found\`);
      return task;
    },
    getTaskResult: async (_args, extra) => extra.taskStore.getTaskResult(extra.taskId),
  },
);`;

/** The memory server's shape: a same-file class whose method throws, and its instance declared as `instance`. */
const KNOWLEDGE_GRAPH_TOOLS = (instance: string, call = "knowledgeGraph.addObservations(observations)"): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export class KnowledgeGraphManager {
  constructor(private readonly path: string) {}
  async addObservations(observations: { entityName: string; contents: string[] }[]) {
    const graph = await this.loadGraph();
    return observations.map((observation) => {
      const entity = graph.entities.find((candidate) => candidate.name === observation.entityName);
      if (!entity) throw new Error(\`Entity with name \${observation.entityName} not found\`);
      return { entityName: observation.entityName, added: observation.contents };
    });
  }
  static async open(path: string): Promise<KnowledgeGraphManager> {
    if (!path.endsWith(".jsonl")) throw new Error("the memory file must be JSON Lines");
    return new KnowledgeGraphManager(path);
  }
  private async loadGraph() {
    return { entities: [] as { name: string }[] };
  }
}
${instance}
const server = new McpServer({ name: "memory-server", version: "0.6.3" });
server.registerTool("add_observations", { inputSchema: { observations: z.array(ObservationSchema) } }, async ({ observations }) => {
  const added = await ${call};
  return { content: [{ type: "text", text: JSON.stringify(added, null, 2) }] };
});`;

/** A weather service whose tools are static methods, and its `validate` members (from line 17). */
const STATIC_WEATHER_SERVICE = (validateMembers: string): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export class WeatherToolService {
  static register(server: Server): void {
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      if (name !== "search_weather") return { content: [{ type: "text", text: \`Error: Unknown tool: \${name}\` }], isError: true };
      return this.searchWeather(args);
    });
  }
  static async searchWeather(args: unknown) {
    const query = this.validate(args);
    const response = await fetch(\`https://api.example.com/weather?q=\${encodeURIComponent(query)}\`);
    return { content: [{ type: "text", text: await response.text() }] };
  }
${validateMembers}
}`;

/** A `validate` that throws, declared with `modifiers`. */
const THROWING_VALIDATE = (modifiers: string): string => `  ${modifiers}validate(args: unknown): string {
    if (!args || typeof args !== "object") throw new Error("Tool arguments must be an object");
    return String((args as { query?: unknown }).query);
  }`;

/** A page's tools, each given to `register` (a statement using `tool` and `signal`). */
const WEB_PAGE_TOOLS = (register: string): string => `
const pageTools = [
  {
    name: "page.set_theme",
    inputSchema: { type: "object", properties: { mode: { type: "string", enum: ["dark", "light"] } } },
    execute: async (args: { mode?: string }) => {
      if (args.mode !== "dark" && args.mode !== "light") throw new Error(\`unknown theme \${String(args.mode)}\`);
      document.documentElement.dataset.theme = args.mode;
      return \`Theme set to \${args.mode}\`;
    },
  },
];
export function exposePageTools(signal: AbortSignal): void {
  for (const tool of pageTools) ${register}
}`;

/** A wrapper of the file that logs and rethrows (its `throw error` at line 8), wrapping a tool that throws at line 13. */
const LOGGED_DELETE_BRANCH = `
function logged(handler) {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      console.error("tool failed", error);
      throw error;
    }
  };
}
server.registerTool("delete_branch", { inputSchema: {} }, logged(async ({ branch }) => {
  if (branch === "main") throw new Error("refusing to delete main");
  return { content: [{ type: "text", text: await git(["branch", "-D", branch]) }] };
}));`;

/**
 * A `throw` that leaves its handler at `at` with `outcome` (it escapes, by default), whose suggestion turns
 * `throwStatement` into `errorReturn` in `code`.
 */
const escapingThrow = (
  code: string,
  at: { line: number; column: number },
  [throwStatement, errorReturn]: [string, string],
  outcome = THROW_ESCAPES,
  hint = "",
) => ({
  messageId: "throw" as const,
  data: { outcome, hint },
  ...at,
  suggestions: [{ messageId: "replaceWithErrorResult" as const, output: code.replace(throwStatement, errorReturn) }],
});

/** A Bybit tool file: a rate limiter's queue job (line 9, its throw not a tool's) and a tool object, `tool` on line 21. */
const BYBIT_TOOL_FILE = (tool: string): string => `
declare const bybit: { get(path: string): Promise<{ retCode: number; result: unknown }> };
interface Job { execute: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }
const queue: Job[] = [];
export function request(path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({
      execute: async () => {
        const response = await bybit.get(path);
        if (response.retCode !== 0) throw new Error(\`Bybit API error \${response.retCode}\`);
        return response.result;
      },
      resolve,
      reject,
    });
  });
}
export const getTickerTool = {
  name: "get_ticker",
  execute: async (args: { symbol: string }) => {
    ${tool}
  },
};`;

/** A notes server's tool object bound to a constant that its table lists by name; `loopBody` calls it (line 19). */
const listedNoteTools = (loopBody: string): string => `
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { getNote, saveNote } from "./store.js";
const updateNote = {
  name: "update_note",
  description: "Update a note in your workspace.",
  schema: { note_id: z.string(), text: z.string() },
  async handler({ note_id, text }: { note_id: string; text: string }) {
    const note = await getNote(note_id);
    if (note.locked) throw new Error("Locked notes are immutable; clone the note first");
    return saveNote(note_id, text);
  },
};
const TOOLS = [updateNote];
export function registerTools(server: McpServer) {
  for (const tool of TOOLS) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.schema }, async (args: any) => {
      ${loopBody}
    });
  }
}`;

/** The card tool throwing where the card is missing (line 12). */
const cardToolFile = (imports: string): string =>
  FIZZY_CARD_TOOL_FILE(imports, "if (!result.ok) {\n      throw new UserError(`Card ${args.card_id} not found`);\n    }");

/** A FastMCP Home Assistant tool that renders a template; `catchBody` is its `catch (error)` block, from line 12. */
const RENDER_TEMPLATE_TOOL = (catchBody: string): string => `
import { FastMCP, UserError } from "fastmcp";
const server = new FastMCP({ name: "home-hub", version: "1.0.0" });
server.addTool({
  name: "render_template",
  parameters: z.object({ template: z.string() }),
  execute: async ({ template }) => {
    try {
      if (template.trim() === "") throw new UserError("The template is empty.");
      return await renderTemplate(template);
    } catch (error) {
${catchBody}
    }
  },
});`;

/** A weather tool built by the `tool` that `source` imports, with a throw at line 8, column 28. */
const WEATHER_FUNCTION_TOOL = (source: string): string => `
${source}
import { z } from "zod";
export const weatherTool = tool({
  name: "get_weather",
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    if (city.length === 0) throw new Error("city must not be empty");
    return { content: [{ type: "text", text: await lookupWeather(city) }] };
  },
});`;

/** mcp-lite's registrations: `method` is given `{ inputSchema, handler }`, whose handler throws at line 9, column 40. */
const LITE_REGISTRATION = (method: string): string => `
import { McpServer } from "mcp-lite";
import { z } from "zod";
const mcp = new McpServer({ name: "playground", version: "1.0.0" });
mcp.${method}("summarize", {
  description: "Summarize content",
  inputSchema: z.object({ content: z.string() }),
  handler: (args: { content: string }) => {
    if (args.content.length > 100_000) throw new Error("content too long");
    return { messages: [{ role: "user", content: { type: "text", text: \`Summarize: \${args.content}\` } }] };
  },
});`;

/** A callback that another file registers, declared with the `ToolCallback` that `source` exports; it throws at line 6, column 14. */
const FLAKY_TESTS_CALLBACK = (source: string): string => `
import type { ToolCallback } from "${source}";
declare function listFlakyTests(slug: string): Promise<string[]>;
export const getFlakyTests: ToolCallback<{ projectSlug: never }> = async (args: { projectSlug?: string }) => {
  const slug = args.projectSlug?.trim();
  if (!slug) throw new Error("projectSlug is required");
  return { content: [{ type: "text", text: (await listFlakyTests(slug)).join("\\n") }] };
};`;

/** tmcp's registration, `server.tool(config, execute)`: its throw at line 8, column 5 becomes a JSON-RPC error. */
const TMCP_TOOL = (firstArguments: string): string => `
import { McpServer } from "tmcp";
const server = new McpServer({ name: "ctx", version: "1.0.0", description: "context demo" }, { adapter, capabilities: { tools: {} } });
server.tool(${firstArguments}, async () => {
  const { custom } = server.ctx;
  const userId = custom?.userId;
  if (typeof userId !== "string") {
    throw new Error("User authentication required");
  }
  return { content: [{ type: "text", text: \`Hello \${userId}\` }] };
});`;

/** tmcp's `defineTool(options, execute)` (or another call given them); its throw at line 7, column 18. */
const TMCP_DEFINE_TOOL = (callee: string): string => `
import { McpServer } from "tmcp";
import * as v from "valibot";
export const divide = ${callee}(
  { name: "divide", description: "Divide a by b", schema: v.object({ a: v.number(), b: v.number() }) },
  async ({ a, b }) => {
    if (b === 0) throw new Error("division by zero");
    return { content: [{ type: "text", text: String(a / b) }] };
  },
);`;

/** A dispatcher that hands its work to a wrapper of the file as a callback (shadcn-ui-mcp-server's `handleRequest`). */
const VALIDATING_WRAPPER_DISPATCHER = `
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
async function handleRequest<T>(method: string, params: unknown, handler: (validated: ToolCall) => Promise<T>): Promise<T> {
  try {
    return await handler(validate(method, params));
  } catch (error) {
    logError(\`Error in \${method}\`, error);
    throw error;
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request) =>
  handleRequest("call_tool", request.params, async (validated) => {
    const handler = toolHandlers[validated.name];
    if (!handler) throw new Error(\`Tool not found: \${validated.name}\`);
    const result = await handler(validated.arguments ?? {});
    if (!result) throw new Error("the tool returned nothing");
    return result;
  }),
);`;

/**
 * A hosting API's dispatcher that finds the tool by a loop, copying the name into a \`let\` (\`found\`, given at line 9),
 * then looks its details up by that copy.
 */
const DEFAULT_TOOL_START = "let toolName: string | undefined = defaultToolName;";
const HOSTING_DISPATCHER = (found = "toolName = name;", start = "let toolName: string | undefined;"): string => `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: params } = request.params;
  ${start}
  let details: ApiTool | undefined;
  for (const tool of tools.values()) {
    if (tool.name === name) {
      ${found}
      break;
    }
  }
  if (!toolName) throw new Error(\`Tool not found: \${name}\`);
  details = apiTools.find((candidate) => candidate.name === toolName);
  if (!details) throw new Error(\`Tool details not found for \${toolName}\`);
  try {
    return { content: [{ type: "text", text: await callHostingApi(details, params) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
  }
});`;

/** A task app's catching wrapper, a timing one, and one built on `base` for write tools; add_task's throw is line 23. */
const WRITE_GUARD = (base = "withErrorHandling"): string => `
const withErrorHandling = <T>(handler: (input: T) => Promise<CallToolResult>) => async (input: T): Promise<CallToolResult> => {
  try {
    return await handler(input);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
  }
};
const withTiming = <T>(handler: (input: T) => Promise<CallToolResult>) => async (input: T) => {
  const started = Date.now();
  try {
    return await handler(input);
  } finally {
    metrics.record("tool_ms", Date.now() - started);
  }
};
const withWriteAccess = <T>(handler: (input: T) => Promise<CallToolResult>) =>
  ${base}(async (input: T) => {
    if (readOnly) throw new Error("the task store is read-only");
    return await handler(input);
  });
server.registerTool("add_task", { inputSchema: { title: z.string() } }, withWriteAccess(async ({ title }) => {
  if (!title.trim()) throw new Error("title is required");
  return { content: [{ type: "text", text: \`Added \${await tasks.add(title)}\` }] };
}));`;

/** A dispatcher that only forwards the requested name to a function: imported (`source`) or declared below it. */
const SCREENSHOT_DISPATCHER = (source: string): string => `
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
${source}
server.setRequestHandler(CallToolRequestSchema, async (request) =>
  handleToolCall(request.params.name, request.params.arguments ?? {}),
);`;
/** The same dispatcher naming the request's parts first (`preamble`), then forwarding to `handleToolCall`. */
const NAMING_DISPATCHER = (preamble: string, source = HANDLE_TOOL_CALL): string => `
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
${source}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  ${preamble}
  return await handleToolCall(name, args);
});`;
const NAMES_FROM_PARAMS = "const { name, arguments: rawArgs } = request.params;\n  const args = rawArgs ?? {};";
const NAMES_FROM_VALIDATION = "const { name, arguments: args } = await validateToolCall(request.params);";
const HANDLE_TOOL_CALL = `
const handleToolCall = async (name: string, args: Record<string, unknown>) => {
  switch (name) {
    case "take_screenshot": {
      if (typeof args.url !== "string") throw new Error("url must be a string");
      return { content: [{ type: "image", data: await screenshot(args.url), mimeType: "image/png" }] };
    }
    default:
      throw new Error(\`Unknown tool: \${name}\`);
  }
};`;

/** A sentry-style tool defined through the project's `defineTool`, which this file cannot read: it throws `UserInputError`. */
const FIND_ALERT_RULES = `
import { defineTool } from "../internal/define-tool.js";
import { UserInputError } from "../errors.js";
function requireProject(params: { projectSlug?: string }): string {
  if (!params.projectSlug) throw new UserInputError("projectSlug is required");
  return params.projectSlug;
}
export default defineTool({
  name: "find_alert_rules",
  async handler(params: { organizationSlug?: string; projectSlug?: string }) {
    if (!params.organizationSlug) throw new UserInputError("organizationSlug is required");
    const project = requireProject(params);
    return { content: [{ type: "text", text: await listAlertRules(params.organizationSlug, project) }] };
  },
});`;

/** A catch that lets every McpError through (line 7), not only the URL elicitation error. */
const LET_MCP_ERRORS_THROUGH = payInvoiceTool(
  'import { McpError } from "@modelcontextprotocol/sdk/types.js";',
  "    if (error instanceof McpError) throw error;",
);

/** A test of a dispatcher's catch: a tool that throws on purpose (line 10, column 7). */
const FAILING_TOOL_TEST = `
import { describe, expect, test } from "vitest";
import { createMcpServer, tool } from "./server.js";
describe("tools", () => {
  test("a failing tool is answered with isError", async () => {
    const server = createMcpServer({
      tools: {
        bad_tool: tool({
          execute: async ({ foo }: { foo: string }) => {
            throw new Error("Failure: " + foo);
          },
        }),
      },
    });
    expect((await server.callTool({ name: "bad_tool", arguments: { foo: "x" } })).isError).toBe(true);
  });
});`;

/** A tool file's default export that loads its APIs, throwing at start-up (line 6), and registers a tool that throws (line 8). */
const DOCS_SEARCH_REGISTRAR = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
export default async function registerDocsSearch(server: McpServer) {
  const apis = await loadApis();
  if (apis.length === 0) throw new Error("no APIs configured");
  server.tool("search_docs", "Search the docs", { api: z.string() }, async ({ api }) => {
    if (!apis.includes(api)) throw new Error(\`unknown API \${api}\`);
    const text = await (await fetch(\`https://docs.example.com/search?api=\${api}\`)).text();
    return { content: [{ type: "text" as const, text }] };
  });
}`;

/** browser-tools-mcp's tools: each handler runs its work in a callback given to a same-file wrapper whose catch does `onError`. */
const BROWSER_CONNECTION_TOOL = (onError: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "browser-tools", version: "1.0.0" });
async function withServerConnection<T>(apiCall: () => Promise<T>): Promise<T | CallToolResult> {
  try {
    return await apiCall();
  } catch (error) {
    ${onError}
  }
}
server.tool("getConsoleLogs", "Check our browser logs", async () => {
  return await withServerConnection(async () => {
    const response = await fetch("http://127.0.0.1:3025/console-logs");
    if (!response.ok) throw new Error(\`the log server answered \${response.status}\`);
    return { content: [{ type: "text", text: JSON.stringify(await response.json()) }] };
  });
});`;

/** PostHog's server class: its own `registerTool` calls each tool's callback in a `try` whose catch does `onError`. */
const OWN_REGISTRATION_METHOD = (onError: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export class MyMCP {
  server = new McpServer({ name: "PostHog", version: "1.0.0" });
  registerTool(tool: Tool, handler: (params: unknown) => Promise<unknown>): void {
    const wrappedHandler = async (params: unknown) => {
      try {
        return await handler(params);
      } catch (error) {
        ${onError}
      }
    };
    this.server.registerTool(tool.name, { inputSchema: tool.schema.shape }, wrappedHandler);
  }
  async init(context: Context) {
    this.registerTool(dashboardTool, async (params) => {
      const result = await context.api.dashboards().get(params);
      if (!result.success) throw new Error(\`Failed to get dashboard: \${result.error.message}\`);
      return { content: [{ type: "text", text: JSON.stringify(result.data) }] };
    });
  }
}`;
const RETHROWING_REGISTRATION = OWN_REGISTRATION_METHOD("console.error(error);\n        throw error;");

/** A wrapper whose catch answers with a helper that builds a plain text result (no `isError`). */
const PLAIN_TEXT_CATCH = `
function toolText(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}
function safely(handler) {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return toolText(\`Failed: \${String(error)}\`);
    }
  };
}
server.registerTool("get_insight", { inputSchema: {} }, safely(async ({ id }) => {
  if (!id) throw new Error("id is required");
  return toolText(JSON.stringify(await api.insights.get(id)));
}));`;

/** A wrapper whose catch answers through a function that returns a plain result for some errors. */
const SOMETIMES_ERROR_CATCH = `
function softError(error: unknown): CallToolResult {
  if (error instanceof RangeError) return { content: [{ type: "text", text: "No data for that range." }] };
  return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
}
function softened(handler) {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return softError(error);
    }
  };
}
server.registerTool("trend-get", { inputSchema: {} }, softened(async ({ from, to }) => {
  if (from > to) throw new RangeError("from is after to");
  return { content: [{ type: "text", text: JSON.stringify(await api.trends.query(from, to)) }] };
}));`;

const FASTMCP_IMPORT = 'import { FastMCP } from "fastmcp";';

/** Browser tools in FastMCP's shape (`parameters`, `execute`), each given to `server.addTool` in a loop, after `imports`. */
const FASTMCP_TOOLS = (imports: string): string => `${imports}
export const browserTools = [
  {
    name: "browser_go_back",
    parameters: z.object({}),
    execute: async (_args: object, { session }: { session: BrowserSession }) => {
      const page = session.currentPage();
      if (!page) throw new Error("no page is open");
      await page.goBack();
      return \`Title: \${await page.title()}\`;
    },
  },
];
export function addBrowserTools(server: { addTool(tool: object): void }): void {
  for (const tool of browserTools) server.addTool(tool);
}`;

const MCP_REGISTRATION = "server.registerTool(tool.name, { inputSchema: tool.inputSchema }, tool.execute);";

/** A registered tool (`signature` up to its arrow) that does `before`, then its work inside a try that returns an error result. */
const workBeforeTry = (signature: string, before: readonly string[]): string => `
server.registerTool(${signature} => {
${before.map((line) => `  ${line}`).join("\n")}
  try {
    return { content: [{ type: "text", text: await jobs.finishCurrent() }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

/**
 * A local registrar of the file, `tool(name, description, cb)`, whose body is `registrarBody`, and one tool it is
 * given, whose callback throws at line 17, column 33.
 */
const OBSERVABILITY_REGISTRAR = (registrarBody: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
type Callback = (args: { query: string }) => Promise<{ content: { type: "text"; text: string }[]; isError?: boolean }>;
declare function runDql(query: string): Promise<string>;
const server = new McpServer({ name: "observability", version: "1.0.0" });
const safely = (cb: Callback): Callback => async (args) => {
  try {
    return await cb(args);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
};
function tool(name: string, description: string, cb: Callback): void {
  ${registrarBody}
}
tool("execute_dql", "Run a DQL query", async (args) => {
  if (args.query.trim() === "") throw new Error("query must not be empty");
  return { content: [{ type: "text", text: await runDql(args.query) }] };
});`;

/**
 * A tool file that registers its tool through the registrar it is given (HyperDX's shape): `bind` takes the method off
 * the registrar and `call` registers with it; the handler throws at line 8, column 40.
 */
const ALERT_REGISTRAR = (parameter: string, bind: string, call: string): string => `
import type { ToolRegistrar } from "../types.js";
import { getAlertById } from "../../controllers/alerts.js";

export function registerGetAlert(${parameter}: ToolRegistrar): void {
  ${bind}
  ${call}("clickstack_get_alert", { title: "Get alert", description: "One alert by id" }, async ({ id }: { id: string }) => {
    if (!/^[a-f0-9]{24}$/.test(id)) throw new Error("Invalid alert ID");
    const alert = await getAlertById(id);
    return { content: [{ type: "text" as const, text: JSON.stringify(alert) }] };
  });
}`;
const ALERT_TOOL_FILE = "src/mcp/tools/alerts/get-alert.ts";

/**
 * GitLab tools whose table a function of the file returns, registered in a loop over `loopedOver`; `callHandler` is
 * the registered callback's body. The table's handler throws at line 17, column 31.
 */
const GITLAB_TOOL_FACTORY = (loopedOver: string, callHandler: string): string => `
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

interface ToolDefinition {
  name: string;
  inputSchema: Record<string, z.ZodTypeAny>;
  handler: (args: Record<string, unknown>) => Promise<unknown>;
}

function getGitLabToolDefinitions(): ToolDefinition[] {
  return [
    {
      name: "gitlab_get_project",
      inputSchema: { project_id: z.string().optional() },
      handler: async (args) => {
        if (!args.project_id) throw new Error("project_id is required");
        return fetch(\`https://gitlab.com/api/v4/projects/\${String(args.project_id)}\`).then((response) => response.json());
      },
    },
  ];
}

export function registerGitLabTools(server: McpServer): void {
  for (const definition of ${loopedOver}) {
    server.registerTool(definition.name, { inputSchema: definition.inputSchema }, async (args) => {
      ${callHandler}
    });
  }
}`;
const GITLAB_GUARDED_CALL = `try {
        return { content: [{ type: "text", text: JSON.stringify(await definition.handler(args)) }] };
      } catch (error) {
        return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
      }`;
const GITLAB_UNGUARDED_CALL = `return { content: [{ type: "text", text: JSON.stringify(await definition.handler(args)) }] };`;

/** Prometheus tools registered through `bound`, a method of the server bound to a `const tool`; the throw is at line 7, column 23. */
const PROMETHEUS_BOUND_TOOL = (bound: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
export function registerMetricsTools(server: McpServer, baseUrl: string) {
  const tool = (server as any).${bound}.bind(server);
  tool("query_prometheus", "Run an instant PromQL query", { expr: z.string() }, async ({ expr }: { expr: string }) => {
    if (!expr.trim()) throw new Error("expr must not be empty");
    const response = await fetch(\`\${baseUrl}/api/v1/query?query=\${encodeURIComponent(expr)}\`);
    return { content: [{ type: "text" as const, text: await response.text() }] };
  });
}`;

/**
 * An MCP Apps weather tool registered by `registerAppTool` imported from `source` (`@modelcontextprotocol/ext-apps/server`'s
 * shape), its callback throwing at line 14, column 7.
 */
const WEATHER_APP_TOOL = (source: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerAppTool } from "${source}";
import { z } from "zod";
import { fetchForecast } from "./forecast.js";

const server = new McpServer({ name: "weather-app", version: "1.0.0" });
registerAppTool(
  server,
  "show_forecast",
  { description: "Show the forecast in a widget", inputSchema: { city: z.string() }, _meta: { ui: { resourceUri: "ui://weather/forecast.html" } } },
  async ({ city }: { city: string }) => {
    if (!city.trim()) {
      throw new Error("city must not be empty");
    }
    const forecast = await fetchForecast(city);
    return { content: [{ type: "text" as const, text: forecast.summary }], structuredContent: forecast };
  },
);`;

/** A board server's tool definition given to the project's own `registerTool` helper; its handler throws at line 14, column 9. */
const CARD_TOOLS = `
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { registerTool } from "./base-tool.js";
declare const client: { getCardBlockTimes(id: number): Promise<unknown> };
export function registerCardTools(server: McpServer): void {
  registerTool(server, {
    name: "get_card_blocked_times",
    description: "Get the blocking history of a card",
    schema: { card_id: z.number() },
    handler: async ({ card_id }: { card_id: number }) => {
      const card = await client.getCardBlockTimes(card_id);
      if (!card) {
        throw new Error(\`Card \${card_id} not found\`);
      }
      return card;
    },
  });
}`;

/** Settings that name a project's registration function as a registration method. */
const ANNOTATED_TOOL_SETTINGS = {
  "mcp-tool-errors": { handlers: { registrationMethods: ["tool", "registerTool", "registerToolTask", "registerAnnotatedTool"] } },
};

/** A Jira tool registered through `registerAnnotatedTool` bound by `binding`; its callback throws at line 8, column 36. */
const ANNOTATED_JIRA_TOOL = (binding: string): string => `
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
${binding}
declare function fetchIssue(key: string): Promise<{ summary: string } | undefined>;
export function registerIssueTools(server: McpServer): void {
  registerAnnotatedTool(server, "jira_get_issue", { inputSchema: { key: z.string() } }, async ({ key }: { key: string }) => {
    if (!/^[A-Z]+-\\d+$/.test(key)) throw new Error("Invalid issue key");
    const issue = await fetchIssue(key);
    return { content: [{ type: "text" as const, text: issue?.summary ?? "No such issue" }] };
  });
}`;

/** SDK v1's task tool whose handler object is bound to a `const` first; its `createTask` throws at line 7, column 33. */
const DELAYED_ECHO_TASK = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "echo", version: "1.0.0" });
const handler = {
  createTask: async (args: { text: string }, extra: TaskExtra) => {
    if (args.text.length === 0) throw new Error("text must not be empty");
    const task = await extra.taskStore.createTask({ ttl: 60_000 });
    void scheduleEcho(task.taskId, args.text);
    return { task };
  },
  getTask: async (_args: unknown, extra: TaskExtra) => extra.taskStore.getTask(extra.taskId),
  getTaskResult: async (_args: unknown, extra: TaskExtra) => extra.taskStore.getTaskResult(extra.taskId),
};
server.experimental.tasks.registerToolTask("delayed_echo", { inputSchema: { text: z.string() } }, handler);`;

/** A tool module that describes its tool in named exports (`schemaExport` first); its `catch` throws at line 11, column 5. */
const MONITOR_TOOL_MODULE = (schemaExport: string): string => `
import { z } from "zod";
export const method = "create_monitor";
${schemaExport}
export async function handler(args: { url: string }) {
  try {
    if (!args.url.startsWith("https://")) throw new Error("the URL must use https");
    const monitor = await monitorsApi.create({ url: args.url });
    return { content: [{ type: "text" as const, text: \`Created monitor \${monitor.id}\` }] };
  } catch (error) {
    throw toProtocolError(error);
  }
}`;

/** What each path's message says happens to a `throw` in the handler itself. */
const THROW_JSON_RPC =
  "in a low-level `tools/call` dispatcher this `throw` becomes a JSON-RPC error response; the client treats it as an infrastructure failure and the model never sees your message";
const THROW_SAFETY_NET =
  'the SDK\'s safety net turns this `throw` into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")';
const THROW_ESCAPES = "this `throw` escapes the handler";
/** FastMCP's runtime answers a throw with an error result of its own text, and a `UserError` with its message. */
const THROW_FASTMCP =
  "FastMCP's `addTool` turns this `throw` into an error result in FastMCP's words (\"Tool '<name>' execution failed: <message>\"), not yours";
const THROW_FASTMCP_USER_ERROR =
  "FastMCP's `addTool` answers this `throw` of a `UserError` with an error result whose text is its message as written";
/** The v2 `McpServer` (`@modelcontextprotocol/server`), with a Standard Schema input. */
const V2_SERVER = `
import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod/v4";
const server = new McpServer({ name: "tickets", version: "2.0.0" });`;

/** An mcp-framework tool whose `execute` throws at line 7, column 22. */
const MCP_FRAMEWORK_TOOL = `
import { MCPTool } from "mcp-framework";
class WeatherTool extends MCPTool<{ city: string }> {
  name = "weather";
  description = "Get the weather";
  async execute(input: { city: string }) {
    if (!input.city) throw new Error("city is required");
    return \`Sunny in \${input.city}\`;
  }
}
export default WeatherTool;`;

/** A page reader whose handler hands its work to `runTool`, imported: the helper throws on line 5, the thunk on 11-12. */
const READ_PAGE_THUNK = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { runTool } from "./results.js";
function pickReader(name: string) {
  if (!(name in READERS)) throw new Error(\`Reader \${name} is not configured\`);
  return READERS[name];
}
const server = new McpServer({ name: "page-reader", version: "1.0.0" });
server.tool("read_page", "Read a web page", { url: z.string(), reader: z.string() }, async ({ url, reader }) =>
  runTool("read_page", async () => {
    const read = pickReader(reader);
    if (url.startsWith("file:")) throw new Error("Local files are not readable");
    return read(url);
  }),
);`;
/** A Mastra-style `createTool({ id, inputSchema, execute })` from `source`, throwing on line 11. */
const publishPostTool = (source: string): string => `
import { createTool } from "${source}";
import { z } from "zod";
declare const channels: { find(id: string): Promise<{ id: string } | null>; publish(id: string, text: string): Promise<{ postId: string }> };
export const publishPost = createTool({
  id: "publishPost",
  description: "Publish a post to a connected channel",
  inputSchema: z.object({ channelId: z.string(), text: z.string() }),
  execute: async ({ channelId, text }: { channelId: string; text: string }) => {
    const channel = await channels.find(channelId);
    if (!channel) throw new Error("Channel not found: call listChannels for a valid id");
    return channels.publish(channel.id, text);
  },
});`;

/** A PubMed tool defined with `tool` from `source` (`@cyanheads/mcp-ts-core`'s shape), throwing on line 12, column 7. */
const pubmedFetchTool = (source: string): string => `
import { tool, z } from "${source}";
import { getNcbiService } from "../services/ncbi.js";

export const fetchArticles = tool("pubmed_fetch", {
  description: "Fetch PubMed articles by PMID",
  input: z.object({ pmids: z.array(z.string()).min(1) }),
  output: z.object({ count: z.number() }),
  async handler(input: { pmids: string[] }) {
    const xml = await getNcbiService().eFetch({ db: "pubmed", id: input.pmids.join(",") });
    if (!xml || !("PubmedArticleSet" in xml)) {
      throw new Error("Invalid EFetch response from NCBI");
    }
    return { count: input.pmids.length };
  },
});`;

/** A files server whose handler hands its work to `guarded(run, onError)`; `onFailure` is what `onError` answers. */
const guardedListTool = (onFailure: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { readdir } from "node:fs/promises";
type Result = { content: { type: "text"; text: string }[]; isError?: boolean };
async function guarded(run: () => Promise<Result>, onError: (error: unknown) => Result): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    return onError(error);
  }
}
const server = new McpServer({ name: "files", version: "1.0.0" });
server.registerTool("ls", {}, ({ path }: { path?: string }) =>
  guarded(
    async () => {
      if (!path) throw new Error("No workspace root configured");
      return { content: [{ type: "text", text: (await readdir(path)).join("\\n") }] };
    },
    (error) => (${onFailure}),
  ),
);`;

/**
 * A browser server whose tools register through `registrar`'s `registerTool(name, config, cb)` (`classes` declares or
 * imports it, from line 3); the list_pages callback throws on the fifth line after them.
 */
const browserTools = (classes: string, registrar = "new BrowserServer()"): string => `
import { z } from "zod";
${classes}
declare function listPages(): Promise<string[]>;
const server = ${registrar};
server.registerTool("list_pages", { description: "Open pages", inputSchema: { all: z.boolean() } }, async ({ all }) => {
  const pages = await listPages();
  if (pages.length === 0 && !all) throw new Error("No browser page is open");
  return { content: [{ type: "text" as const, text: pages.join("\\n") }] };
});`;
/** A browser server class of the file whose `registerTool` hands `callback` (`handler` itself, or a function calling it) to McpServer's. */
const browserServerClass = (callback: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
type Callback = (input: { all: boolean }) => Promise<{ content: { type: "text"; text: string }[]; isError?: boolean }>;
class BrowserServer {
  private readonly server = new McpServer({ name: "browser", version: "1.0.0" });
  registerTool(name: string, config: { description: string; inputSchema: z.ZodRawShape }, handler: Callback): void {
    this.server.registerTool(name, config, ${callback});
  }
}`;
const GUARDING_CALLBACK = `async (input: { all: boolean }) => {
      try {
        return await handler(input);
      } catch (error) {
        return { content: [{ type: "text" as const, text: \`Error: \${String(error)}\` }], isError: true };
      }
    }`;
const IMPORTED_BROWSER_SERVER = 'import { BrowserServer } from "./browser-server.js";';
/** sdl-mcp's code-mode tools, registered on the project's `MCPServer` given as a parameter: `registration` on line 8. */
const codeModeTools = (registration: string): string => `
import { z } from "zod";
import type { MCPServer } from "../server.js";
import { runWorkflow } from "./workflow.js";
const WorkflowRequest = z.object({ steps: z.array(z.string()) });
export function registerCodeModeTools(server: MCPServer): void {
  ${registration}
}`;
const WORKFLOW_CALLBACK = `async (raw: unknown) => {
    if (!Array.isArray((raw as { steps?: unknown }).steps)) throw new Error("Invalid sdl.workflow request");
    return { content: [{ type: "text" as const, text: JSON.stringify(await runWorkflow(WorkflowRequest.parse(raw))) }] };
  }`;

const REGISTER_TOOL_HINT =
  " If `registerTool()` turns what the handler throws into an error result, name it in settings `handlers.wrappers`.";

/**
 * An Outline server's tool file: a definition given to the project's registry, its function under the SDK's own name
 * `callback` (throwing on line 12), beside `members` (its input schema, or none).
 */
const ARCHIVE_DOCUMENT = (members = "inputSchema: { id: z.string() },"): string => `
import { z } from "zod";
import toolRegistry from "../utils/toolRegistry.js";
declare function archive(id: string): Promise<{ id: string; archivedAt: string }>;

toolRegistry.register("archive_document", {
  name: "archive_document",
  description: "Archive a document",
  ${members}
  async callback(args: { id: string }) {
    const doc = await archive(args.id);
    if (!doc.archivedAt) throw new Error(\`Document \${args.id} could not be archived\`);
    return { content: [{ type: "text" as const, text: JSON.stringify(doc) }] };
  },
});`;

/**
 * A Unity bridge whose dispatcher looks tools up in an index of its table: `index` builds `toolByName` (after the table),
 * `call` is the dispatcher's call of what it found; scene_list's bridge call (line 11) throws on line 6.
 */
const UNITY_DISPATCHER = (
  index: string,
  key = "request.params.name.toLowerCase()",
  call = `try {
    return await tool.handler(request.params.arguments ?? {});
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }`,
): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
async function callUnity(path: string): Promise<string> {
  const response = await fetch(\`http://127.0.0.1:8090\${path}\`, { method: "POST" });
  if (!response.ok) throw new Error(\`Unity bridge call failed: \${path}\`);
  return response.text();
}
type ToolDef = { name: string; inputSchema: object; handler: (args: unknown) => Promise<{ content: { type: "text"; text: string }[] }> };
const tools: ToolDef[] = [
  { name: "scene_list", inputSchema: {}, handler: async () => ({ content: [{ type: "text", text: await callUnity("/scenes") }] }) },
];
${index}
const server = new Server({ name: "unity", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = toolByName.get(${key});
  if (!tool) throw new Error(\`Unknown tool: \${request.params.name}\`);
  ${call}
});`;
const MAP_FILLED_BY_LOOP =
  "const toolByName = new Map<string, ToolDef>();\nfor (const tool of tools) toolByName.set(tool.name.toLowerCase(), tool);";
const MAP_OF_PAIRS = "const toolByName = new Map(tools.map((tool) => [tool.name.toLowerCase(), tool]));";
const ALIASED_MAP = `declare const aliases: Record<string, string>;
const aliasOf = (name: string) => aliases[name] ?? name;
const toolByName = new Map(tools.map((tool) => [tool.name, tool]));`;
const CANONICAL_MAP = `const canonicalize = (name: string) => name.toLowerCase().replace(/\\./g, "_");
const toolByName = new Map(tools.map((tool) => [canonicalize(tool.name), tool]));`;

/** A price dispatcher that checks, before its `try`, that `test` holds of its tools (line 8), else throws (line 10). */
const PRICE_DISPATCHER = (test: string): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const TOOLS = [{ name: "get_price", enabled: true, run: async (args: { symbol?: string }) => \`price of \${args.symbol}: 1\` }];
const server = new Server({ name: "prices", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name: toolName, arguments: toolArgs } = request.params;
  const toolExists = ${test};
  if (!toolExists) {
    throw new McpError(ErrorCode.MethodNotFound, \`Tool \${toolName} is not available\`);
  }
  try {
    const text = await TOOLS.find((t) => t.name === toolName)!.run(toolArgs ?? {});
    return { content: [{ type: "text", text }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

const RUN_TOOL_HINT = " If `runTool()` turns what the handler throws into an error result, name it in settings `handlers.wrappers`.";

/** A NestJS service: `@Tool` registers `getNote` as a tool (its throw on line 8); `@Get` serves `noteForHttp` over HTTP (line 13). */
const NOTES_SERVICE = `
import { Injectable, Get, NotFoundException } from "@nestjs/common";
import { Tool } from "@rekog/mcp-nest";
@Injectable()
export class NotesService {
  @Tool({ name: "get-note", description: "Get a note by id", parameters: z.object({ id: z.number() }) })
  async getNote({ id }: { id: number }) {
    if (!notes.has(id)) throw new Error(\`Note \${id} not found\`);
    return { content: [{ type: "text", text: notes.get(id) }] };
  }
  @Get("/notes/:id")
  async noteForHttp(id: number) {
    if (!notes.has(id)) throw new NotFoundException(\`Note \${id} not found\`);
    return notes.get(id);
  }
}`;

/** A vehicle tool that fetches two readings through an async helper that throws (line 6); `gather` combines them (line 12). */
const VEHICLE_STATUS_TOOL = (gather: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "vehicle", version: "1.0.0" });
async function get(path: string): Promise<unknown> {
  const response = await fetch(\`https://api.example.com\${path}\`);
  if (!response.ok) throw new Error(\`API error \${response.status}\`);
  return response.json();
}
function vinPath(vin: string): string {
  if (!/^[A-Z0-9]{17}$/.test(vin)) throw new Error("invalid VIN");
  return \`/\${vin}\`;
}
server.registerTool("get_full_status", { description: "Battery and location" }, async ({ vin }: { vin: string }) => {
  const [battery, location] = ${gather};
  return { content: [{ type: "text", text: JSON.stringify({ battery, location }) }] };
});`;

/** A FastMCP download tool after `imports` (two lines), whose https check (line 8) answers with `answer`. */
const DOWNLOAD_TOOL = (imports: string, answer: string): string => `
${imports}
server.addTool({
  name: "download",
  parameters: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (!url.startsWith("https://")) ${answer}
    return await download(url);
  },
});`;

ruleTester.run("no-throw-in-tool-handler", rule, {
  valid: [
    {
      name: "the unknown-tool branch of a test whether any tool has the requested name (tools.some), through a const",
      filename: SERVER_FILE,
      code: PRICE_DISPATCHER("TOOLS.some((tool) => tool.name === toolName)"),
    },
    ...[
      ["a Map a loop fills from the table", MAP_FILLED_BY_LOOP],
      ["a Map built from the table's pairs", MAP_OF_PAIRS],
    ].map(([what, index]) => ({
      name: `a dispatch table's handler found in ${what}, by the name lower-cased, and called in the dispatcher's try`,
      filename: SERVER_FILE,
      code: UNITY_DISPATCHER(index),
    })),
    {
      name: "a dispatch table's handler found by the name a function of the file only normalises (canonicalize(name ?? ''))",
      filename: SERVER_FILE,
      code: UNITY_DISPATCHER(CANONICAL_MAP, 'canonicalize(request.params.name ?? "")'),
    },
    {
      name: "near-miss of a definition's callback: without an input schema beside it, a callback may be any function",
      filename: TOOL_FILE,
      code: ARCHIVE_DOCUMENT("retries: 3,"),
    },
    {
      name: "an instance of the file's server class registers through its registerTool, which calls the callback in a try returning an error result",
      filename: SERVER_FILE,
      code: browserTools(browserServerClass(GUARDING_CALLBACK)),
    },
    {
      name: "the imported server class's registerTool named in handlers.wrappers, as the message says: guarded",
      filename: SERVER_FILE,
      code: browserTools(IMPORTED_BROWSER_SERVER),
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["registerTool"] } } },
    },
    {
      name: "the thunk's wrapper named in handlers.wrappers: what the work throws becomes an error result",
      filename: SERVER_FILE,
      code: READ_PAGE_THUNK,
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["runTool"] } } },
    },
    {
      name: "near-miss of a tool module: a module of the tools folder that exports no input schema exports a helper",
      filename: TOOL_FILE,
      code: MONITOR_TOOL_MODULE('export const description = "Create an uptime monitor";'),
    },
    {
      name: "near-miss of a made function: one whose maker's call stands in no handler position is no handler",
      filename: SERVER_FILE,
      code: `
function rowFormatter(separator: string) {
  return (rows: string[][]) => {
    if (rows.length === 0) throw new Error("nothing to format");
    return rows.map((row) => row.join(separator)).join("\\n");
  };
}
const toCsv = rowFormatter(",");
server.registerTool("export_rows", { inputSchema: {} }, async () => {
  try {
    return { content: [{ type: "text", text: toCsv(await loadRows()) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "a local registrar that registers the long form of a catching wrapper's call: the callback it is given is guarded",
      filename: SERVER_FILE,
      code: OBSERVABILITY_REGISTRAR("server.registerTool(name, { description }, (args) => safely(cb)(args));"),
    },
    {
      name: "a function of the file that calls the callback it is given, registering nothing: the callback is no handler",
      filename: SERVER_FILE,
      code: OBSERVABILITY_REGISTRAR("void cb({ query: description });"),
    },
    {
      name: "a table a function of the file returns, looped over where its handlers are called in a catching try: guarded",
      filename: SERVER_FILE,
      code: GITLAB_TOOL_FACTORY("getGitLabToolDefinitions()", GITLAB_GUARDED_CALL),
    },
    {
      name: "near-miss of an imported registration function: not named in the settings",
      filename: SERVER_FILE,
      code: ANNOTATED_JIRA_TOOL('import { registerAnnotatedTool } from "../register.js";'),
    },
    {
      name: "near-miss of an imported registration function: named in the settings, but declared, not imported",
      filename: SERVER_FILE,
      settings: ANNOTATED_TOOL_SETTINGS,
      code: ANNOTATED_JIRA_TOOL("declare function registerAnnotatedTool(...args: unknown[]): void;"),
    },
    {
      name: "another method of the server bound to a const named like a registration method: its callback is no handler",
      filename: SERVER_FILE,
      code: PROMETHEUS_BOUND_TOOL("schedule"),
    },
    {
      name: "look-alike of MCP Apps: a registerAppTool of the project's own module registers nothing known",
      filename: SERVER_FILE,
      code: WEATHER_APP_TOOL("./ui-registry.js"),
    },
    {
      name: "a definition object given to the project's function named in handlers.wrappers, as the message says: guarded",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["registerTool"] } } },
      code: CARD_TOOLS,
    },
    {
      name: "another method destructured off the registrar (a scheduler's job): its callback is no handler",
      filename: ALERT_TOOL_FILE,
      code: ALERT_REGISTRAR("{ schedule }", "// a nightly digest, not a tool", "schedule"),
    },
    {
      name: "reportConvertedThrows: false: McpServer's server.tool(name, description, cb) converts the throw",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: TMCP_TOOL('"context-aware-tool", "Tool that uses request context"').replace(
        '"tmcp"',
        '"@modelcontextprotocol/sdk/server/mcp.js"',
      ),
    },
    {
      name: "a call given options and a callback that is no definition function makes no handler",
      filename: SERVER_FILE,
      code: TMCP_DEFINE_TOOL("withRetries"),
    },
    {
      name: "a const of a project's own ToolCallback type is no tool callback",
      filename: "src/pipeline/stages.ts",
      code: FLAKY_TESTS_CALLBACK("./pipeline-types.js"),
    },
    {
      name: "the handler of an object given to a prompt registration answers prompts/get: no tool handler",
      filename: SERVER_FILE,
      code: LITE_REGISTRATION("prompt"),
    },
    {
      name: "a dispatcher that forwards to an imported function: its throws are out of this file's sight",
      filename: SERVER_FILE,
      code: SCREENSHOT_DISPATCHER('import { handleToolCall } from "./tools/index.js";'),
    },
    {
      name: "a createTask that is no task tool's: a scheduler's job object, and registerToolTask's object passed first",
      filename: SERVER_FILE,
      code: `
scheduler.schedule("nightly_export", { cron: "0 3 * * *" }, {
  async createTask() {
    if (!process.env.EXPORT_BUCKET) throw new Error("EXPORT_BUCKET is not set");
    await exportRoutes(process.env.EXPORT_BUCKET);
  },
});
registry.registerToolTask({ async createTask() { throw new Error("not implemented"); } }, "optimize_route", {});`,
    },
    {
      name: "a same-file class's method called on a variable that is also given another value, or on a parameter, is not followed",
      filename: SERVER_FILE,
      code: KNOWLEDGE_GRAPH_TOOLS(`declare function restoreGraph(path: string): KnowledgeGraphManager;
let knowledgeGraph = new KnowledgeGraphManager("memory.jsonl");
export function restore(path: string): void {
  knowledgeGraph = restoreGraph(path);
}`),
    },
    {
      name: "a static method that returns a static field of another type is no factory: rates.get() is the Map's, not the class's",
      filename: SERVER_FILE,
      code: `
class RateCache {
  private static shared: Map<string, number> | undefined;
  static entries(): Map<string, number> {
    return (RateCache.shared ??= new Map());
  }
  get(code: string): number {
    const rate = RateCache.entries().get(code);
    if (rate === undefined) throw new Error(\`No exchange rate for \${code}\`);
    return rate;
  }
}
const rates = RateCache.entries();
server.registerTool("get_rate", { inputSchema: { code: z.string() } }, async ({ code }) => {
  const rate = rates.get(code) ?? 1;
  return { content: [{ type: "text", text: \`1 EUR = \${String(rate)} \${code}\` }] };
});`,
    },
    ...[
      '  if (task && tool.execution?.taskSupport === "forbidden") throw new Error("This tool cannot run as a task");',
      '  if (!task && tool.execution?.taskSupport === "required") {\n    throw new McpError(ErrorCode.MethodNotFound, "This tool must run as a task");\n  }',
    ].map((guard) => ({
      name: `a call the tool's task support rules out gets -32601 by the tasks specification: ${guard.trim().slice(0, 40)}`,
      filename: SERVER_FILE,
      code: TASK_DISPATCHER(guard),
    })),
    {
      name: "Promise.allSettled settles the rejections of the async calls written in its array",
      filename: SERVER_FILE,
      code: VEHICLE_STATUS_TOOL("await Promise.allSettled([get(`/${vin}/battery`), get(`/${vin}/location`)])"),
    },
    {
      name: "this.<name>() in a static method is the static method: an instance method of that name that throws is not called",
      filename: SERVER_FILE,
      code: STATIC_WEATHER_SERVICE(`  static validate(args: unknown): string {
    return String((args as { query?: unknown }).query ?? "");
  }
${THROWING_VALIDATE("private ")}`),
    },
    {
      name: "a same-file class's method called on an instance: caught in the handler, handled by .catch(), or a static method",
      filename: SERVER_FILE,
      code: KNOWLEDGE_GRAPH_TOOLS(
        'const knowledgeGraph = new KnowledgeGraphManager("memory.jsonl");',
        `knowledgeGraph.addObservations(observations).catch((error: unknown) => [{ error: String(error) }]);
  try {
    await knowledgeGraph.addObservations(observations);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
  await KnowledgeGraphManager.open("memory.jsonl").catch(() => undefined)`,
      ),
    },
    ...[
      "knowledgeGraph.addObservations(observations).then((added) => added.length).catch(() => 0)",
      'knowledgeGraph.addObservations(observations).finally(() => audit.flush()).then(String, () => "not added")',
    ].map((call) => ({
      name: `a same-file class's method whose promise chain handles the rejection further on: ${call.slice(45)}`,
      filename: SERVER_FILE,
      code: KNOWLEDGE_GRAPH_TOOLS('const knowledgeGraph = new KnowledgeGraphManager("memory.jsonl");', call),
    })),
    {
      name: "a catch that lets the URL elicitation error through, as McpServer does, by class or by code",
      filename: SERVER_FILE,
      code: payInvoiceTool(
        'import { ProtocolError, ProtocolErrorCode, UrlElicitationRequiredError } from "@modelcontextprotocol/server";',
        [
          "    if (error instanceof UrlElicitationRequiredError) throw error;",
          "    if (error instanceof ProtocolError && error.code === ProtocolErrorCode.UrlElicitationRequired) {",
          "      throw error;",
          "    }",
        ].join("\n"),
      ),
    },
    {
      name: "the unknown-tool branch inside the callback a validating wrapper is given the request's params with",
      filename: SERVER_FILE,
      code: `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { toolHandlers } from "../tools/index.js";
import { handleRequest } from "./request.js";
export const setupHandlers = (server: Server): void => {
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    return await handleRequest("call_tool", request.params, async (validatedParams: { name: string; arguments?: object }) => {
      const { name, arguments: params } = validatedParams;
      const handler = toolHandlers[name as keyof typeof toolHandlers];
      if (!handler) {
        throw new Error(\`Tool not found: \${name}\`);
      }
      return handler(params || {});
    });
  });
};`,
    },
    {
      name: "a helper module under src/tools/ that default-exports what the tools call is no tool file of xmcp's: its throw is the tools' to catch",
      filename: "src/tools/themes/fetch-presets.ts",
      code: `
import axios from "axios";
export async function fetchPresets(url: string): Promise<Record<string, unknown>> {
  try {
    const response = await axios.get(url, { responseType: "text" });
    const parsed = extractObject(response.data);
    if (parsed) return parsed;
  } catch (error) {
    console.error("Network fetch failed:", error);
  }
  throw new Error("Could not fetch or parse presets");
}
function extractObject(text: string): Record<string, unknown> | null {
  const start = text.indexOf("{");
  return start === -1 ? null : { raw: text.slice(start) };
}
export default fetchPresets;`,
    },
    {
      name: "a test file (testFiles) is no part of the server: its tool throws on purpose",
      filename: "packages/mcp-utils/src/server.test.ts",
      code: FAILING_TOOL_TEST,
    },
    {
      name: "a table's entry that the file's loop calls inside the registered callback's try, whose catch returns an error result",
      filename: TOOL_FILE,
      code: INTEGRATION_TOOLS(RETURNS_ERROR_RESULT),
    },
    {
      name: "the same { parameters, execute } object in a file that shows no MCP server: not a tool definition",
      filename: "src/browser-tools.ts",
      code: FASTMCP_TOOLS('import { chromium } from "playwright";'),
    },
    {
      name: "WebMCP's in-page tools (navigator.modelContext.registerTool) are a web page's tools, not an MCP server's",
      filename: "src/page/tools.ts",
      code: WEB_PAGE_TOOLS("navigator.modelContext.registerTool(tool, { signal });"),
    },
    {
      name: "a function the handler declares before its try and uses only inside it: calls and a callback, caught there",
      filename: SERVER_FILE,
      code: `
server.registerTool("import_rows", { inputSchema: {} }, async ({ table, rows }: { table: string; rows: string[] }) => {
  const checkTable = (name: string) => {
    if (!/^[a-z_]+$/.test(name)) throw new Error(\`invalid table name: \${name}\`);
  };
  function checkRow(row: string) {
    if (!row.includes(",")) throw new Error(\`not a CSV row: \${row}\`);
  }
  try {
    checkTable(table);
    rows.forEach(checkRow);
    return { content: [{ type: "text", text: String(await db.insertMany(table, rows)) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "a closure the handler returns for the project's runner to call does not run in the handler, named or not",
      filename: TOOL_FILE,
      code: `
async function handleAct(context: BrowserContext, params: { action: string }) {
  const action = async () => {
    try {
      return { content: [{ type: "text", text: await context.page.act(params.action) }] };
    } catch (error) {
      throw new Error(\`Failed to perform action: \${String(error)}\`);
    }
  };
  return { action, waitForNetwork: false };
}
export const actTool = { schema: { name: "act", inputSchema: { type: "object" } }, handle: handleAct };
export const observeTool = {
  schema: { name: "observe", inputSchema: { type: "object" } },
  handle: async (context: BrowserContext) => ({
    action: async () => {
      if (!context.page) throw new Error("no page open");
      return { content: [{ type: "text", text: await context.page.observe() }] };
    },
  }),
};`,
    },
    {
      name: "the same wrapper given a callback whose error result gets its content from a spread: { ...textBlock(message), isError: true }",
      filename: SERVER_FILE,
      code: guardedListTool("{ ...textBlock(`Error: cannot list ${path}: ${String(error)}`), isError: true }"),
    },
    {
      name: "Mastra's createTool: its MCPServer answers what execute throws with an error result, and serialises a returned one as a success",
      filename: TOOL_FILE,
      code: publishPostTool("@mastra/core/tools"),
    },
    {
      name: "@cyanheads/mcp-ts-core's tool(name, { handler }): its handler factory answers a throw with an Error: result",
      filename: "src/mcp-server/tools/definitions/pubmed-fetch.tool.ts",
      code: pubmedFetchTool("@cyanheads/mcp-ts-core"),
    },
    {
      name: "Mastra's createTool from the package root",
      filename: TOOL_FILE,
      code: publishPostTool("@mastra/core"),
    },
    {
      name: "a wrapper whose catch answers with what the caller's callback makes of the error, an error result",
      filename: SERVER_FILE,
      code: guardedListTool('{ content: [{ type: "text", text: `Error: cannot list ${path}: ${String(error)}` }], isError: true }'),
    },
    {
      name: "a definition function named in handlers.wrappers: one dispatcher calls every handler it defines inside its try",
      filename: TOOL_FILE,
      settings: DEFINE_TOOL_GUARDS,
      code: CLOSE_HEAP_SNAPSHOT,
    },
    {
      name: "a throw inside a handler wrapped by a configured wrapper becomes an error result",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] } } },
      code: `
server.registerTool("delete_branch", { inputSchema: {} }, withToolErrors(async ({ branch }) => {
  if (branch === "main") throw new Error("refusing to delete main");
  await git(["branch", "-D", branch]);
  return { content: [{ type: "text", text: \`Deleted \${branch}\` }] };
}));`,
    },
    {
      name: "a configured wrapper through a const binding, and in a chain with another wrapper",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] } } },
      code: `
const deleteBranch = withToolErrors(async ({ branch }: { branch: string }) => {
  if (branch === "main") throw new Error("refusing to delete main");
  return { content: [{ type: "text", text: await git(["branch", "-D", branch]) }] };
});
server.registerTool("delete_branch", { inputSchema: {} }, deleteBranch);
server.registerTool("tag", { inputSchema: {} }, withAuth(withToolErrors(async ({ name }) => {
  if (!name) return Promise.reject(new Error("name is required"));
  return { content: [{ type: "text", text: await git(["tag", name]) }] };
})));`,
    },
    {
      name: "a var-bound helper assigned again may no longer throw when called: not followed",
      filename: SERVER_FILE,
      code: `
var resolveRepository = function (args: { repo?: string }): string {
  if (!args.repo) throw new Error("repo is required");
  return args.repo;
};
if (process.env.DEFAULT_REPO) resolveRepository = (args) => args.repo ?? String(process.env.DEFAULT_REPO);
server.registerTool("list_branches", { inputSchema: {} }, async (args) => ({
  content: [{ type: "text", text: (await git(resolveRepository(args), ["branch"])).join("\\n") }],
}));`,
    },
    {
      name: "a rejection under ?: that is stored, not returned or awaited, does not leave the helper",
      filename: SERVER_FILE,
      code: `
async function loadIssue(id: string | undefined) {
  const pending = id ? fetchIssue(id) : Promise.reject(new Error("issue id is required"));
  return pending.catch(() => undefined);
}
server.registerTool("get_issue", { inputSchema: {} }, async ({ id }) => {
  const issue = await loadIssue(id);
  return { content: [{ type: "text", text: issue?.title ?? "Error: no such issue" }], isError: issue === undefined };
});`,
    },
    {
      name: "the AI SDK's tool behind a cast alias, in a tool file: an agent tool, not an MCP tool",
      filename: TOOL_FILE,
      code: `
import { tool } from "ai";
import { z } from "zod";
const defineAgentTool = tool as unknown as AgentToolFactory;
export const weather = defineAgentTool({
  description: "Current weather for a city",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    const response = await fetch(\`https://api.example.com/weather?city=\${city}\`);
    if (!response.ok) throw new Error(\`weather service answered \${response.status}\`);
    return response.json();
  },
});`,
    },
    {
      name: "an MCP client file wrapping remote tools for an agent: adapters, not handlers",
      filename: "src/agent/remote-tools.ts",
      code: `
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
export function remoteTool(client: Client, name: string, inputSchema: JsonSchema) {
  return {
    name,
    inputSchema,
    execute: async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(\`remote tool \${name} failed\`);
      return result.content;
    },
  };
}`,
    },
    {
      name: "a dispatcher whose loop copies the found name into a let, and whose details are looked up by it: unknown-tool branches",
      filename: SERVER_FILE,
      code: HOSTING_DISPATCHER(),
    },
    {
      name: "the fall-through throw after a switch on the tool name whose cases all return",
      filename: SERVER_FILE,
      code: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "list_issues":
      return listIssues(request.params.arguments);
    case "create_issue":
      return createIssue(request.params.arguments);
  }
  throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
});`,
    },
    {
      name: "the fall-through throw after ifs on the tool name that leave through a try/catch and an if/else",
      filename: SERVER_FILE,
      code: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "query") {
    const sql = String(request.params.arguments?.sql ?? "");
    try {
      return { content: [{ type: "text", text: JSON.stringify(await runQuery(sql)) }] };
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
    }
  }
  if (request.params.name === "list_tables") {
    if (datasetId) return { content: [{ type: "text", text: (await listTables(datasetId)).join("\\n") }] };
    else return { content: [{ type: "text", text: "Error: no dataset configured" }], isError: true };
  }
  throw new Error(\`Unknown tool: \${request.params.name}\`);
});`,
    },
    {
      name: "a dispatch table called inside a try whose catch returns an error result guards its functions",
      filename: SERVER_FILE,
      code: `
const handlers: Record<string, ToolFn> = {
  list_issues: async (args) => {
    if (!args.repo) throw new Error("repo is required");
    return { content: [{ type: "text", text: JSON.stringify(await listIssues(args.repo)) }] };
  },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name];
  if (!handler) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  try {
    return await handler(request.params.arguments ?? {});
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "a table the dispatcher looks up by an argument, not by the tool name, holds no handlers",
      filename: SERVER_FILE,
      code: `
const formatters = {
  csv: (rows: Row[]) => {
    if (rows.length === 0) throw new Error("nothing to format");
    return rows.map((row) => row.join(",")).join("\\\\n");
  },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    const rows = await query(request.params.arguments);
    return { content: [{ type: "text", text: formatters[request.params.arguments?.format as "csv"](rows) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "a wrapper declared in the file that calls the handler in a try whose catch returns an error result guards it",
      filename: SERVER_FILE,
      code: `
function safe<A>(handler: (args: A) => Promise<CallToolResult>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return await handler(args);
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: \${(error as Error).message}\` }], isError: true };
    }
  };
}
server.registerTool("delete_branch", { inputSchema: { branch: z.string() } }, safe(async ({ branch }) => {
  if (branch === "main") throw new Error("refusing to delete main");
  return { content: [{ type: "text", text: await git(["branch", "-D", branch]) }] };
}));`,
    },
    {
      name: "a wrapper built on the file's catching wrapper, handing the handler to it inside a function of its own, guards it too",
      filename: SERVER_FILE,
      code: WRITE_GUARD(),
    },
    {
      name: "a wrapper declared in the file whose catch answers through the file's own error helper guards the handler",
      filename: SERVER_FILE,
      code: `
function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
function safely<A>(handler: (args: A) => Promise<CallToolResult>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return await handler(args);
    } catch (error) {
      return toolError(\`Error: \${error instanceof Error ? error.message : String(error)}\`);
    }
  };
}
server.registerTool("get_insight", { inputSchema: { id: z.string().optional() } }, safely(async ({ id }) => {
  if (!id) throw new Error("id is required");
  return { content: [{ type: "text", text: JSON.stringify(await api.insights.get(id)) }] };
}));`,
    },
    {
      name: "a class's registerTool method whose catch returns the file's error helper guards the callbacks given to it",
      filename: SERVER_FILE,
      code: `
const toolError = (message: string) => ({ content: [{ type: "text" as const, text: \`Error: \${message}\` }], isError: true });
export class AnalyticsMcp {
  constructor(private readonly server: McpServer) {}

  registerTool(name: string, handler: (params: Record<string, unknown>) => Promise<CallToolResult>): void {
    this.server.registerTool(name, { inputSchema: {} }, async (params: Record<string, unknown>) => {
      try {
        return await handler(params);
      } catch (error) {
        return toolError(String(error));
      }
    });
  }

  init(): void {
    this.registerTool("feature-flag-get", async (params) => {
      if (typeof params.key !== "string") throw new Error("key is required");
      return { content: [{ type: "text", text: JSON.stringify(await flags.get(params.key)) }] };
    });
  }
}`,
    },
    {
      name: "a wrapper whose catch returns a function of the file that reports the error and returns only error results guards the handler",
      filename: SERVER_FILE,
      code: `
function handleToolError(error: unknown, tool: string): CallToolResult {
  telemetry.captureException(error, { tool });
  return { content: [{ type: "text", text: \`Error: [\${tool}] \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
}
function reported<A>(tool: string, handler: (args: A) => Promise<CallToolResult>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return await handler(args);
    } catch (error) {
      return handleToolError(error, tool);
    }
  };
}
server.registerTool("dashboard-get", { inputSchema: { id: z.number() } }, reported("dashboard-get", async ({ id }) => {
  const dashboard = await api.dashboards.get(id);
  if (!dashboard) throw new Error(\`dashboard \${id} not found\`);
  return { content: [{ type: "text", text: JSON.stringify(dashboard) }] };
}));`,
    },
    {
      name: "a const arrow wrapper calling the handler through .call, in a chain with a configured-less wrapper",
      filename: SERVER_FILE,
      code: `
const toolErrors = (handler) => async function (...args) {
  try {
    return await handler.call(this, ...args);
  } catch (error) {
    return { content: [{ type: "text", text: "Error: " + String(error) }], isError: true };
  }
};
server.registerTool("tag", { inputSchema: {} }, withAuth(toolErrors(async ({ name }) => {
  if (!name) throw new Error("name is required");
  return { content: [{ type: "text", text: await git(["tag", name]) }] };
})));`,
    },
    {
      name: "a wrapper declared in the file guards through the parameter the handler is passed as, whatever its other parameters do",
      filename: SERVER_FILE,
      code: `
function withErrorHandling(fn, context, onError) {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      try {
        onError?.(error, context);
      } catch {
        console.error("error observer failed");
      }
      return { content: [{ type: "text", text: \`Error: \${context}: \${String(error)}\` }], isError: true };
    }
  };
}
server.tool("get-webhook-subscription", "Get the webhook subscription", {}, withErrorHandling(async () => {
  const data = await hevyClient.getWebhookSubscription();
  if (!data) throw new Error("no webhook subscription");
  return { content: [{ type: "text", text: JSON.stringify(data) }] };
}, "get-webhook-subscription"));`,
    },
    {
      name: "a function whose parameter is handed to a registration's wrapper is not a handler itself",
      filename: SERVER_FILE,
      code: `
export function createRegistrationContext(server: McpServer, metrics: MetricsTracker | undefined) {
  if (!server) throw new Error("createRegistrationContext needs a server");
  const registerTool = (name: string, config: ToolConfig, callback: ToolCallback) =>
    server.registerTool(name, config, trackTool(name, callback, metrics));
  return { registerTool };
}`,
    },
    {
      name: "withToolErrors(this.method.bind(this)) with a configured wrapper is guarded",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] } } },
      code: `
class NotesServer {
  register(server: McpServer) {
    server.registerTool("delete_note", { inputSchema: { id: z.string() } }, withToolErrors(this.deleteNote.bind(this)));
  }
  async deleteNote({ id }: { id: string }) {
    if (!(await this.store.has(id))) throw new Error(\`note \${id} does not exist\`);
    await this.store.delete(id);
    return { content: [{ type: "text", text: \`Deleted note \${id}\` }] };
  }
}`,
    },
    {
      name: "reportConvertedThrows: false: a throw in a v2 registerTool callback (args, ctx), which McpServer converts",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `${V2_SERVER}
server.registerTool("close_ticket", { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const ticket = await tickets.find(id);
  if (!ticket) throw new Error(\`ticket \${id} not found\`);
  await ctx.mcpReq.log("info", \`closing \${id}\`);
  return { content: [{ type: "text", text: \`Closed \${id}\` }] };
});`,
    },
    {
      name: "reportConvertedThrows: false: a rejection and a throwing helper in a v1 server.tool callback",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `${REQUIRE_STRING}
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "git", version: "1.0.0" });
server.tool("git_show", "Show a commit", { ref: z.string() }, async (args) => {
  const ref = requireString(args, "ref");
  if (ref.startsWith("-")) return Promise.reject(new Error("ref must not start with -"));
  return { content: [{ type: "text", text: await git(["show", ref]) }] };
});`,
    },
    {
      name: "reportConvertedThrows: false: a throw in FastMCP's addTool execute",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `
import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "crawler", version: "1.0.0" });
server.addTool({
  name: "crawl",
  parameters: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (!url.startsWith("https://")) throw new Error("only https URLs can be crawled");
    return await crawl(url);
  },
});`,
    },
    {
      name: "mcp-framework: a throw in an MCPTool's execute is how it fails (toolCall answers it with the message, a returned value as a success)",
      filename: "src/tools/WeatherTool.ts",
      code: MCP_FRAMEWORK_TOOL,
    },
    {
      name: "v2: a thrown UrlElicitationRequiredError (McpServer rethrows it as -32042 on purpose)",
      filename: SERVER_FILE,
      code: `
import { McpServer, UrlElicitationRequiredError } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "billing", version: "2.0.0" });
server.registerTool("list_invoices", { description: "List invoices" }, async (ctx) => {
  const token = await tokens.get(ctx.sessionId);
  if (!token) throw new UrlElicitationRequiredError([{ mode: "url", message: "Sign in to billing", url: loginUrl(), elicitationId: "billing-login" }]);
  return { content: [{ type: "text", text: JSON.stringify(await invoices.list(token)) }] };
});`,
    },
    {
      name: "v1: a thrown McpError with ErrorCode.UrlElicitationRequired, and a helper that throws only that",
      filename: TOOL_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
function requireSignIn(session: { token?: string }, url: string): string {
  if (!session.token) throw new McpError(ErrorCode.UrlElicitationRequired, "Sign-in required", { url });
  return session.token;
}
export function createInvoicesTool(session: { token?: string }) {
  return {
    schema: { name: "invoices", description: "List invoices", inputSchema: { type: "object" } },
    handler: async () => {
      const token = requireSignIn(session, "https://billing.example.com/login");
      return { content: [{ type: "text", text: await listInvoices(token) }] };
    },
  };
}`,
    },
    {
      name: "the same throw outside any handler (a helper is reported only where a handler calls it)",
      filename: TOOL_FILE,
      code: REQUIRE_STRING,
    },
    {
      name: "a throw caught by a try in the handler",
      filename: TOOL_FILE,
      code: `
export function createReadFileTool(deps: { readFile(path: string): Promise<string> }) {
  return {
    schema: { name: "read_file", description: "Read a file", inputSchema: { type: "object" } },
    handler: async (args: { path?: string }) => {
      try {
        if (!args.path) throw new Error("path is required");
        return { content: [{ type: "text", text: await deps.readFile(args.path) }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
      }
    },
  };
}`,
    },
    {
      name: "a throw in a catch clause caught by an outer try",
      filename: SERVER_FILE,
      code: `
server.registerTool("git_log", { inputSchema: {} }, async ({ ref }) => {
  try {
    try {
      return { content: [{ type: "text", text: await git(["log", ref]) }] };
    } catch (err) {
      throw new Error(\`git log failed: \${String(err)}\`);
    }
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
  }
});`,
    },
    {
      name: "a helper that catches its own throw",
      filename: TOOL_FILE,
      code: `
function parseLimit(raw: unknown): number {
  try {
    const limit = Number(raw);
    if (!Number.isInteger(limit)) throw new Error("limit must be an integer");
    return limit;
  } catch {
    return 20;
  }
}
export function createSearchTool() {
  return {
    schema: { name: "search", inputSchema: { type: "object" } },
    handler: async (args: { limit?: unknown }) => ({ content: [{ type: "text", text: String(parseLimit(args.limit)) }] }),
  };
}`,
    },
    {
      name: "recursion between helpers that never throw",
      filename: TOOL_FILE,
      code: `
function isEven(n: number): boolean { return n === 0 ? true : isOdd(n - 1); }
function isOdd(n: number): boolean { return n === 0 ? false : isEven(n - 1); }
export function createParityTool() {
  return {
    schema: { name: "parity", inputSchema: { type: "object" } },
    handler: async (args: { n: number }) => ({ content: [{ type: "text", text: isEven(args.n) ? "even" : "odd" }] }),
  };
}`,
    },
    {
      name: "a call to a throwing helper guarded by a try in the handler",
      filename: TOOL_FILE,
      code: `${REQUIRE_STRING}
export function createGitShowTool() {
  return {
    schema: { name: "git_show", inputSchema: { type: "object" } },
    handler: async (args: Record<string, unknown>) => {
      try {
        return { content: [{ type: "text", text: requireString(args, "ref") }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
      }
    },
  };
}`,
    },
    {
      name: "the unknown-tool branch of a low-level dispatcher (switch default) is a protocol error",
      filename: SERVER_FILE,
      code: `
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async ({ params: { name, arguments: args } }) => {
  switch (name) {
    case "count_lines":
      return { content: [{ type: "text", text: String(String(args?.text ?? "").split("\\n").length) }] };
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  }
});`,
    },
    {
      name: "a throw in a callback the handler gives to a same-file wrapper that calls it in a try whose catch returns an error result",
      filename: SERVER_FILE,
      code: BROWSER_CONNECTION_TOOL('return { content: [{ type: "text", text: `Error: ${String(error)}` }], isError: true };'),
    },
    {
      name: "a callback given to the class's own registration method, which calls it in a try whose catch returns an error result",
      filename: SERVER_FILE,
      code: OWN_REGISTRATION_METHOD(
        'return { content: [{ type: "text", text: `Error: [${tool.name}] ${String(error)}` }], isError: true };',
      ),
    },
    {
      name: "the unknown-tool branch of a one-tool dispatcher that rejects every other name first",
      filename: SERVER_FILE,
      code: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name !== "claude_code") throw new Error(\`Unknown tool: \${request.params.name}\`);
  try {
    return { content: [{ type: "text", text: await runClaude(String(request.params.arguments?.prompt ?? "")) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "the unknown-tool branch of a dispatcher that looks the tool up by name",
      filename: SERVER_FILE,
      code: `
function unknownTool(name: string): never { throw new Error(\`Unknown tool: \${name}\`); }
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const tool = tools.get(name);
  if (!tool) unknownTool(name);
  if (!tools.has(name)) throw new Error(\`Unknown tool: \${name}\`);
  try {
    return await tool.run(args);
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
  }
});`,
    },
    {
      name: "an Express route that throws is not a tool handler",
      filename: SERVER_FILE,
      code: `
app.get("/health", (req, res) => {
  if (!ready) throw new Error("not ready");
  res.json({ ok: true });
});`,
    },
    {
      name: "the OpenAI Agents SDK's tool({ parameters, execute }) is a function tool of an agent, not an MCP tool",
      filename: TOOL_FILE,
      code: WEATHER_FUNCTION_TOOL('import { Agent, tool } from "@openai/agents";'),
    },
    {
      name: "the Vercel AI SDK's tool({ execute }) is not an MCP tool, even in a tools folder",
      filename: TOOL_FILE,
      code: `
import { tool } from "ai";
import { z } from "zod";
export const weather = tool({
  description: "Get the weather",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    if (!city) throw new Error("city is required");
    return { city, temperature: 21 };
  },
});`,
    },
    {
      name: "FastMCP UserError is allowed by option, directly and through a helper",
      filename: SERVER_FILE,
      options: [{ allow: ["UserError"], reportConvertedThrows: true }],
      code: `
import { FastMCP, UserError } from "fastmcp";
import * as errors from "fastmcp";
const server = new FastMCP({ name: "downloads", version: "1.0.0" });
const requireUrl = (url: string | undefined): string => {
  if (!url) throw new UserError("url is required");
  return url;
};
server.addTool({
  name: "download",
  parameters: schema,
  execute: async (args) => {
    if (args.url?.startsWith("file:")) throw new errors.UserError("file URLs are not allowed");
    if (args.url === "") throw UserError("empty url");
    if (args.retries < 0) return Promise.reject(new UserError("retries must be >= 0"));
    return fetchText(requireUrl(args.url));
  },
});`,
    },
    {
      name: "allow covers a catch's rethrow of the allowed class, tested alone or with &&",
      filename: SERVER_FILE,
      options: [{ allow: ["UserError"], reportConvertedThrows: true }],
      code: RENDER_TEMPLATE_TOOL(`      if (error instanceof UserError) throw error;
      if (error instanceof UserError && error.message !== "") {
        throw error;
      }
      throw new UserError(\`Failed to render the template: \${String(error)}\`);`),
    },
    {
      name: "a rejection that is not returned or awaited does not leave the handler",
      filename: SERVER_FILE,
      code: `
server.registerTool("warm_cache", { inputSchema: {} }, async () => {
  const failed = Promise.reject(new Error("cold")).catch(() => undefined);
  await failed;
  return { content: [{ type: "text", text: "warmed" }] };
});`,
    },
    {
      name: "an awaited rejection inside a try is caught",
      filename: SERVER_FILE,
      code: `
server.registerTool("ping", { inputSchema: {} }, async () => {
  try {
    await (healthy ? fetchPing() : Promise.reject(new Error("unhealthy")));
    return { content: [{ type: "text", text: "pong" }] };
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
  }
});`,
    },
    {
      name: "an async helper whose rejection the handler handles with .catch()",
      filename: SERVER_FILE,
      code: `
async function loadConfig(path: string) {
  const text = await readFile(path, "utf8");
  if (!text) throw new Error("empty config");
  return JSON.parse(text);
}
server.registerTool("show_config", { inputSchema: {} }, async () => {
  const config = await loadConfig("mcp.json").catch(() => ({}));
  return { content: [{ type: "text", text: JSON.stringify(config) }] };
});`,
    },
    {
      name: "a let-bound helper assigned again may no longer throw",
      filename: SERVER_FILE,
      code: `
let validate = (input: string) => { throw new Error(\`not configured: \${input}\`); };
validate = (input: string) => input.trim();
server.registerTool("echo", { inputSchema: {} }, async ({ text }) => ({ content: [{ type: "text", text: validate(text) }] }));`,
    },
    {
      name: "functions from other files are the type-aware rule's business",
      filename: TOOL_FILE,
      code: `
import { requireString } from "./utils.js";
export function createGitLogTool() {
  return {
    schema: { name: "git_log", inputSchema: { type: "object" } },
    handler: async (args: Record<string, unknown>) => ({ content: [{ type: "text", text: requireString(args, "ref") }] }),
  };
}`,
    },
    {
      name: "a method of the same name is not the same-file function",
      filename: TOOL_FILE,
      code: `${REQUIRE_STRING}
export function createGitLogTool(deps: { args: { requireString(key: string): string } }) {
  return {
    schema: { name: "git_log", inputSchema: { type: "object" } },
    handler: async () => ({ content: [{ type: "text", text: deps.args.requireString("ref") }] }),
  };
}`,
    },
    {
      name: "a local function that shadows the throwing helper",
      filename: TOOL_FILE,
      code: `${REQUIRE_STRING}
export function createGitLogTool() {
  return {
    schema: { name: "git_log", inputSchema: { type: "object" } },
    handler: async (args: Record<string, unknown>) => {
      const requireString = (values: Record<string, unknown>, key: string) => String(values[key] ?? "HEAD");
      return { content: [{ type: "text", text: requireString(args, "ref") }] };
    },
  };
}`,
    },
    {
      name: "a tool object bound to a constant that the table lists by name: the loop calls its handler inside a try that answers",
      filename: SERVER_FILE,
      code: listedNoteTools(`try {
        return { content: [{ type: "text" as const, text: JSON.stringify(await tool.handler(args)) }] };
      } catch (err) {
        return { content: [{ type: "text" as const, text: \`Error: \${(err as Error).message}\` }], isError: true };
      }`),
    },
  ],
  invalid: [
    ...[
      {
        imports: 'import { UserError } from "fastmcp";',
        outcome: THROW_FASTMCP_USER_ERROR,
        name: "a tool file's object beside a FastMCP import is a FastMCP tool: its UserError is answered with its message",
      },
      {
        imports: 'import { UserError } from "../errors.js";',
        outcome: THROW_ESCAPES,
        name: "look-alike of a FastMCP tool file: the same object without FastMCP's import runs whatever its loader does",
      },
    ].map(({ imports, outcome, name }) => ({
      name,
      filename: "src/tools/cards.ts",
      code: cardToolFile(imports),
      errors: [
        {
          messageId: "throw" as const,
          data: { outcome, hint: " If your framework turns `UserError` into an error result, add it to this rule's `allow` option." },
          line: 12,
          column: 7,
          suggestions: [
            {
              messageId: "replaceWithErrorResult" as const,
              output: cardToolFile(imports).replace(
                "throw new UserError(`Card ${args.card_id} not found`);",
                'return { content: [{ type: "text", text: `Error: Card ${args.card_id} not found` }], isError: true };',
              ),
            },
          ],
        },
      ],
    })),
    {
      name: "look-alike of a listed tool object: the loop calls its handler outside any try",
      filename: SERVER_FILE,
      code: listedNoteTools('return { content: [{ type: "text" as const, text: JSON.stringify(await tool.handler(args)) }] };'),
      errors: [
        escapingThrow(
          listedNoteTools('return { content: [{ type: "text" as const, text: JSON.stringify(await tool.handler(args)) }] };'),
          { line: 11, column: 22 },
          [
            'throw new Error("Locked notes are immutable; clone the note first");',
            'return { content: [{ type: "text", text: "Error: Locked notes are immutable; clone the note first" }], isError: true };',
          ],
        ),
      ],
    },
    {
      name: "a rate limiter's queue job carries its promise's resolve and reject: its throw is not a tool's; the tool object's is",
      filename: TOOL_FILE,
      code: BYBIT_TOOL_FILE(
        'if (!args.symbol) throw new Error("symbol is required");\n    return { content: [{ type: "text", text: String(await request(args.symbol)) }] };',
      ),
      errors: [
        escapingThrow(
          BYBIT_TOOL_FILE(
            'if (!args.symbol) throw new Error("symbol is required");\n    return { content: [{ type: "text", text: String(await request(args.symbol)) }] };',
          ),
          { line: 21, column: 23 },
          [
            'throw new Error("symbol is required");',
            'return { content: [{ type: "text", text: "Error: symbol is required" }], isError: true };',
          ],
        ),
        // The job's failure rejects the promise `request` returns, which the tool awaits.
        { messageId: "throwingCall", line: 22, column: 59, data: { name: "request", line: 10, outcome: ESCAPES, hint: "" } },
      ],
    },
    {
      name: "look-alike of an unknown-tool test: tools.some of something other than the requested name",
      filename: SERVER_FILE,
      code: PRICE_DISPATCHER("TOOLS.some((tool) => tool.enabled)"),
      errors: [
        escapingThrow(
          PRICE_DISPATCHER("TOOLS.some((tool) => tool.enabled)"),
          { line: 10, column: 5 },
          [
            "throw new McpError(ErrorCode.MethodNotFound, `Tool ${toolName} is not available`);",
            'return { content: [{ type: "text", text: `Error: Tool ${toolName} is not available` }], isError: true };',
          ],
          THROW_JSON_RPC,
        ),
      ],
    },
    {
      name: "look-alike of a normalised name: a function of the file that maps the name to another is no lookup by it",
      filename: SERVER_FILE,
      code: UNITY_DISPATCHER(ALIASED_MAP, "aliasOf(request.params.name)"),
      errors: [
        { messageId: "throwingCall", line: 11, column: 104, data: { name: "callUnity", line: 6, outcome: ESCAPES, hint: "" } },
        escapingThrow(
          UNITY_DISPATCHER(ALIASED_MAP, "aliasOf(request.params.name)"),
          { line: 19, column: 14 },
          [
            "throw new Error(`Unknown tool: ${request.params.name}`);",
            'return { content: [{ type: "text", text: `Error: Unknown tool: ${request.params.name}` }], isError: true };',
          ],
          THROW_JSON_RPC,
        ),
      ],
    },
    {
      name: "look-alike of an indexed dispatch table: the dispatcher calls what it found outside its try",
      filename: SERVER_FILE,
      code: UNITY_DISPATCHER(MAP_OF_PAIRS, undefined, "return tool.handler(request.params.arguments ?? {});"),
      errors: [{ messageId: "throwingCall", line: 11, column: 104, data: { name: "callUnity", line: 6, outcome: JSON_RPC, hint: "" } }],
    },
    {
      name: "a definition object's callback, the SDK's name for a tool's function, beside its input schema",
      filename: TOOL_FILE,
      code: ARCHIVE_DOCUMENT(),
      errors: [
        escapingThrow(
          ARCHIVE_DOCUMENT(),
          { line: 12, column: 26 },
          [
            "throw new Error(`Document ${args.id} could not be archived`);",
            'return { content: [{ type: "text", text: `Error: Document ${args.id} could not be archived` }], isError: true };',
          ],
          THROW_ESCAPES,
          " If the code that runs `register()`'s handlers turns what they throw into an error result, name `register` in settings `handlers.wrappers`.",
        ),
      ],
    },
    {
      name: "an instance of the file's server class whose registerTool hands the callback on unguarded: the throw escapes the class's method",
      filename: SERVER_FILE,
      code: browserTools(browserServerClass("handler")),
      errors: [
        escapingThrow(browserTools(browserServerClass("handler")), { line: 15, column: 35 }, [
          'throw new Error("No browser page is open");',
          'return { content: [{ type: "text", text: "Error: No browser page is open" }], isError: true };',
        ]),
      ],
    },
    {
      name: "registerTool given a description, a schema and then the callback is a project's, not McpServer's (hint)",
      filename: SERVER_FILE,
      code: codeModeTools(
        `server.registerTool("sdl.workflow", "Run several actions in one call.", WorkflowRequest, ${WORKFLOW_CALLBACK});`,
      ),
      errors: [
        escapingThrow(
          codeModeTools(`server.registerTool("sdl.workflow", "Run several actions in one call.", WorkflowRequest, ${WORKFLOW_CALLBACK});`),
          { line: 8, column: 61 },
          [
            'throw new Error("Invalid sdl.workflow request");',
            'return { content: [{ type: "text", text: "Error: Invalid sdl.workflow request" }], isError: true };',
          ],
          THROW_ESCAPES,
          REGISTER_TOOL_HINT,
        ),
      ],
    },
    {
      name: "look-alike of a project's registerTool: McpServer's own (name, config, callback) keeps the SDK's safety net",
      filename: SERVER_FILE,
      code: codeModeTools(
        `server.registerTool("sdl.workflow", { description: "Run several actions in one call." }, ${WORKFLOW_CALLBACK});`,
      ),
      errors: [
        escapingThrow(
          codeModeTools(`server.registerTool("sdl.workflow", { description: "Run several actions in one call." }, ${WORKFLOW_CALLBACK});`),
          { line: 8, column: 61 },
          [
            'throw new Error("Invalid sdl.workflow request");',
            'return { content: [{ type: "text", text: "Error: Invalid sdl.workflow request" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "an instance of an imported server class: its registerTool is the project's, which the file cannot read (hint)",
      filename: SERVER_FILE,
      code: browserTools(IMPORTED_BROWSER_SERVER),
      errors: [
        escapingThrow(
          browserTools(IMPORTED_BROWSER_SERVER),
          { line: 8, column: 35 },
          [
            'throw new Error("No browser page is open");',
            'return { content: [{ type: "text", text: "Error: No browser page is open" }], isError: true };',
          ],
          THROW_ESCAPES,
          REGISTER_TOOL_HINT,
        ),
      ],
    },
    {
      name: "look-alike of a project's server class: McpServer's own instance keeps the SDK's safety net, and no hint",
      filename: SERVER_FILE,
      code: browserTools(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'new McpServer({ name: "browser", version: "1.0.0" })',
      ),
      errors: [
        escapingThrow(
          browserTools(
            'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
            'new McpServer({ name: "browser", version: "1.0.0" })',
          ),
          { line: 8, column: 35 },
          [
            'throw new Error("No browser page is open");',
            'return { content: [{ type: "text", text: "Error: No browser page is open" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a tool module's exported handler, beside its input schema, is the tool's handler: its catch's throw escapes",
      filename: TOOL_FILE,
      code: MONITOR_TOOL_MODULE("export const parameters = z.object({ url: z.string() });"),
      errors: [
        escapingThrow(MONITOR_TOOL_MODULE("export const parameters = z.object({ url: z.string() });"), { line: 11, column: 5 }, [
          "throw toProtocolError(error);",
          'return { content: [{ type: "text", text: `Error: ${error instanceof Error ? error.message : String(error)}` }], isError: true };',
        ]),
      ],
    },
    {
      name: "SDK v1's task tool whose handler object is bound to a const: its createTask is the handler",
      filename: SERVER_FILE,
      code: DELAYED_ECHO_TASK,
      errors: [
        escapingThrow(
          DELAYED_ECHO_TASK,
          { line: 7, column: 33 },
          [
            'throw new Error("text must not be empty");',
            'return { content: [{ type: "text", text: "Error: text must not be empty" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a table a function of the file returns, looped over where its handlers are called outside a try: the throw escapes",
      filename: SERVER_FILE,
      code: GITLAB_TOOL_FACTORY("getGitLabToolDefinitions()", GITLAB_UNGUARDED_CALL),
      errors: [
        escapingThrow(GITLAB_TOOL_FACTORY("getGitLabToolDefinitions()", GITLAB_UNGUARDED_CALL), { line: 17, column: 31 }, [
          'throw new Error("project_id is required");',
          'return { content: [{ type: "text", text: "Error: project_id is required" }], isError: true };',
        ]),
      ],
    },
    {
      name: "look-alike of mcp-ts-core: a tool(name, { handler }) of another module guards nothing it is known to",
      filename: "src/mcp-server/tools/definitions/pubmed-fetch.tool.ts",
      code: pubmedFetchTool("../../toolkit.js"),
      errors: [
        escapingThrow(
          pubmedFetchTool("../../toolkit.js"),
          { line: 12, column: 7 },
          [
            'throw new Error("Invalid EFetch response from NCBI");',
            'return { content: [{ type: "text", text: "Error: Invalid EFetch response from NCBI" }], isError: true };',
          ],
          THROW_ESCAPES,
          " If the code that runs `tool()`'s handlers turns what they throw into an error result, name `tool` in settings `handlers.wrappers`.",
        ),
      ],
    },
    ...[
      { where: "the function is given", parameter: "{ context, registerTool }", bind: "void context;" },
      { where: "in a const", parameter: "registrar", bind: "const { registerTool } = registrar;" },
    ].map(({ where, parameter, bind }) => ({
      name: `registerTool destructured off the registrar ${where}: its call registers the handler`,
      filename: ALERT_TOOL_FILE,
      code: ALERT_REGISTRAR(parameter, bind, "registerTool"),
      errors: [
        escapingThrow(
          ALERT_REGISTRAR(parameter, bind, "registerTool"),
          { line: 8, column: 37 },
          [
            'throw new Error("Invalid alert ID");',
            'return { content: [{ type: "text", text: "Error: Invalid alert ID" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    })),
    {
      name: "MCP Apps' registerAppTool hands its callback to server.registerTool: the SDK's safety net answers the throw",
      filename: SERVER_FILE,
      code: WEATHER_APP_TOOL("@modelcontextprotocol/ext-apps/server"),
      errors: [
        escapingThrow(
          WEATHER_APP_TOOL("@modelcontextprotocol/ext-apps/server"),
          { line: 14, column: 7 },
          [
            'throw new Error("city must not be empty");',
            'return { content: [{ type: "text", text: "Error: city must not be empty" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "McpServer's tool bound to a const (server.tool.bind(server)): its calls register the handler",
      filename: SERVER_FILE,
      code: PROMETHEUS_BOUND_TOOL("tool"),
      errors: [
        escapingThrow(
          PROMETHEUS_BOUND_TOOL("tool"),
          { line: 7, column: 23 },
          [
            'throw new Error("expr must not be empty");',
            'return { content: [{ type: "text", text: "Error: expr must not be empty" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a local registrar that hands its callback to registerTool: the callback its call gives it is the handler",
      filename: SERVER_FILE,
      code: OBSERVABILITY_REGISTRAR("server.registerTool(name, { description }, cb);"),
      errors: [
        escapingThrow(
          OBSERVABILITY_REGISTRAR("server.registerTool(name, { description }, cb);"),
          { line: 17, column: 33 },
          [
            'throw new Error("query must not be empty");',
            'return { content: [{ type: "text", text: "Error: query must not be empty" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a dispatcher that gives a function of the file a callback keeps the role: the callback's throw and the wrapper's rethrow",
      filename: SERVER_FILE,
      code: VALIDATING_WRAPPER_DISPATCHER,
      errors: [
        { messageId: "throwingCall", data: { name: "handleRequest", line: 8, outcome: JSON_RPC, hint: "" }, line: 12, column: 3 },
        { messageId: "throw", data: { outcome: THROW_JSON_RPC, hint: "" }, line: 16, column: 18, suggestions: [] },
      ],
    },
    {
      name: "reportConvertedThrows: false: tmcp's server.tool(config, cb) has no safety net, so its throw is reported",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: TMCP_TOOL('{ name: "context-aware-tool", description: "Tool that uses request context" }'),
      errors: [
        escapingThrow(TMCP_TOOL('{ name: "context-aware-tool", description: "Tool that uses request context" }'), { line: 8, column: 5 }, [
          'throw new Error("User authentication required");',
          'return { content: [{ type: "text", text: "Error: User authentication required" }], isError: true };',
        ]),
      ],
    },
    {
      name: "tmcp's defineTool(options, execute): the callback after the options is the tool's handler",
      filename: SERVER_FILE,
      code: TMCP_DEFINE_TOOL("defineTool"),
      errors: [
        escapingThrow(
          TMCP_DEFINE_TOOL("defineTool"),
          { line: 7, column: 18 },
          [
            'throw new Error("division by zero");',
            'return { content: [{ type: "text", text: "Error: division by zero" }], isError: true };',
          ],
          THROW_ESCAPES,
          definitionRunnerHint("defineTool"),
        ),
      ],
    },
    {
      name: "a const declared with the SDK's ToolCallback is a tool callback that another file registers",
      filename: "src/handlers/get-flaky-tests.ts",
      code: FLAKY_TESTS_CALLBACK("@modelcontextprotocol/sdk/server/mcp.js"),
      errors: [
        escapingThrow(
          FLAKY_TESTS_CALLBACK("@modelcontextprotocol/sdk/server/mcp.js"),
          { line: 6, column: 14 },
          [
            'throw new Error("projectSlug is required");',
            'return { content: [{ type: "text", text: "Error: projectSlug is required" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "near-miss of a prompt registration: the same object given to tool() defines a tool",
      filename: SERVER_FILE,
      code: LITE_REGISTRATION("tool"),
      errors: [
        escapingThrow(
          LITE_REGISTRATION("tool"),
          { line: 9, column: 40 },
          [
            'throw new Error("content too long");',
            'return { content: [{ type: "text", text: "Error: content too long" }], isError: true };',
          ],
          THROW_ESCAPES,
          definitionRunnerHint("tool"),
        ),
      ],
    },
    {
      name: "near-miss of an agent library's tool(): the project's own tool() in a tool file defines an MCP tool",
      filename: TOOL_FILE,
      code: WEATHER_FUNCTION_TOOL('import { tool } from "../mcp/define-tool.js";'),
      errors: [
        escapingThrow(
          WEATHER_FUNCTION_TOOL('import { tool } from "../mcp/define-tool.js";'),
          { line: 8, column: 28 },
          [
            'throw new Error("city must not be empty");',
            'return { content: [{ type: "text", text: "Error: city must not be empty" }], isError: true };',
          ],
          THROW_ESCAPES,
          definitionRunnerHint("tool"),
        ),
      ],
    },
    ...[
      {
        name: "a function of the file the dispatcher forwards to is the handler: its throw is reported there, its unknown-tool branch is not",
        dispatcher: (source: string) => SCREENSHOT_DISPATCHER(source),
      },
      {
        name: "a dispatcher that names the request's parts before forwarding still hands the work on: the unknown-tool branch is not reported",
        dispatcher: (source: string) => NAMING_DISPATCHER(NAMES_FROM_PARAMS, source),
      },
    ].map(({ name, dispatcher }) => ({
      name,
      filename: SERVER_FILE,
      code: dispatcher(HANDLE_TOOL_CALL),
      errors: [
        {
          messageId: "throw" as const,
          data: { outcome: THROW_JSON_RPC, hint: "" },
          line: 7,
          column: 41,
          suggestions: [
            {
              messageId: "replaceWithErrorResult" as const,
              output: dispatcher(
                HANDLE_TOOL_CALL.replace(
                  'throw new Error("url must be a string");',
                  'return { content: [{ type: "text", text: "Error: url must be a string" }], isError: true };',
                ),
              ),
            },
          ],
        },
      ],
    })),
    {
      name: "the look-alike: a dispatcher that validates the request before forwarding does work of its own, and the call can throw",
      filename: SERVER_FILE,
      code: NAMING_DISPATCHER(NAMES_FROM_VALIDATION),
      errors: [{ messageId: "throwingCall", line: 16, column: 16 }],
    },
    {
      name: "the look-alike of the copied name: a let that starts as the default tool is not only the requested name",
      filename: SERVER_FILE,
      code: HOSTING_DISPATCHER("toolName = name;", DEFAULT_TOOL_START),
      errors: [
        {
          messageId: "throw",
          line: 12,
          column: 18,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: HOSTING_DISPATCHER("toolName = name;", DEFAULT_TOOL_START).replace(
                "throw new Error(`Tool not found: ${name}`);",
                'return { content: [{ type: "text", text: `Error: Tool not found: ${name}` }], isError: true };',
              ),
            },
          ],
        },
        {
          messageId: "throw",
          line: 14,
          column: 17,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: HOSTING_DISPATCHER("toolName = name;", DEFAULT_TOOL_START).replace(
                "throw new Error(`Tool details not found for ${toolName}`);",
                'return { content: [{ type: "text", text: `Error: Tool details not found for ${toolName}` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the look-alike: a wrapper built the same way on a wrapper that only times the call guards nothing",
      filename: SERVER_FILE,
      code: WRITE_GUARD("withTiming"),
      errors: [
        {
          messageId: "throw",
          line: 23,
          column: 22,
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: WRITE_GUARD("withTiming").replace(
                'throw new Error("title is required");',
                'return { content: [{ type: "text", text: "Error: title is required" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the same wrapper given a callback that answers with a plain result guards nothing",
      filename: SERVER_FILE,
      code: guardedListTool('{ content: [{ type: "text", text: `cannot list ${path}` }] }'),
      errors: [
        {
          messageId: "throw",
          line: 16,
          column: 18,
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          // The throw is in the work handed to the wrapper, not in the handler's own body: no suggestion (see the rule).
          suggestions: [],
        },
      ],
    },
    {
      name: "a createTool of another library (or of the project) guards nothing: the message says how to name it",
      filename: TOOL_FILE,
      code: publishPostTool("@supabase/mcp-utils"),
      errors: [
        {
          messageId: "throw",
          line: 11,
          column: 19,
          data: {
            outcome: THROW_ESCAPES,
            hint: " If the code that runs `createTool()`'s handlers turns what they throw into an error result, name `createTool` in settings `handlers.wrappers`.",
          },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: publishPostTool("@supabase/mcp-utils").replace(
                'throw new Error("Channel not found: call listChannels for a valid id");',
                'return { content: [{ type: "text", text: "Error: Channel not found: call listChannels for a valid id" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a definition object given to the project's imported function: the message names that function for handlers.wrappers",
      filename: SERVER_FILE,
      code: CARD_TOOLS,
      errors: [
        {
          messageId: "throw",
          line: 14,
          column: 9,
          data: {
            outcome: THROW_ESCAPES,
            hint: " If the code that runs `registerTool()`'s handlers turns what they throw into an error result, name `registerTool` in settings `handlers.wrappers`.",
          },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: CARD_TOOLS.replace(
                "throw new Error(`Card ${card_id} not found`);",
                'return { content: [{ type: "text", text: `Error: Card ${card_id} not found` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a definition function that is not named in handlers.wrappers guards nothing, beside one that is",
      filename: TOOL_FILE,
      settings: DEFINE_TOOL_GUARDS,
      code: CLOSE_HEAP_SNAPSHOT + "\n" + TAKE_SCREENSHOT,
      errors: [
        {
          messageId: "throw",
          line: 19,
          column: 17,
          data: { outcome: THROW_ESCAPES, hint: DEFINE_PAGE_TOOL_HINT },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output:
                CLOSE_HEAP_SNAPSHOT +
                "\n" +
                TAKE_SCREENSHOT.replace(
                  'throw new Error("The page gave no screenshot.");',
                  'return { content: [{ type: "text", text: "Error: The page gave no screenshot." }], isError: true };',
                ),
            },
          ],
        },
      ],
    },
    {
      name: "a handler passed to an imported wrapper the rule cannot read: the message says how to name it as a catching wrapper",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { safe } from "../context.js";
const server = new McpServer({ name: "crm", version: "1.0.0" });
server.registerTool("find_contact", { inputSchema: {} }, safe(async ({ name }) => {
  if (!name) return Promise.reject(new Error("Missing name"));
  return { content: [{ type: "text", text: await crm.find(name) }] };
}));`,
      errors: [
        {
          messageId: "reject",
          line: 6,
          column: 21,
          data: {
            outcome:
              'the SDK\'s safety net turns this rejected promise into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")',
            hint: " If `safe()` turns what the handler throws into an error result, name it in settings `handlers.wrappers`.",
          },
        },
      ],
    },
    {
      name: "a handler that hands its work as a thunk to an imported wrapper the rule cannot read: the message names the wrapper",
      filename: SERVER_FILE,
      code: READ_PAGE_THUNK,
      errors: [
        {
          messageId: "throwingCall",
          line: 11,
          column: 18,
          data: {
            name: "pickReader",
            line: 5,
            outcome:
              'the SDK\'s safety net turns its throw into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")',
            hint: RUN_TOOL_HINT,
          },
        },
        {
          messageId: "throw",
          line: 12,
          column: 34,
          data: {
            outcome:
              'the SDK\'s safety net turns this `throw` into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")',
            hint: RUN_TOOL_HINT,
          },
        },
      ],
    },
    {
      name: "a method that a tool decorator registers (NestJS, @rekog/mcp-nest) is a handler; a method under @Get is not",
      filename: SERVER_FILE,
      code: NOTES_SERVICE,
      errors: [
        escapingThrow(NOTES_SERVICE, { line: 8, column: 25 }, [
          "throw new Error(`Note ${id} not found`);",
          'return { content: [{ type: "text", text: `Error: Note ${id} not found` }], isError: true };',
        ]),
      ],
    },
    {
      name: "the same test is linted when testFiles leaves it out",
      filename: "packages/mcp-utils/src/server.test.ts",
      code: FAILING_TOOL_TEST,
      settings: { "mcp-tool-errors": { testFiles: [] } },
      errors: [
        {
          ...escapingThrow(FAILING_TOOL_TEST, { line: 10, column: 13 }, [
            'throw new Error("Failure: " + foo);',
            'return { content: [{ type: "text", text: `Error: ${String("Failure: " + foo)}` }], isError: true };',
          ]),
          data: {
            outcome: THROW_ESCAPES,
            hint: definitionRunnerHint("tool"),
          },
        },
      ],
    },
    {
      name: "a wrapper whose catch returns a helper of the file that builds a result without isError guards nothing",
      filename: SERVER_FILE,
      code: PLAIN_TEXT_CATCH,
      errors: [
        escapingThrow(
          PLAIN_TEXT_CATCH,
          { line: 15, column: 12 },
          ['throw new Error("id is required");', 'return { content: [{ type: "text", text: "Error: id is required" }], isError: true };'],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a wrapper whose catch returns a function of the file that answers some errors with a plain result guards nothing",
      filename: SERVER_FILE,
      code: SOMETIMES_ERROR_CATCH,
      errors: [
        escapingThrow(
          SOMETIMES_ERROR_CATCH,
          { line: 16, column: 18 },
          [
            'throw new RangeError("from is after to");',
            'return { content: [{ type: "text", text: "Error: from is after to" }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a wrapper declared in the file whose catch rethrows guards nothing, and the function it returns is registered: its rethrow escapes",
      filename: SERVER_FILE,
      code: LOGGED_DELETE_BRANCH,
      errors: [
        {
          messageId: "throw",
          line: 8,
          column: 7,
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: LOGGED_DELETE_BRANCH.replace(
                "      throw error;",
                '      return { content: [{ type: "text", text: `Error: ${error instanceof Error ? error.message : String(error)}` }], isError: true };',
              ),
            },
          ],
        },
        {
          messageId: "throw",
          line: 13,
          column: 26,
          // The wrapper was read: no hint to name it.
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: LOGGED_DELETE_BRANCH.replace(
                'throw new Error("refusing to delete main");',
                'return { content: [{ type: "text", text: "Error: refusing to delete main" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a wrapper that calls the handler outside its try, or hands it on, guards nothing",
      filename: SERVER_FILE,
      code: `
const timed = (handler) => async (args) => {
  const started = Date.now();
  const result = await handler(args);
  try {
    metrics.record(Date.now() - started);
  } catch {
    return { content: [{ type: "text", text: "Error: metrics failed" }], isError: true };
  }
  return result;
};
const queued = (handler) => async (args) => {
  try {
    return await queue.add(() => handler(args)).then(() => handler);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
};
server.registerTool("tag", { inputSchema: {} }, timed(async ({ name }) => {
  if (!name) throw new Error("name is required");
  return { content: [{ type: "text", text: await git(["tag", name]) }] };
}));
server.registerTool("push", { inputSchema: {} }, queued(async ({ remote }) => {
  if (!remote) throw new Error("remote is required");
  return { content: [{ type: "text", text: await git(["push", remote]) }] };
}));`,
      errors: [
        {
          messageId: "throw",
          line: 20,
          column: 14,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
const timed = (handler) => async (args) => {
  const started = Date.now();
  const result = await handler(args);
  try {
    metrics.record(Date.now() - started);
  } catch {
    return { content: [{ type: "text", text: "Error: metrics failed" }], isError: true };
  }
  return result;
};
const queued = (handler) => async (args) => {
  try {
    return await queue.add(() => handler(args)).then(() => handler);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
};
server.registerTool("tag", { inputSchema: {} }, timed(async ({ name }) => {
  if (!name) return { content: [{ type: "text", text: "Error: name is required" }], isError: true };
  return { content: [{ type: "text", text: await git(["tag", name]) }] };
}));
server.registerTool("push", { inputSchema: {} }, queued(async ({ remote }) => {
  if (!remote) throw new Error("remote is required");
  return { content: [{ type: "text", text: await git(["push", remote]) }] };
}));`,
            },
          ],
        },
        {
          messageId: "throw",
          line: 24,
          column: 16,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
const timed = (handler) => async (args) => {
  const started = Date.now();
  const result = await handler(args);
  try {
    metrics.record(Date.now() - started);
  } catch {
    return { content: [{ type: "text", text: "Error: metrics failed" }], isError: true };
  }
  return result;
};
const queued = (handler) => async (args) => {
  try {
    return await queue.add(() => handler(args)).then(() => handler);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
};
server.registerTool("tag", { inputSchema: {} }, timed(async ({ name }) => {
  if (!name) throw new Error("name is required");
  return { content: [{ type: "text", text: await git(["tag", name]) }] };
}));
server.registerTool("push", { inputSchema: {} }, queued(async ({ remote }) => {
  if (!remote) return { content: [{ type: "text", text: "Error: remote is required" }], isError: true };
  return { content: [{ type: "text", text: await git(["push", remote]) }] };
}));`,
            },
          ],
        },
      ],
    },
    {
      name: "a wrapper that is not configured guards nothing",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] } } },
      code: `
server.registerTool("delete_branch", { inputSchema: {} }, withAuth(async ({ branch }) => {
  if (branch === "main") throw new Error("refusing to delete main");
  return { content: [{ type: "text", text: await git(["branch", "-D", branch]) }] };
}));`,
      errors: [
        {
          messageId: "throw",
          line: 3,
          column: 26,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.registerTool("delete_branch", { inputSchema: {} }, withAuth(async ({ branch }) => {
  if (branch === "main") return { content: [{ type: "text", text: "Error: refusing to delete main" }], isError: true };
  return { content: [{ type: "text", text: await git(["branch", "-D", branch]) }] };
}));`,
            },
          ],
        },
      ],
    },
    {
      name: "v2: a throw in a registerTool callback (args, ctx) says what the SDK's safety net does",
      filename: SERVER_FILE,
      code: `${V2_SERVER}
server.registerTool("close_ticket", { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const ticket = await tickets.find(id);
  if (!ticket) throw new Error(\`ticket \${id} not found\`);
  return { content: [{ type: "text", text: \`Closed \${id}\` }] };
});`,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          line: 7,
          column: 16,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `${V2_SERVER}
server.registerTool("close_ticket", { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const ticket = await tickets.find(id);
  if (!ticket) return { content: [{ type: "text", text: \`Error: ticket \${id} not found\` }], isError: true };
  return { content: [{ type: "text", text: \`Closed \${id}\` }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of the client adapter: the same definition in a file that imports a server module",
      filename: "src/mcp/remote-tools.ts",
      code: `
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const searchTickets = {
  name: "search_tickets",
  inputSchema: { query: z.string() },
  execute: async ({ query }: { query: string }) => {
    if (query.trim() === "") throw new Error("query is required");
    return { content: [{ type: "text", text: await searchTracker(query) }] };
  },
};`,
      errors: [
        {
          messageId: "throw",
          line: 7,
          column: 30,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const searchTickets = {
  name: "search_tickets",
  inputSchema: { query: z.string() },
  execute: async ({ query }: { query: string }) => {
    if (query.trim() === "") return { content: [{ type: "text", text: "Error: query is required" }], isError: true };
    return { content: [{ type: "text", text: await searchTracker(query) }] };
  },
};`,
            },
          ],
        },
      ],
    },
    {
      name: "a dispatch table without a guard: each function is a handler on the low-level path",
      filename: SERVER_FILE,
      code: `
const handlers = {
  list_issues: async (args: { repo?: string }) => {
    if (!args.repo) throw new Error("repo is required");
    return { content: [{ type: "text", text: JSON.stringify(await listIssues(args.repo)) }] };
  },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name as keyof typeof handlers];
  if (!handler) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  return handler(request.params.arguments ?? {});
});`,
      errors: [
        {
          messageId: "throw",
          line: 4,
          column: 21,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
const handlers = {
  list_issues: async (args: { repo?: string }) => {
    if (!args.repo) return { content: [{ type: "text", text: "Error: repo is required" }], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(await listIssues(args.repo)) }] };
  },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name as keyof typeof handlers];
  if (!handler) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  return handler(request.params.arguments ?? {});
});`,
            },
          ],
        },
      ],
    },
    {
      name: "methods as handlers: this.method.bind(this), a forwarding arrow, and this.helper() followed",
      filename: SERVER_FILE,
      code: `
class IssueServer {
  constructor(private readonly server: Server, private readonly api: IssueApi) {
    server.setRequestHandler(CallToolRequestSchema, this.handleCallTool.bind(this));
    mcp.registerTool("reopen_issue", { inputSchema: { id: z.number() } }, (args) => this.reopen(args));
  }
  private async handleCallTool(request: CallToolRequest) {
    switch (request.params.name) {
      case "close_issue":
        return this.closeIssue(this.requireRepo(request.params.arguments));
      default:
        throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
    }
  }
  private async reopen({ id }: { id: number }) {
    if (id <= 0) throw new Error("id must be positive");
    return { content: [{ type: "text", text: \`Reopened #\${id}\` }] };
  }
  private requireRepo(args: Record<string, unknown> | undefined): string {
    if (typeof args?.repo !== "string") throw new Error("repo is required");
    return args.repo;
  }
  private async closeIssue(repo: string) {
    await this.api.close(repo);
    return { content: [{ type: "text", text: \`Closed the issue in \${repo}\` }] };
  }
}`,
      errors: [
        { messageId: "throwingCall", data: { name: "this.requireRepo", line: 20, outcome: JSON_RPC, hint: "" }, line: 10, column: 32 },
        {
          messageId: "throw",
          line: 16,
          column: 18,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
class IssueServer {
  constructor(private readonly server: Server, private readonly api: IssueApi) {
    server.setRequestHandler(CallToolRequestSchema, this.handleCallTool.bind(this));
    mcp.registerTool("reopen_issue", { inputSchema: { id: z.number() } }, (args) => this.reopen(args));
  }
  private async handleCallTool(request: CallToolRequest) {
    switch (request.params.name) {
      case "close_issue":
        return this.closeIssue(this.requireRepo(request.params.arguments));
      default:
        throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
    }
  }
  private async reopen({ id }: { id: number }) {
    if (id <= 0) return { content: [{ type: "text", text: "Error: id must be positive" }], isError: true };
    return { content: [{ type: "text", text: \`Reopened #\${id}\` }] };
  }
  private requireRepo(args: Record<string, unknown> | undefined): string {
    if (typeof args?.repo !== "string") throw new Error("repo is required");
    return args.repo;
  }
  private async closeIssue(repo: string) {
    await this.api.close(repo);
    return { content: [{ type: "text", text: \`Closed the issue in \${repo}\` }] };
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "near-miss of a task-support check: a check of another setting of the tool is the tool's failure",
      filename: SERVER_FILE,
      code: TASK_DISPATCHER('  if (task && tool.execution?.mode === "forbidden") throw new Error("This tool cannot run as a task");'),
      errors: [
        {
          messageId: "throw",
          line: 11,
          column: 53,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: TASK_DISPATCHER(
                '  if (task && tool.execution?.mode === "forbidden") return { content: [{ type: "text", text: "Error: This tool cannot run as a task" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "near-misses of Promise.allSettled: Promise.all passes a rejection on; a synchronous throw while the array is built escapes",
      filename: SERVER_FILE,
      code: VEHICLE_STATUS_TOOL("await Promise.all([get(`/${vin}/battery`), Promise.allSettled([get(vinPath(vin))])])"),
      errors: [
        { messageId: "throwingCall", data: { name: "get", line: 6, outcome: SAFETY_NET, hint: "" }, line: 14, column: 50 },
        { messageId: "throwingCall", data: { name: "vinPath", line: 10, outcome: SAFETY_NET, hint: "" }, line: 14, column: 98 },
      ],
    },
    {
      name: "a static dispatcher forwarding to a static method, which calls a throwing static sibling as this.<name>()",
      filename: SERVER_FILE,
      code: STATIC_WEATHER_SERVICE(THROWING_VALIDATE("private static ")),
      errors: [
        { messageId: "throwingCall", data: { name: "this.searchWeather", line: 18, outcome: JSON_RPC, hint: "" }, line: 9, column: 14 },
      ],
    },
    {
      name: "SDK v1's task tool: the createTask of registerToolTask's handler object runs under the safety net",
      filename: SERVER_FILE,
      code: OPTIMIZE_ROUTE_TASK('throw new Error("No access token available");'),
      errors: [
        {
          messageId: "throw",
          line: 7,
          column: 45,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: OPTIMIZE_ROUTE_TASK(
                'return { content: [{ type: "text", text: "Error: No access token available" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the near-miss: an if on the tool name whose catch falls through, so the throw after it is no unknown-tool branch",
      filename: SERVER_FILE,
      code: QUERY_THEN_FALL_THROUGH("throw new Error(`Unknown tool: ${request.params.name}`);"),
      errors: [
        {
          messageId: "throw",
          line: 10,
          column: 3,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: QUERY_THEN_FALL_THROUGH(
                'return { content: [{ type: "text", text: `Error: Unknown tool: ${request.params.name}` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    ...[
      { given: "new KnowledgeGraphManager", what: "instances of it (the memory server)" },
      { given: "await KnowledgeGraphManager.open", what: "the awaited call of its static factory" },
    ].map(({ given, what }) => ({
      name: `a same-file class's method called on a variable given only ${what}`,
      filename: SERVER_FILE,
      code: KNOWLEDGE_GRAPH_TOOLS(`let knowledgeGraph: KnowledgeGraphManager;
export async function main(): Promise<void> {
  knowledgeGraph = ${given}(process.env.MEMORY_FILE_PATH ?? "memory.jsonl");
}`),
      errors: [
        {
          messageId: "throwingCall" as const,
          data: { name: "knowledgeGraph.addObservations", line: 9, outcome: SAFETY_NET, hint: "" },
          line: 27,
          column: 23,
        },
      ],
    })),
    {
      name: "the look-alike of a handled chain: .then() and .finally() links without a rejection handler pass the rejection on",
      filename: SERVER_FILE,
      code: KNOWLEDGE_GRAPH_TOOLS(
        'const knowledgeGraph = new KnowledgeGraphManager("memory.jsonl");',
        "knowledgeGraph.addObservations(observations).then((added) => added.length).finally(() => audit.flush())",
      ),
      errors: [
        {
          messageId: "throwingCall",
          data: { name: "knowledgeGraph.addObservations", line: 9, outcome: SAFETY_NET, hint: "" },
          line: 24,
          column: 23,
        },
      ],
    },
    {
      name: "a same-file class's method called on an instance through a helper of the handler",
      filename: SERVER_FILE,
      code: KNOWLEDGE_GRAPH_TOOLS(
        `const knowledgeGraph = new KnowledgeGraphManager("memory.jsonl") as KnowledgeGraphManager;
async function observe(observations: { entityName: string; contents: string[] }[]) {
  return (knowledgeGraph as KnowledgeGraphManager)["addObservations"](observations);
}`,
        "observe(observations)",
      ),
      errors: [{ messageId: "throwingCall", data: { name: "observe", line: 9, outcome: SAFETY_NET, hint: "" }, line: 27, column: 23 }],
    },
    {
      name: "v2: a throw in a registerTool callback without input schema (ctx), reportConvertedThrows: true",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: true }],
      code: `${V2_SERVER}
server.registerTool("list_open_tickets", { description: "List open tickets" }, async (ctx) => {
  const open = await tickets.open(ctx.sessionId);
  if (open === undefined) throw { reason: "tracker unreachable" };
  return { content: [{ type: "text", text: open.map((ticket) => ticket.title).join("\\n") }] };
});`,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          line: 7,
          column: 27,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `${V2_SERVER}
server.registerTool("list_open_tickets", { description: "List open tickets" }, async (ctx) => {
  const open = await tickets.open(ctx.sessionId);
  if (open === undefined) return { content: [{ type: "text", text: \`Error: \${String({ reason: "tracker unreachable" })}\` }], isError: true };
  return { content: [{ type: "text", text: open.map((ticket) => ticket.title).join("\\n") }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "v2: a throw in a low-level setRequestHandler('tools/call') dispatcher says it becomes a JSON-RPC error, even with reportConvertedThrows: false",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `
import { Server } from "@modelcontextprotocol/server";
const server = new Server({ name: "tickets", version: "2.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/call", async (request) => {
  if (request.params.name === "close_ticket") {
    const id = request.params.arguments?.id;
    if (typeof id !== "string") throw new TypeError("id must be a string");
    return { content: [{ type: "text", text: await closeTicket(id) }] };
  }
  return { content: [{ type: "text", text: "Error: unknown tool" }], isError: true };
});`,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_JSON_RPC, hint: "" },
          line: 7,
          column: 33,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import { Server } from "@modelcontextprotocol/server";
const server = new Server({ name: "tickets", version: "2.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/call", async (request) => {
  if (request.params.name === "close_ticket") {
    const id = request.params.arguments?.id;
    if (typeof id !== "string") return { content: [{ type: "text", text: "Error: id must be a string" }], isError: true };
    return { content: [{ type: "text", text: await closeTicket(id) }] };
  }
  return { content: [{ type: "text", text: "Error: unknown tool" }], isError: true };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "v1: a rejection and a helper call in a CallToolRequestSchema dispatcher say they become JSON-RPC errors",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `${REQUIRE_STRING}
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "git_show": {
      const ref = requireString(request.params.arguments ?? {}, "ref");
      if (ref.startsWith("-")) return Promise.reject(new Error("ref must not start with -"));
      return { content: [{ type: "text", text: await git(["show", ref]) }] };
    }
    default:
      return { content: [{ type: "text", text: "Error: unknown tool" }], isError: true };
  }
});`,
      errors: [
        { messageId: "throwingCall", data: { name: "requireString", line: 4, outcome: JSON_RPC, hint: "" }, line: 11, column: 19 },
        {
          messageId: "reject",
          data: {
            outcome:
              "in a low-level `tools/call` dispatcher this rejected promise becomes a JSON-RPC error response; the client treats it as an infrastructure failure and the model never sees your message",
            hint: "",
          },
          line: 12,
          column: 39,
        },
      ],
    },
    {
      name: "reportConvertedThrows: false still reports a throw in the execute of a project's own base class",
      filename: "src/tools/dropIndex.ts",
      settings: { "mcp-tool-errors": { handlers: { baseClasses: ["ToolBase"] } } },
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `
import { ToolBase } from "../toolBase.js";
class DropIndexTool extends ToolBase {
  name = "drop-index";
  protected async execute({ index }: { index: string }) {
    if (index === "_id_") throw new Error("the _id index cannot be dropped");
    return { content: [{ type: "text" as const, text: \`Dropped \${index}\` }] };
  }
}`,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_ESCAPES, hint: "" },
          line: 6,
          column: 27,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import { ToolBase } from "../toolBase.js";
class DropIndexTool extends ToolBase {
  name = "drop-index";
  protected async execute({ index }: { index: string }) {
    if (index === "_id_") return { content: [{ type: "text", text: "Error: the _id index cannot be dropped" }], isError: true };
    return { content: [{ type: "text" as const, text: \`Dropped \${index}\` }] };
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a throw in a framework definition (defineTool) gets the general message, and how to say the project's runner catches",
      filename: SERVER_FILE,
      options: [{ allow: [], reportConvertedThrows: false }],
      code: `
export const screenshot = defineTool({
  name: "take_screenshot",
  schema: { fullPage: z.boolean().optional() },
  handler: async (context, params) => {
    const page = context.currentPage();
    if (!page) throw new Error("no page is open");
    return { content: [{ type: "text", text: await page.screenshot(params) }] };
  },
});`,
      errors: [
        {
          messageId: "throw",
          data: {
            outcome: THROW_ESCAPES,
            hint: definitionRunnerHint("defineTool"),
          },
          line: 7,
          column: 16,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
export const screenshot = defineTool({
  name: "take_screenshot",
  schema: { fullPage: z.boolean().optional() },
  handler: async (context, params) => {
    const page = context.currentPage();
    if (!page) return { content: [{ type: "text", text: "Error: no page is open" }], isError: true };
    return { content: [{ type: "text", text: await page.screenshot(params) }] };
  },
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a function imported under a registration method's name the project added: its calls register the handler",
      filename: SERVER_FILE,
      settings: ANNOTATED_TOOL_SETTINGS,
      code: ANNOTATED_JIRA_TOOL('import { registerAnnotatedTool } from "../register.js";'),
      errors: [
        escapingThrow(
          ANNOTATED_JIRA_TOOL('import { registerAnnotatedTool } from "../register.js";'),
          { line: 8, column: 36 },
          [
            'throw new Error("Invalid issue key");',
            'return { content: [{ type: "text", text: "Error: Invalid issue key" }], isError: true };',
          ],
          THROW_ESCAPES,
        ),
      ],
    },
    {
      name: "a registration method the project added (not McpServer's) gets the general message",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { handlers: { registrationMethods: ["tool", "registerTool", "registerToolTask", "route"] } } },
      code: `
router.route("search_docs", async (args: { query: string }) => {
  if (args.query.trim() === "") throw new Error("query is empty");
  return { content: [{ type: "text", text: await searchDocs(args.query) }] };
});`,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_ESCAPES, hint: "" },
          line: 3,
          column: 33,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
router.route("search_docs", async (args: { query: string }) => {
  if (args.query.trim() === "") return { content: [{ type: "text", text: "Error: query is empty" }], isError: true };
  return { content: [{ type: "text", text: await searchDocs(args.query) }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "allow does not cover a rethrow whose test lets other errors through",
      filename: SERVER_FILE,
      options: [{ allow: ["UserError"], reportConvertedThrows: true }],
      code: RENDER_TEMPLATE_TOOL(`      if (error instanceof UserError || error instanceof TypeError) throw error;
      if (!(error instanceof UserError)) throw error;
      return "";`),
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_FASTMCP, hint: "" },
          line: 12,
          column: 69,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output:
                RENDER_TEMPLATE_TOOL(`      if (error instanceof UserError || error instanceof TypeError) return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
      if (!(error instanceof UserError)) throw error;
      return "";`),
            },
          ],
        },
        {
          messageId: "throw",
          data: { outcome: THROW_FASTMCP, hint: "" },
          line: 13,
          column: 42,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: RENDER_TEMPLATE_TOOL(`      if (error instanceof UserError || error instanceof TypeError) throw error;
      if (!(error instanceof UserError)) return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
      return "";`),
            },
          ],
        },
      ],
    },
    ...[
      {
        imports: 'import { FastMCP, UserError } from "fastmcp";\nimport { download } from "./downloads.js";',
        thrown: "UserError",
        outcome: THROW_FASTMCP_USER_ERROR,
        name: "a framework's own error class: FastMCP answers a UserError with its message; the message says to add it to allow",
      },
      {
        imports: 'import { FastMCP } from "fastmcp";\nimport { DownloadError } from "./errors.js";',
        thrown: "DownloadError",
        outcome: THROW_FASTMCP,
        name: "the look-alike of FastMCP's UserError: a project's error class is answered in FastMCP's words",
      },
    ].map(({ imports, thrown, outcome, name }) => ({
      name,
      filename: SERVER_FILE,
      code: DOWNLOAD_TOOL(imports, `throw new ${thrown}("only https URLs can be downloaded");`),
      errors: [
        {
          messageId: "throw" as const,
          data: { outcome, hint: ` If your framework turns \`${thrown}\` into an error result, add it to this rule's \`allow\` option.` },
          line: 8,
          column: 38,
          suggestions: [
            {
              messageId: "replaceWithErrorResult" as const,
              output: DOWNLOAD_TOOL(
                imports,
                'return { content: [{ type: "text", text: "Error: only https URLs can be downloaded" }], isError: true };',
              ),
            },
          ],
        },
      ],
    })),
    {
      name: "a rejected UserInputError in a registerTool callback: the safety-net message and the allow hint",
      filename: SERVER_FILE,
      code: `
server.registerTool("create_issue", { inputSchema: { title: z.string() } }, ({ title }) =>
  title.length > 200 ? Promise.reject(new UserInputError("title is longer than 200 characters")) : createIssue(title),
);`,
      errors: [
        {
          messageId: "reject",
          data: {
            outcome:
              'the SDK\'s safety net turns this rejected promise into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")',
            hint: " If your framework turns `UserInputError` into an error result, add it to this rule's `allow` option.",
          },
          line: 3,
          column: 24,
        },
      ],
    },
    {
      name: "a definition function's handler: the allow hint and the wrappers hint, and the wrappers hint on a throwing call",
      filename: TOOL_FILE,
      code: FIND_ALERT_RULES,
      errors: [
        {
          messageId: "throw",
          data: {
            outcome: THROW_ESCAPES,
            hint:
              " If your framework turns `UserInputError` into an error result, add it to this rule's `allow` option." +
              definitionRunnerHint("defineTool"),
          },
          line: 11,
          column: 35,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: FIND_ALERT_RULES.replace(
                'throw new UserInputError("organizationSlug is required");',
                'return { content: [{ type: "text", text: "Error: organizationSlug is required" }], isError: true };',
              ),
            },
          ],
        },
        {
          messageId: "throwingCall",
          data: {
            name: "requireProject",
            line: 5,
            outcome: ESCAPES,
            hint: definitionRunnerHint("defineTool"),
          },
          line: 12,
          column: 21,
        },
      ],
    },
    {
      name: "near-miss of the elicitation rethrow: a catch that lets every McpError through",
      filename: SERVER_FILE,
      code: LET_MCP_ERRORS_THROUGH,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          line: 7,
          column: 36,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: LET_MCP_ERRORS_THROUGH.replace(
                "throw error;",
                'return { content: [{ type: "text", text: `Error: ${error instanceof Error ? error.message : String(error)}` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a thrown McpError with another code than UrlElicitationRequired is still a throw",
      filename: SERVER_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("invoices", { description: "List invoices" }, async () => {
  if (!session.token) throw new McpError(ErrorCode.InvalidRequest, "Sign-in required");
  return { content: [{ type: "text", text: await listInvoices(session.token) }] };
});`,
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_SAFETY_NET, hint: "" },
          line: 4,
          column: 23,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("invoices", { description: "List invoices" }, async () => {
  if (!session.token) return { content: [{ type: "text", text: "Error: Sign-in required" }], isError: true };
  return { content: [{ type: "text", text: await listInvoices(session.token) }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "the ADR project's factory: a direct throw, with a suggestion",
      filename: TOOL_FILE,
      code: `
export function createOpenFileTool(deps: { open(path: string): Promise<void> }) {
  return {
    schema: { name: "open_file", description: "Open a file in the editor", inputSchema: { type: "object" } },
    handler: async (args: { file?: string }) => {
      if (!args.file) throw new Error("file is required");
      await deps.open(args.file);
      return { content: [{ type: "text", text: \`Opened \${args.file}\` }] };
    },
  };
}`,
      errors: [
        {
          messageId: "throw",
          line: 6,
          column: 23,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
export function createOpenFileTool(deps: { open(path: string): Promise<void> }) {
  return {
    schema: { name: "open_file", description: "Open a file in the editor", inputSchema: { type: "object" } },
    handler: async (args: { file?: string }) => {
      if (!args.file) return { content: [{ type: "text", text: "Error: file is required" }], isError: true };
      await deps.open(args.file);
      return { content: [{ type: "text", text: \`Opened \${args.file}\` }] };
    },
  };
}`,
            },
          ],
        },
      ],
    },
    {
      name: "the SDK's McpError(code, message): the message is the second argument, the code stays out of the text",
      filename: SERVER_FILE,
      code: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("read_file", { inputSchema: { path: z.string() } }, async ({ path }) => {
  if (!path.startsWith(workspace)) throw new McpError(ErrorCode.InvalidParams, \`path is outside the workspace: \${path}\`);
  return { content: [{ type: "text", text: await readFile(path, "utf8") }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 4,
          column: 36,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
server.registerTool("read_file", { inputSchema: { path: z.string() } }, async ({ path }) => {
  if (!path.startsWith(workspace)) return { content: [{ type: "text", text: \`Error: path is outside the workspace: \${path}\` }], isError: true };
  return { content: [{ type: "text", text: await readFile(path, "utf8") }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "SDK v2: ProtocolError through a namespace import, and an aliased subclass with its message second",
      filename: SERVER_FILE,
      code: `
import * as mcp from "@modelcontextprotocol/server";
import { ResourceNotFoundError as NotFound } from "@modelcontextprotocol/server";
server.registerTool("read_note", { inputSchema: z.object({ uri: z.string() }) }, async ({ uri }) => {
  if (!uri.startsWith("note://")) throw new mcp.ProtocolError(mcp.ProtocolErrorCode.InvalidParams, "uri must start with note://");
  const note = await notes.get(uri);
  if (!note) throw new NotFound(uri, 'no note at this uri');
  return { content: [{ type: "text", text: note.body }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 5,
          column: 35,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import * as mcp from "@modelcontextprotocol/server";
import { ResourceNotFoundError as NotFound } from "@modelcontextprotocol/server";
server.registerTool("read_note", { inputSchema: z.object({ uri: z.string() }) }, async ({ uri }) => {
  if (!uri.startsWith("note://")) return { content: [{ type: "text", text: "Error: uri must start with note://" }], isError: true };
  const note = await notes.get(uri);
  if (!note) throw new NotFound(uri, 'no note at this uri');
  return { content: [{ type: "text", text: note.body }] };
});`,
            },
          ],
        },
        {
          messageId: "throw",
          line: 7,
          column: 14,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import * as mcp from "@modelcontextprotocol/server";
import { ResourceNotFoundError as NotFound } from "@modelcontextprotocol/server";
server.registerTool("read_note", { inputSchema: z.object({ uri: z.string() }) }, async ({ uri }) => {
  if (!uri.startsWith("note://")) throw new mcp.ProtocolError(mcp.ProtocolErrorCode.InvalidParams, "uri must start with note://");
  const note = await notes.get(uri);
  if (!note) return { content: [{ type: "text", text: 'Error: no note at this uri' }], isError: true };
  return { content: [{ type: "text", text: note.body }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "an SDK error without a message argument gets no suggestion: its text is the SDK's default",
      filename: SERVER_FILE,
      code: `
import { ResourceNotFoundError } from "@modelcontextprotocol/server";
server.registerTool("read_note", { inputSchema: z.object({ uri: z.string() }) }, async ({ uri }) => {
  const note = await notes.get(uri);
  if (!note) throw new ResourceNotFoundError(uri);
  return { content: [{ type: "text", text: note.body }] };
});`,
      errors: [{ messageId: "throw", line: 5, column: 14, suggestions: [] }],
    },
    {
      name: "a project's own McpError (HTTP status second) keeps its first argument as the message",
      filename: SERVER_FILE,
      code: `
import { McpError } from "./http-errors.js";
server.registerTool("fetch_issue", { inputSchema: { id: z.string() } }, async ({ id }) => {
  if (!id) throw new McpError("issue id is required", 400);
  return { content: [{ type: "text", text: await github.issue(id) }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 4,
          column: 12,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import { McpError } from "./http-errors.js";
server.registerTool("fetch_issue", { inputSchema: { id: z.string() } }, async ({ id }) => {
  if (!id) return { content: [{ type: "text", text: "Error: issue id is required" }], isError: true };
  return { content: [{ type: "text", text: await github.issue(id) }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "server.registerTool: a single-quoted message keeps its quotes",
      filename: SERVER_FILE,
      code: `
server.registerTool("delete_file", { inputSchema: {} }, async ({ path }) => {
  if (!path) throw new Error('path is required');
  return { content: [{ type: "text", text: "deleted" }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 3,
          column: 14,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.registerTool("delete_file", { inputSchema: {} }, async ({ path }) => {
  if (!path) return { content: [{ type: "text", text: 'Error: path is required' }], isError: true };
  return { content: [{ type: "text", text: "deleted" }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "server.tool(name, description, shape, cb): a message with the prefix already is not prefixed again",
      filename: SERVER_FILE,
      code: `
server.tool("delete_dir", "Delete a directory", { path: z.string() }, async ({ path }) => {
  if (path === "/") throw new Error("Error: refusing to delete /");
  return { content: [{ type: "text", text: await removeDir(path) }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 3,
          column: 21,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.tool("delete_dir", "Delete a directory", { path: z.string() }, async ({ path }) => {
  if (path === "/") return { content: [{ type: "text", text: "Error: refusing to delete /" }], isError: true };
  return { content: [{ type: "text", text: await removeDir(path) }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "server.tool(name, shape, cb): a template literal keeps its expressions",
      filename: SERVER_FILE,
      code: `
server.tool("search", { query: z.string() }, async ({ query }) => {
  if (query.length > 200) throw new Error(\`query too long: \${query.length}\`);
  return { content: [{ type: "text", text: await index.search(query) }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 3,
          column: 27,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.tool("search", { query: z.string() }, async ({ query }) => {
  if (query.length > 200) return { content: [{ type: "text", text: \`Error: query too long: \${query.length}\` }], isError: true };
  return { content: [{ type: "text", text: await index.search(query) }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "server.tool(name, cb): a rethrown caught error renders its message",
      filename: SERVER_FILE,
      code: `
server.tool("reindex", async () => {
  try {
    await index.rebuild();
  } catch (err) {
    throw err;
  }
  return { content: [{ type: "text", text: "reindexed" }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 6,
          column: 5,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.tool("reindex", async () => {
  try {
    await index.rebuild();
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
  }
  return { content: [{ type: "text", text: "reindexed" }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "a low-level dispatcher: a throw in a tool's case becomes a JSON-RPC error",
      filename: SERVER_FILE,
      code: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "read_file": {
      const path = request.params.arguments?.path;
      if (typeof path !== "string") throw new Error(reasonFor(path));
      return { content: [{ type: "text", text: await readFile(path, "utf8") }] };
    }
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});`,
      errors: [
        {
          messageId: "throw",
          line: 6,
          column: 37,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "read_file": {
      const path = request.params.arguments?.path;
      if (typeof path !== "string") return { content: [{ type: "text", text: \`Error: \${String(reasonFor(path))}\` }], isError: true };
      return { content: [{ type: "text", text: await readFile(path, "utf8") }] };
    }
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});`,
            },
          ],
        },
      ],
    },
    {
      name: "FastMCP: only the allowed class may be thrown",
      filename: SERVER_FILE,
      options: [{ allow: ["UserError"], reportConvertedThrows: true }],
      code: `
server.addTool({
  name: "fetch",
  parameters: schema,
  execute: async (args) => {
    if (!args.url) throw new UserError("url is required");
    if (args.url.startsWith("file:")) throw new TypeError("file URLs are not allowed");
    return fetchText(args.url);
  },
});`,
      errors: [
        {
          messageId: "throw",
          line: 7,
          column: 39,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.addTool({
  name: "fetch",
  parameters: schema,
  execute: async (args) => {
    if (!args.url) throw new UserError("url is required");
    if (args.url.startsWith("file:")) return { content: [{ type: "text", text: "Error: file URLs are not allowed" }], isError: true };
    return fetchText(args.url);
  },
});`,
            },
          ],
        },
      ],
    },
    {
      name: "the look-alike of MCPTool: a project's own base class named in handlers.baseClasses, whose runtime the plugin cannot read",
      filename: "src/tools/WeatherTool.ts",
      settings: { "mcp-tool-errors": { handlers: { baseClasses: ["BaseTool"] } } },
      code: MCP_FRAMEWORK_TOOL.replace('import { MCPTool } from "mcp-framework";', 'import { BaseTool } from "./base-tool.js";').replace(
        "extends MCPTool",
        "extends BaseTool",
      ),
      errors: [
        {
          messageId: "throw",
          data: { outcome: THROW_ESCAPES, hint: "" },
          line: 7,
          column: 22,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: MCP_FRAMEWORK_TOOL.replace('import { MCPTool } from "mcp-framework";', 'import { BaseTool } from "./base-tool.js";')
                .replace("extends MCPTool", "extends BaseTool")
                .replace(
                  'throw new Error("city is required");',
                  'return { content: [{ type: "text", text: "Error: city is required" }], isError: true };',
                ),
            },
          ],
        },
      ],
    },
    {
      name: "look-alike of an xmcp tool file: a default export beside metadata, without xmcp, runs whatever its loader does",
      filename: "src/tools/greet.ts",
      code: `
export const metadata = { name: "greet", description: "Greet someone by name" };
export default async function greet({ name }: { name: string }) {
  if (name.length > 64) throw new RangeError(\`name too long (\${name.length})\`);
  return { content: [{ type: "text", text: \`Hello, \${name}!\` }] };
}`,
      errors: [
        escapingThrow(
          `
export const metadata = { name: "greet", description: "Greet someone by name" };
export default async function greet({ name }: { name: string }) {
  if (name.length > 64) throw new RangeError(\`name too long (\${name.length})\`);
  return { content: [{ type: "text", text: \`Hello, \${name}!\` }] };
}`,
          { line: 4, column: 25 },
          [
            "throw new RangeError(`name too long (${name.length})`);",
            'return { content: [{ type: "text", text: `Error: name too long (${name.length})` }], isError: true };',
          ],
        ),
      ],
    },
    {
      name: "xmcp: the default export of a tool file, with a custom prefix",
      filename: "src/tools/greet.ts",
      settings: { "mcp-tool-errors": { errorPrefix: "Failed: " } },
      code: `
import { type InferSchema, type ToolMetadata } from "xmcp";
export const metadata: ToolMetadata = { name: "greet", description: "Greet someone by name" };
export default async function greet({ name }: InferSchema<typeof schema>) {
  if (name.length > 64) throw new RangeError(\`name too long (\${name.length})\`);
  return \`Hello, \${name}!\`;
}`,
      errors: [
        {
          messageId: "throw",
          line: 5,
          column: 25,
          // xmcp registers the default export with McpServer, whose safety net answers the throw.
          data: { outcome: THROW_SAFETY_NET.replace('"Error: "', '"Failed: "'), hint: "" },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
import { type InferSchema, type ToolMetadata } from "xmcp";
export const metadata: ToolMetadata = { name: "greet", description: "Greet someone by name" };
export default async function greet({ name }: InferSchema<typeof schema>) {
  if (name.length > 64) return { content: [{ type: "text", text: \`Failed: name too long (\${name.length})\` }], isError: true };
  return \`Hello, \${name}!\`;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a tool file's default export that registers its tool is a registrar run at start-up: only the registered callback's throw is reported",
      filename: "src/tools/search-docs.ts",
      code: DOCS_SEARCH_REGISTRAR,
      errors: [
        escapingThrow(
          DOCS_SEARCH_REGISTRAR,
          { line: 8, column: 30 },
          [
            "throw new Error(`unknown API ${api}`);",
            'return { content: [{ type: "text", text: `Error: unknown API ${api}` }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a throw in a callback nested in the handler is part of it (no suggestion: return would not end the handler)",
      filename: SERVER_FILE,
      code: `
server.registerTool("read_many", { inputSchema: {} }, async ({ paths }) => {
  const texts = await Promise.all(paths.map(async (path: string) => {
    if (!path.startsWith("/")) throw new Error(\`not absolute: \${path}\`);
    return readFile(path, "utf8");
  }));
  return { content: texts.map((text) => ({ type: "text", text })) };
});`,
      errors: [{ messageId: "throw", line: 4, column: 32, suggestions: [] }],
    },
    {
      name: "a throw in try/finally without catch escapes",
      filename: SERVER_FILE,
      code: `
server.registerTool("lock_and_write", { inputSchema: {} }, async ({ path, text }) => {
  const lock = await acquire(path);
  try {
    if (lock.stale) throw new Error("stale lock");
    await writeFile(path, text);
  } finally {
    await lock.release();
  }
  return { content: [{ type: "text", text: "written" }] };
});`,
      errors: [
        {
          messageId: "throw",
          line: 5,
          column: 21,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
server.registerTool("lock_and_write", { inputSchema: {} }, async ({ path, text }) => {
  const lock = await acquire(path);
  try {
    if (lock.stale) return { content: [{ type: "text", text: "Error: stale lock" }], isError: true };
    await writeFile(path, text);
  } finally {
    await lock.release();
  }
  return { content: [{ type: "text", text: "written" }] };
});`,
            },
          ],
        },
      ],
    },
    {
      name: "Promise.reject returned (even inside a try), awaited, or returned from a nested function",
      filename: SERVER_FILE,
      code: `
server.registerTool("fetch_page", { inputSchema: {} }, async ({ url }) => {
  try {
    if (!url) return Promise.reject(new Error("url is required"));
  } catch (err) {
    return { content: [{ type: "text", text: String(err) }], isError: true };
  }
  if (url.startsWith("ftp:")) await Promise.reject(new Error("ftp is not supported"));
  const pages = await Promise.all(mirrors.map((mirror) => mirror.down ? Promise.reject(new Error("mirror down")) : mirror.get(url)));
  return { content: [{ type: "text", text: pages[0] }] };
});
server.registerTool("noop", { inputSchema: {} }, (args) => Promise.reject(new Error(\`noop: \${args}\`)));`,
      errors: [
        { messageId: "reject", line: 4, column: 22 },
        { messageId: "reject", line: 8, column: 37 },
        { messageId: "reject", line: 9, column: 73 },
        { messageId: "reject", line: 12, column: 60 },
      ],
    },
    {
      name: "a try around the registration does not catch what the handler throws later",
      filename: SERVER_FILE,
      code: `
try {
  server.registerTool("search", { inputSchema: {} }, async ({ query }) => {
    if (!query) throw new Error("query is required");
    return { content: [{ type: "text", text: await index.search(query) }] };
  });
} catch (err) {
  console.error("registration failed", err);
}`,
      errors: [
        {
          messageId: "throw",
          line: 4,
          column: 17,
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: `
try {
  server.registerTool("search", { inputSchema: {} }, async ({ query }) => {
    if (!query) return { content: [{ type: "text", text: "Error: query is required" }], isError: true };
    return { content: [{ type: "text", text: await index.search(query) }] };
  });
} catch (err) {
  console.error("registration failed", err);
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a table's entry that the file's loop calls inside a try whose catch logs and rethrows: the throw escapes",
      filename: TOOL_FILE,
      code: INTEGRATION_TOOLS(RETHROWS),
      errors: [
        escapingThrow(INTEGRATION_TOOLS(RETHROWS), { line: 8, column: 27 }, [
          'throw new Error("integrationId is required");',
          'return { content: [{ type: "text", text: "Error: integrationId is required" }], isError: true };',
        ]),
      ],
    },
    {
      name: "the same wrapper logging and rethrowing catches nothing: the callback's throw and the wrapper's call are reported",
      filename: SERVER_FILE,
      code: BROWSER_CONNECTION_TOOL('console.error("browser connector failed", error);\n    throw error;'),
      errors: [
        { messageId: "throwingCall", data: { name: "withServerConnection", line: 9, outcome: SAFETY_NET, hint: "" }, line: 13, column: 16 },
        { messageId: "throw", data: { outcome: THROW_SAFETY_NET, hint: "" }, line: 15, column: 23, suggestions: [] },
      ],
    },
    {
      name: "the class's own registration method whose catch rethrows guards nothing: the callback's throw escapes",
      filename: SERVER_FILE,
      code: RETHROWING_REGISTRATION,
      errors: [
        escapingThrow(
          RETHROWING_REGISTRATION,
          { line: 11, column: 9 },
          [
            "throw error;",
            'return { content: [{ type: "text", text: `Error: ${error instanceof Error ? error.message : String(error)}` }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
        escapingThrow(RETHROWING_REGISTRATION, { line: 19, column: 28 }, [
          "throw new Error(`Failed to get dashboard: ${result.error.message}`);",
          'return { content: [{ type: "text", text: `Error: Failed to get dashboard: ${result.error.message}` }], isError: true };',
        ]),
      ],
    },
    {
      name: "a FastMCP tool definition (its schema under parameters) in a file that imports fastmcp, added in a loop",
      filename: "src/browser-tools.ts",
      code: FASTMCP_TOOLS(FASTMCP_IMPORT),
      errors: [
        escapingThrow(FASTMCP_TOOLS(FASTMCP_IMPORT), { line: 8, column: 18 }, [
          'throw new Error("no page is open");',
          'return { content: [{ type: "text", text: "Error: no page is open" }], isError: true };',
        ]),
      ],
    },
    {
      name: "the same tools registered on an MCP server from the loop: its handlers, on the SDK's path",
      filename: "src/page/tools.ts",
      code: WEB_PAGE_TOOLS(MCP_REGISTRATION),
      errors: [
        escapingThrow(
          WEB_PAGE_TOOLS(MCP_REGISTRATION),
          { line: 7, column: 58 },
          [
            "throw new Error(`unknown theme ${String(args.mode)}`);",
            'return { content: [{ type: "text", text: `Error: unknown theme ${String(args.mode)}` }], isError: true };',
          ],
          THROW_SAFETY_NET,
        ),
      ],
    },
    {
      name: "a function the handler declares and calls runs where it is called: its call before the try is reported, not its throw",
      filename: SERVER_FILE,
      code: workBeforeTry('"run_command", { inputSchema: {} }, async ({ command })', [
        "function checkAllowed(name: string) {",
        "  if (!allowList.includes(name)) throw new Error(`command not allowed: ${name}`);",
        "}",
        "checkAllowed(command);",
      ]),
      errors: [{ messageId: "throwingCall", data: { name: "checkAllowed", line: 4, outcome: SAFETY_NET, hint: "" }, line: 6, column: 3 }],
    },
    {
      name: "a function the handler declares and also stores is part of it: its throw is reported where it is written",
      filename: SERVER_FILE,
      code: workBeforeTry('"run_command", { inputSchema: {} }, async ({ command })', [
        "const onExit = (code: number) => {",
        "  if (code !== 0) throw new Error(`exited with ${code}`);",
        "};",
        "session.onExit = onExit;",
        "const child = spawn(command, { onExit });",
      ]),
      errors: [{ messageId: "throw", data: { outcome: THROW_SAFETY_NET, hint: "" }, line: 4, column: 21, suggestions: [] }],
    },
    {
      name: "a function the handler declares, passed to a call before the try, throws through that call",
      filename: SERVER_FILE,
      code: workBeforeTry('"import_rows", { inputSchema: {} }, async ({ rows }: { rows: string[] })', [
        "const checkRow = (row: string) => {",
        '  if (!row.includes(",")) throw new Error(`not a CSV row: ${row}`);',
        "};",
        "rows.forEach(checkRow);",
      ]),
      errors: [{ messageId: "throwingCall", data: { name: "checkRow", line: 4, outcome: SAFETY_NET, hint: "" }, line: 6, column: 3 }],
    },
    {
      name: "a function the handler returns and also calls before its try: the call is reported",
      filename: TOOL_FILE,
      code: `
export const act = {
  schema: { name: "act", inputSchema: { type: "object" } },
  handle: async (context: BrowserContext, params: { action: string }) => {
    const action = async () => {
      if (!context.page) throw new Error("no page open");
      return { content: [{ type: "text", text: await context.page.act(params.action) }] };
    };
    await action();
    return { action, waitForNetwork: false };
  },
};`,
      errors: [{ messageId: "throwingCall", data: { name: "action", line: 6, outcome: ESCAPES, hint: "" }, line: 9, column: 11 }],
    },
    ...throwingHelperCases,
  ],
});
