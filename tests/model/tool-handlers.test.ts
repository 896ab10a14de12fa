import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import type { getMcpContext } from "../../src/model/context.js";
import { runProbe } from "./probe.js";
import { modelOf } from "./probe.js";

const TOOL_FILE = "src/tools/git.ts";
const SERVER_FILE = "src/server.ts";

type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionDeclaration | TSESTree.FunctionExpression;

/** `"line kind"` for every function the recogniser takes for a tool handler. */
function handlersIn(code: string, filename = SERVER_FILE, settings: Record<string, unknown> = {}): string[] {
  const found: string[] = [];
  const check = (context: Parameters<typeof getMcpContext>[0]) => (fn: FunctionNode) => {
    const handler = modelOf(context).handlers.toolHandler(fn);
    if (handler) found.push(`${String(fn.loc.start.line)} ${handler.kind}`);
  };
  runProbe(
    code,
    (context) => {
      const onFunction = check(context);
      return { ArrowFunctionExpression: onFunction, FunctionExpression: onFunction, FunctionDeclaration: onFunction };
    },
    { filename, settings: { "mcp-tool-errors": settings } },
  );
  return found;
}

describe("isToolHandler: the shapes real servers use", () => {
  it("recognises the ADR project's { schema, handler } factory in a file that imports a server module", () => {
    expect(
      handlersIn(`import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export function createGitLogTool(workspace: string) {
  return {
    schema: { name: "git_log", description: "Show commits", inputSchema: { type: "object" } },
    handler: async (args: { ref?: string }, signal?: AbortSignal) => run(workspace, args, signal),
  };
}`),
    ).toEqual(["5 definition"]);
  });

  it("recognises { name, inputSchema, handler } and method shorthand in a file that registers tools itself", () => {
    expect(
      handlersIn(`server.registerTool(getFigmaData.name, { inputSchema: getFigmaData.inputSchema }, getFigmaData.handler);
export const getFigmaData = {
  name: "get_figma_data",
  description: "Fetch a Figma file",
  inputSchema: { fileKey: z.string() },
  async handler({ fileKey }) { return fetchFile(fileKey); },
};`),
      // Registered by name as well: the registration says more about how it is called.
    ).toEqual(["6 registration"]);
  });

  it("recognises definition functions: defineTool, createTool, addTool", () => {
    expect(
      handlersIn(`
export const takeScreenshot = defineTool({
  name: "take_screenshot",
  schema: { fullPage: z.boolean() },
  handler: async (request, response, context) => { response.attachImage(await context.page.screenshot()); },
});
export const searchIssues = createTool({ id: "search", inputSchema, execute: async ({ context }) => search(context) });
server.addTool({ name: "scrape", parameters: z.object({ url: z.string() }), execute: async (args) => scrape(args.url) });
export default defineTool({ name: "console", handle(context, params, response) { response.appendResponseLine("ok"); } });`),
    ).toEqual(["5 definition", "7 definition", "8 definition", "9 definition"]);
  });

  it("recognises registerTool, tool overloads, registerToolTask and this.server.tool", () => {
    expect(
      handlersIn(`
server.registerTool("resolve-library-id", { title: "Resolve", inputSchema: { libraryName: z.string() } }, async ({ libraryName }) => resolve(libraryName));
server.tool("search", async () => ({ content: [] }));
server.tool("search", "Search the web", { query: z.string() }, async ({ query }) => search(query));
server.tool("search", "Search the web", { query: z.string() }, { readOnlyHint: true }, async ({ query }) => search(query));
server.experimental.tasks.registerToolTask("long_job", { inputSchema: {} }, async () => startJob());
class Agent { init() { this.server.tool("add", { a: z.number() }, async ({ a }) => ({ content: [{ type: "text", text: String(a) }] })); } }`),
    ).toEqual(["2 registration", "3 registration", "4 registration", "5 registration", "6 registration", "7 registration"]);
  });

  it("recognises the low-level dispatcher with the v1 schema and the v2 method string", () => {
    expect(
      handlersIn(`
server.setRequestHandler(CallToolRequestSchema, async (request) => dispatch(request));
server.setRequestHandler(types.CallToolRequestSchema, async (request) => dispatch(request));
server.setRequestHandler("tools/call", async (request) => dispatch(request));
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));`),
    ).toEqual(["2 requestHandler", "3 requestHandler", "4 requestHandler"]);
  });

  it("recognises mcp-framework classes: methods and function-valued fields named in properties", () => {
    expect(
      handlersIn(`
class WeatherTool extends MCPTool<WeatherInput> {
  name = "weather";
  async execute(input: WeatherInput) { return fetchWeather(input.city); }
}
const Other = class extends framework.MCPTool { handle = async () => "ok"; };`),
    ).toEqual(["4 classMethod", "6 classMethod"]);
  });

  it("recognises methods under a tool decorator given the tool's description; not other decorators, nor one given no object", () => {
    expect(
      handlersIn(`
import { Injectable, Get } from "@nestjs/common";
import { Tool } from "@rekog/mcp-nest";
@Injectable()
export class NotesTool {
  @Tool({ name: "get-note", description: "Get a note", parameters: z.object({ id: z.number() }) })
  async getNote({ id }: { id: number }) { return notes.get(id); }
  @mcp.McpTool({ name: "list-notes" }) listNotes = async () => notes.list();
  @Get("/notes") async httpNotes() { return notes.list(); }
  @Tool() async untitled() { return "no description"; }
  @Tool async bare() { return "not called"; }
}`),
    ).toEqual(["7 decoratedMethod", "8 decoratedMethod"]);
    expect(
      handlersIn(`class Jobs { @Command({ name: "run-job" }) async run() { return jobs.run(); } }`, SERVER_FILE, {
        handlers: { decorators: ["Command"] },
      }),
    ).toEqual(["1 decoratedMethod"]);
  });

  it("recognises xmcp's default-exported handler in a tool file that shows xmcp's convention only", () => {
    const code = `import { type InferSchema, type ToolMetadata } from "xmcp";
export const metadata: ToolMetadata = { name: "greet", description: "Greet someone" };
export default async function greet({ name }: InferSchema<typeof schema>) { return \`Hello, \${name}\`; }`;
    expect(handlersIn(code, TOOL_FILE)).toEqual(["3 defaultExport"]);
    expect(handlersIn(code, SERVER_FILE)).toEqual([]);
    // The tool's schema or metadata exported beside it, without an import of xmcp, is enough.
    expect(
      handlersIn(`export const schema = { name: z.string() };\nconst greet = async () => "hi";\nexport { greet as default };`, TOOL_FILE),
    ).toEqual(["2 defaultExport"]);
    expect(
      handlersIn(
        `const metadata = { name: "greet" };\nasync function greet() { return "hi"; }\nexport { metadata };\nexport default greet;`,
        TOOL_FILE,
      ),
    ).toEqual(["2 defaultExport"]);
    // A helper module under src/tools/ that default-exports a function the tools call is no handler.
    expect(
      handlersIn(
        `export async function fetchPresets(url: string) { return parse(await get(url)); }\nexport default fetchPresets;`,
        TOOL_FILE,
      ),
    ).toEqual([]);
    expect(
      handlersIn(
        `export const presetNames = ["dark"];\nexport default function filterPresets(names: string[]) { return names; }`,
        TOOL_FILE,
      ),
    ).toEqual([]);
  });

  it("follows identifiers to same-file functions and looks through wrapper calls", () => {
    expect(
      handlersIn(`
async function runGit(args: GitArgs) { return git(args); }
const handleSearch = async ({ query }: { query: string }) => search(query);
export const gitTool = { schema: { name: "git", inputSchema: {} }, handler: runGit };
server.registerTool("search", config, handleSearch);
server.registerTool("auth", config, withAuth(withLogging(async (args) => callApi(args))));`),
    ).toEqual(["2 definition", "3 registration", "6 registration"]);
  });

  it("does not look through an array's or a promise's method: its callback picks or maps, the result is no handler made from it", () => {
    expect(
      handlersIn(`
server.registerTool("search", config, handlers.find((entry) => entry.name === "search").run);
server.registerTool("lookup", config, registry.find((handler) => matches(handler.tool, "lookup")));
server.registerTool("load", config, await loadPlugin("fs").then((plugin) => plugin.handler));
server.registerTool("report", config, middleware.wrap(async (args) => buildReport(args)));
server.registerTool("export", config, mapErrors(async (args) => exportRows(args)));`),
      // A project's own wrapper is looked through, whatever its name says.
    ).toEqual(["5 registration", "6 registration"]);
  });

  it("records the wrapper calls a handler was looked through", () => {
    const wrappers: string[] = [];
    runProbe(
      `server.registerTool("x", cfg, withToolErrors(withRetries(3, async () => run())));`,
      (context) => ({
        ArrowFunctionExpression(fn) {
          for (const { call, argumentIndex } of modelOf(context).handlers.toolHandler(fn)?.wrappers ?? []) {
            wrappers.push(`${context.sourceCode.getText(call.callee)} #${String(argumentIndex)}`);
          }
        },
      }),
      { filename: SERVER_FILE },
    );
    expect(wrappers).toEqual(["withRetries #1", "withToolErrors #0"]);
  });

  it("takes every handler-property object in a tool file", () => {
    expect(handlersIn(`export const tool = { name: "ping", handler: async () => "pong" };`, TOOL_FILE)).toEqual(["1 definition"]);
  });

  it("honours settings: custom properties, registration methods and base classes", () => {
    const settings = { handlers: { properties: ["run"], registrationMethods: ["addCommand"], baseClasses: ["ToolBase"] } };
    expect(
      handlersIn(
        `
export const t = { name: "x", inputSchema: {}, run: async () => "ok", handler: async () => "not any more" };
cli.addCommand("sync", async () => sync());
class FindTool extends ToolBase { async run() { return find(); } }`,
        SERVER_FILE,
        settings,
      ),
    ).toEqual(["2 definition", "3 registration", "4 classMethod"]);
  });
});

describe("isToolHandler: definition objects and the file they are in", () => {
  const definition = `export const searchDocs = {
  name: "search_docs",
  description: "Search the docs",
  inputSchema: { query: z.string() },
  handler: async ({ query }: { query: string }) => ({ content: [{ type: "text", text: await search(query) }] }),
};`;

  it("counts a bare definition object only where the file shows it is MCP server code", () => {
    expect(handlersIn(`import { FastMCP } from "fastmcp";\n${definition}`)).toEqual(["6 definition"]);
    expect(handlersIn(`import { McpServer } from "@modelcontextprotocol/server";\n${definition}`)).toEqual(["6 definition"]);
    expect(handlersIn(`${definition}\nthis.server.tool(searchDocs.name, searchDocs.inputSchema, searchDocs.handler);`)).toEqual([
      "5 registration",
    ]);
    expect(handlersIn(`${definition}\nthis.server.tool("other", shape, async () => other());`)).toEqual(["5 definition", "7 registration"]);
    expect(handlersIn(definition, TOOL_FILE)).toEqual(["5 definition"]);
  });

  it("counts one in a module that imports the SDK's protocol errors to throw, not their types, nor beside a client", () => {
    const errors = 'import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";';
    expect(handlersIn(`${errors}\n${definition}`)).toEqual(["6 definition"]);
    expect(handlersIn(`import { ProtocolError as Rpc } from "@modelcontextprotocol/server";\n${definition}`)).toEqual(["6 definition"]);
    expect(handlersIn(`import type { McpError } from "@modelcontextprotocol/sdk/types.js";\n${definition}`)).toEqual([]);
    expect(handlersIn(`import { type McpError, CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";\n${definition}`)).toEqual(
      [],
    );
    expect(handlersIn(`${errors}\nimport { Client } from "@modelcontextprotocol/sdk/client/index.js";\n${definition}`)).toEqual([]);
    expect(handlersIn(`${errors}\nimport { tool } from "ai";\n${definition}`)).toEqual([]);
  });

  it("leaves out adapters: files that import only an MCP client, the AI SDK or LangChain, or nothing MCP", () => {
    expect(handlersIn(`import { Client } from "@modelcontextprotocol/sdk/client/index.js";\n${definition}`)).toEqual([]);
    expect(handlersIn(`import { streamText } from "ai";\n${definition}`)).toEqual([]);
    expect(handlersIn(definition)).toEqual([]);
    // `lc.tool(...)` of LangChain does not register an MCP tool.
    expect(handlersIn(`import * as lc from "@langchain/core/tools";\nlc.tool(run, { name: "x" });\n${definition}`)).toEqual([]);
  });

  it("takes handlers.serverModules as module prefixes", () => {
    const settings = { handlers: { serverModules: ["@acme/mcp-kit"] } };
    expect(handlersIn(`import { createServer } from "@acme/mcp-kit/server";\n${definition}`, SERVER_FILE, settings)).toEqual([
      "6 definition",
    ]);
    expect(handlersIn(`import { FastMCP } from "fastmcp";\n${definition}`, SERVER_FILE, settings)).toEqual([]);
  });

  it("follows aliases and casts of the AI SDK's tool, in tool files too; definition functions from elsewhere count", () => {
    expect(
      handlersIn(
        `import { tool } from "ai";
const createTool = tool as unknown as CreateTool;
const t = tool;
export const weather = createTool({ description: "Weather", inputSchema: z.object({}), execute: async () => getWeather() });
export const time = t({ description: "Time", inputSchema: z.object({}), execute: async () => now() });`,
        TOOL_FILE,
      ),
    ).toEqual([]);
    expect(
      handlersIn(`import { createTool } from "@mastra/core/tools";
const defineIt = createTool;
export const weather = defineIt({ id: "weather", inputSchema, execute: async () => getWeather() });`),
    ).toEqual([]);
    expect(
      handlersIn(`import { createTool } from "@mastra/core/tools";
export const weather = createTool({ id: "weather", inputSchema, execute: async () => getWeather() });`),
    ).toEqual(["2 definition"]);
  });
});

describe("isToolHandler: methods as handlers", () => {
  it("makes the method the handler for this.method, this.method.bind(this) and a forwarding arrow", () => {
    expect(
      handlersIn(`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class DocsServer {
  private readonly server = new McpServer({ name: "docs", version: "1.0.0" });
  constructor() {
    this.server.registerTool("search", { inputSchema: {} }, this.search.bind(this));
    this.server.registerTool("fetch_page", { inputSchema: {} }, (args) => this.fetchPage(args));
    this.server.registerTool("stats", { inputSchema: {} }, this.stats);
    this.server.server.setRequestHandler(CallToolRequestSchema, async (request) => this.dispatch(request));
  }
  async search(args: { query: string }) { return this.index.query(args.query); }
  async fetchPage(args: { url: string }) { return fetchText(args.url); }
  stats = async () => ({ content: [{ type: "text", text: String(this.count) }] });
  private async dispatch(request: CallToolRequest) { return run(request); }
  private async format(text: string) { return text.trim(); }
}`),
    ).toEqual(["10 registration", "11 registration", "12 registration", "13 requestHandler"]);
  });

  it("makes an overloaded method the handler: its implementation, not an overload signature", () => {
    expect(
      handlersIn(`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class SearchServer {
  private readonly server = new McpServer({ name: "search", version: "1.0.0" });
  constructor() {
    this.server.registerTool("search", { inputSchema: {} }, (args) => this.search(args));
  }
  search(args: { query: string }): Promise<CallToolResult>;
  search(args: { query: string; limit: number }): Promise<CallToolResult>;
  async search(args: { query: string; limit?: number }) { return this.index.query(args.query, args.limit); }
}`),
    ).toEqual(["9 registration"]);
  });

  it("leaves the arrow the handler when the method it forwards to is not in the class", () => {
    expect(
      handlersIn(`class WeatherServer extends BaseServer {
  register() { this.server.tool("forecast", shape, async (args) => this.forecast(args)); }
}`),
    ).toEqual(["2 registration"]);
  });

  it("makes the method the handler for an arrow forwarding to it, but not for one forwarding to its own parameter's method", () => {
    expect(
      handlersIn(`const tools = {
  async search(args: { query: string }) { return search(args.query); },
};
server.registerTool("search", cfg, (args) => tools.search(args));
server.registerTool("lookup", cfg, ([tools]: Toolbox[]) => tools.search());`),
    ).toEqual(["2 registration", "5 registration"]);
  });

  it("follows obj.method of a same-file object literal, and withToolErrors(this.method.bind(this)) is guarded", () => {
    const guarded: string[] = [];
    runProbe(
      `const tools = {
  async search(args: { query: string }) { return search(args.query); },
  unrelated: async () => 1,
};
server.registerTool("search", cfg, tools.search);
class Bridge {
  start() { server.registerTool("open", cfg, withToolErrors(this.open.bind(this))); }
  async open(args: { path: string }) { return openFile(args.path); }
}`,
      (context) => ({
        FunctionExpression(fn) {
          const handler = modelOf(context).handlers.toolHandler(fn);
          if (handler) guarded.push(`${String(fn.loc.start.line)} ${handler.kind} ${String(handler.guarded)}`);
        },
      }),
      { filename: SERVER_FILE, settings: { "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] } } } },
    );
    expect(guarded).toEqual(["2 registration false", "8 registration true"]);
  });
});

describe("isToolHandler: dispatch tables of a low-level dispatcher", () => {
  it("makes every function of a table looked up by the requested name and called a dispatcher handler", () => {
    expect(
      handlersIn(`import { Server } from "@modelcontextprotocol/sdk/server/index.js";
async function handleFetch(args: FetchArgs) { return fetchPage(args.url); }
const handlers = {
  search: async (args: SearchArgs) => search(args.query),
  fetch_page: handleFetch,
};
const toolMap = new Map([["read_file", async (args: ReadArgs) => readFile(args.path)]]);
const definitions = [{ name: "git_log", inputSchema: {}, handler: async () => gitLog() }];
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === "git_log") return definitions.find((tool) => tool.name === name)!.handler(args);
  const fromMap = toolMap.get(name);
  if (fromMap) return fromMap(args);
  const handler = handlers[name as keyof typeof handlers];
  return handler(args);
});`),
    ).toEqual(["2 dispatchTable", "4 dispatchTable", "7 dispatchTable", "8 dispatchTable", "9 requestHandler"]);
  });

  it("ignores tables that are not looked up by the requested name and called in a dispatcher", () => {
    expect(
      handlersIn(`const handlers = { search: async () => search() };
const formatters = { json: (value: unknown) => JSON.stringify(value) };
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Object.keys(handlers).map((name) => handlers[name]) }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const format = formatters[request.params.arguments?.format as "json"];
  if (!handlers[request.params.name]) throw new Error("Unknown tool");
  return format(await run(request));
});`),
    ).toEqual(["4 requestHandler"]);
  });

  it("guards the table's functions when the call is in a try whose catch returns an error result", () => {
    const found: string[] = [];
    runProbe(
      `const handlers: Record<string, (args: unknown) => Promise<CallToolResult>> = {
  search: async (args) => search(args),
};
const others = { ping: async () => ping() };
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return await handlers[request.params.name](request.params.arguments);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});
server.setRequestHandler("tools/call", async ({ params }) => {
  try {
    return await others[params.name]();
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, String(error));
  }
});`,
      (context) => ({
        ArrowFunctionExpression(fn) {
          const handler = modelOf(context).handlers.toolHandler(fn);
          if (handler?.kind === "dispatchTable") found.push(`${String(fn.loc.start.line)} ${String(handler.guarded)}`);
        },
      }),
      { filename: SERVER_FILE },
    );
    expect(found).toEqual(["2 true", "4 false"]);
  });
});

describe("isToolHandler: near-misses that are not MCP tools", () => {
  it("ignores HTTP routes, yargs commands and event listeners outside tool files", () => {
    expect(
      handlersIn(`
app.get("/health", async (req, res) => res.send("ok"));
fastify.route({ method: "POST", url: "/tools", schema: { body: bodySchema }, handler: async (request, reply) => reply.send() });
yargs.command({ command: "serve", describe: "Start the server", handler: async (argv) => serve(argv) });
process.on("SIGINT", () => server.close());
emitter.on("tool", async () => run());`),
    ).toEqual([]);
  });

  it("ignores an object passed to a registration method (a project's own registry)", () => {
    expect(handlersIn(`registry.registerTool({ id: "lint", paramsSchema, execute: async () => lint() });`)).toEqual([]);
  });

  it("ignores the Vercel AI SDK and LangChain, even in a tools folder", () => {
    expect(
      handlersIn(
        `
import { tool } from "ai";
import * as lc from "@langchain/core/tools";
export const weather = tool({ description: "Weather", parameters: z.object({}), execute: async () => getWeather() });
export const search = lc.tool(async () => "result", { name: "search" });`,
        TOOL_FILE,
      ),
    ).toEqual([]);
  });

  it("ignores classes that do not extend a configured base, and functions that are only called", () => {
    expect(
      handlersIn(`
class Cache { async execute() { return load(); } }
class Sub extends Cache { async execute() { return load(); } }
async function handler() { return 1; }
handler();`),
    ).toEqual([]);
  });

  it("ignores setRequestHandler for other requests and functions before the callback", () => {
    expect(
      handlersIn(`
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
server.tool("x", "desc", shape,
  async () => "not the handler: the callback is the last function",
  async () => ok(),
);`),
    ).toEqual(["5 registration"]);
  });
});

describe("enclosingToolHandler", () => {
  it("makes nested functions part of the handler and lets the nearest handler win", () => {
    const found: string[] = [];
    runProbe(
      `
server.registerTool("outer", cfg, async (args) => {
  const items = args.list.map((item) => item.trim());
  server.registerTool("inner", cfg, async () => items.join());
  return items;
});
function helper() { return 1; }`,
      (context) => ({
        CallExpression(call) {
          const handler = modelOf(context).handlers.enclosingToolHandler(call);
          found.push(`${context.sourceCode.getText(call.callee)}@${handler ? String(handler.fn.loc.start.line) : "-"}`);
        },
      }),
      { filename: SERVER_FILE },
    );
    expect(found).toEqual(["server.registerTool@-", "args.list.map@2", "item.trim@2", "server.registerTool@2", "items.join@4"]);
  });
});
