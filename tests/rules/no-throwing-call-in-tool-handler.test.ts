import { definitionRunnerHint } from "./cases/definition-functions.js";
import rule from "../../src/rules/no-throwing-call-in-tool-handler.js";
import { createTypedRuleTester } from "../typed-rule-tester.js";

/** What each handler path's message says happens to a helper's throw. */
const ESCAPES = "its throw escapes the handler";
const SAFETY_NET =
  'the SDK\'s safety net turns its throw into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")';
const JSON_RPC =
  "in a low-level `tools/call` dispatcher its throw becomes a JSON-RPC error response; the client treats it as an infrastructure failure and the model never sees your message";

const ruleTester = createTypedRuleTester();

/** A v2-style `McpServer` as the test's code sees it. */
const MCP_SERVER = `declare const server: {
  registerTool(name: string, config: { description?: string }, cb: (args: Record<string, unknown>, ctx: { sessionId?: string }) => unknown): void;
};`;

const TOOL_FILE = "src/tools/read-file.ts";
const UTILS = "src/tools/utils.ts";

/** A tool factory in the ADR's shape whose handler body is `body`. */
const factory = (imports: string, body: string): string => `${imports}
export function createReadFileTool(root: string) {
  return {
    schema: { name: "read_file", description: "Read a file", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) => {
${body}
    },
  };
}`;

const utilsImport = `import { requireString, success, type ToolArgs } from "./utils.js";`;

/** A browser tool that returns `read()`, a helper of src/lib/browser.ts that runs its work through a wrapper. */
/** The browser's network logs read with `gather` (line 6), whose rejections `Promise.allSettled` settles and `Promise.all` passes on. */
const networkLogsTool = (gather: string): string => `import { readNetworkLogs } from "./lib/browser.js";
${MCP_SERVER}
server.registerTool("get_network_logs", { description: "Read the browser's network logs twice" }, async () => {
  const [first, second] = await ${gather}([readNetworkLogs(), readNetworkLogs()]);
  return { content: [{ type: "text" as const, text: JSON.stringify({ first, second }) }] };
});`;

const browserLogsTool = (read: string): string => `import { ${read} } from "./lib/browser.js";
${MCP_SERVER}
server.registerTool("get_logs", { description: "Read the browser's logs" }, async () => {
  return await ${read}();
});`;

/** A same-file store whose `requireNote` throws, and the tool that calls it on `store`, declared as `declaration`. */
const notesTools = (declaration: string, call = "store.requireNote(String(args.id))"): string => `${MCP_SERVER}
export class NotesStore {
  private readonly notes = new Map<string, string>();
  requireNote(id: string): string {
    const note = this.notes.get(id);
    if (note === undefined) throw new Error(\`Note \${id} not found\`);
    return note;
  }
}
${declaration}
server.registerTool("read_note", { description: "Read a note" }, async (args) => {
  const note = ${call};
  return { content: [{ type: "text" as const, text: note }] };
});`;

ruleTester.run("no-throwing-call-in-tool-handler", rule, {
  valid: [
    {
      name: "a same-file method called on a variable that holds only instances of its class is no-throw-in-tool-handler's report",
      filename: "src/billing-server.ts",
      code: notesTools(`let store: NotesStore;
export function start(): void {
  store = new NotesStore();
}`),
    },
    {
      name: "a same-file method called on this is no-throw-in-tool-handler's report",
      filename: "src/billing-server.ts",
      code: `${MCP_SERVER}
export class NotesServer {
  private readonly notes = new Map<string, string>();
  private requireNote(id: string): string {
    const note = this.notes.get(id);
    if (note === undefined) throw new Error(\`Note \${id} not found\`);
    return note;
  }
  register(): void {
    server.registerTool("read_note", { description: "Read a note" }, async (args) => {
      const note = this.requireNote(String(args.id));
      return { content: [{ type: "text" as const, text: note }] };
    });
  }
}`,
    },
    {
      name: "Promise.allSettled settles the rejections of the calls of an async helper in another file",
      filename: "src/billing-server.ts",
      code: networkLogsTool("Promise.allSettled"),
    },
    {
      name: "a helper in another file whose throw is in a callback given to a wrapper that catches it and returns an error result",
      filename: "src/billing-server.ts",
      code: browserLogsTool("readConsoleLogs"),
    },
    {
      name: "a handler wrapped in a wrapper imported from another file that catches its throws and returns an error result",
      filename: "src/billing-server.ts",
      code: `import { requireString } from "./tools/utils.js";
import { safely } from "./lib/tool-errors.js";
${MCP_SERVER}
server.registerTool("get_invoice", { description: "Get an invoice" }, safely(async (args: Record<string, unknown>) => {
  const id = requireString(args, "id");
  return { content: [{ type: "text" as const, text: id }] };
}));`,
    },
    {
      name: "the SDK's UrlElicitationRequiredError thrown by a helper in another file (McpServer rethrows it on purpose)",
      filename: "src/billing-server.ts",
      code: `import { requireToken } from "./lib/sign-in.js";
${MCP_SERVER}
server.registerTool("list_invoices", { description: "List invoices" }, async (args) => {
  const token = requireToken({ token: String(args.token ?? "") || undefined }, "https://billing.example.com/login");
  return { content: [{ type: "text", text: token }] };
});`,
    },
    {
      name: "an McpError built with ErrorCode.UrlElicitationRequired thrown by a helper in another file",
      filename: "src/billing-server.ts",
      code: `import { requireTokenByCode } from "./lib/sign-in.js";
${MCP_SERVER}
server.registerTool("list_invoices", { description: "List invoices" }, async (args) => {
  const token = requireTokenByCode({ token: typeof args.token === "string" ? args.token : undefined }, "https://billing.example.com/login");
  return { content: [{ type: "text", text: token }] };
});`,
    },
    {
      name: "a helper in another file that only lets the URL elicitation error through, in the handler's catch",
      filename: "src/billing-server.ts",
      code: `import { letSignInThrough } from "./lib/sign-in.js";
${MCP_SERVER}
server.registerTool("list_invoices", { description: "List invoices" }, async () => {
  try {
    return { content: [{ type: "text", text: await billing.listInvoices() }] };
  } catch (error) {
    letSignInThrough(error);
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
    },
    {
      name: "reportConvertedThrows: false: a throwing helper in a registerTool callback, which McpServer converts",
      filename: "src/billing-server.ts",
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: [], reportConvertedThrows: false }],
      code: `import { requireString, success } from "./tools/utils.js";
${MCP_SERVER}
server.registerTool("read_file", { description: "Read a file" }, async (args, ctx) => success(\`\${ctx.sessionId ?? ""}:\${requireString(args, "path")}\`));`,
    },
    {
      name: "a call caught in the handler",
      filename: TOOL_FILE,
      code: factory(
        utilsImport,
        `      try {
        return success(\`\${root}/\${requireString(args, "path")}\`);
      } catch (err) {
        return { content: [{ type: "text" as const, text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
      }`,
      ),
    },
    {
      name: "a function the handler declares, which calls a throwing helper of another file, used only inside the try",
      filename: TOOL_FILE,
      code: factory(
        utilsImport,
        `      const readPath = (key: string) => \`\${root}/\${requireString(args, key)}\`;
      try {
        const paths = ["path", "backup"].map(readPath);
        return success(paths.join(", ") + readPath("path"));
      } catch (err) {
        return { content: [{ type: "text" as const, text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
      }`,
      ),
    },
    {
      name: "a helper in another file that catches its own throws",
      filename: TOOL_FILE,
      code: factory(
        `import { parseJsonArgument, success, type ToolArgs } from "./utils.js";`,
        `      const options = parseJsonArgument(args, "options");
      return success(\`\${root}: \${JSON.stringify(options)}\`);`,
      ),
    },
    {
      name: "a helper in another file that does not throw",
      filename: TOOL_FILE,
      code: factory(
        `import { optionalString, success, type ToolArgs } from "./utils.js";`,
        `      return success(\`\${root}/\${optionalString(args, "path") ?? "."}\`);`,
      ),
    },
    {
      name: "a package function in node_modules without a @throws tag (picomatch throws, its types do not say so)",
      filename: TOOL_FILE,
      code: factory(
        `import picomatch from "picomatch";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const matches = picomatch(typeof args.glob === "string" ? args.glob : "**");
      return success(String(matches(root)));`,
      ),
    },
    {
      name: "a .d.ts function without @throws, and one whose tag is only @throws {TypeError}",
      filename: TOOL_FILE,
      code: factory(
        `import { formatConfig, listConfigKeys } from "vendor-config";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const config = { root };
      return success(\`\${formatConfig(config)} \${listConfigKeys(config).join(",")} \${String(args.verbose)}\`);`,
      ),
    },
    {
      name: "@throws tags are not read with checkThrowsTags: false",
      filename: TOOL_FILE,
      options: [{ maxDepth: 8, checkThrowsTags: false, allow: [], reportConvertedThrows: true }],
      code: factory(
        `import { parseConfig } from "vendor-config";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(JSON.stringify(parseConfig(String(args.text ?? root))));`,
      ),
    },
    {
      name: "a same-file helper that throws is no-throw-in-tool-handler's report",
      filename: TOOL_FILE,
      code: `import { success, type ToolArgs } from "./utils.js";
function requirePath(args: ToolArgs): string {
  if (typeof args.path !== "string") throw new Error("path is required");
  return args.path;
}
export function createReadFileTool(root: string) {
  return {
    schema: { name: "read_file", description: "Read a file", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) => success(\`\${root}/\${requirePath(args)}\`),
  };
}`,
    },
    {
      name: "a chain deeper than maxDepth",
      filename: TOOL_FILE,
      options: [{ maxDepth: 3, checkThrowsTags: true, allow: [], reportConvertedThrows: true }],
      code: factory(
        `import { resolveConfig } from "../lib/config.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(JSON.stringify(resolveConfig(String(args.root ?? root))));`,
      ),
    },
    {
      name: "a cycle across files in which nothing throws",
      filename: TOOL_FILE,
      code: factory(
        `import { formatTree } from "../lib/index.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(formatTree(String(args.dir ?? root), 0));`,
      ),
    },
    {
      name: "a helper that only throws an allowed error class",
      filename: TOOL_FILE,
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: ["UserError"], reportConvertedThrows: true }],
      code: factory(
        `import { requirePositive } from "../lib/user-error.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(\`\${root}: \${requirePositive(Number(args.limit), "limit")}\`);`,
      ),
    },
    {
      name: "a helper whose catch rethrows only an allowed error class",
      filename: TOOL_FILE,
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: ["UserError"], reportConvertedThrows: true }],
      code: factory(
        `import { pageSize } from "../lib/user-error.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(\`\${root}: \${pageSize(String(args.limit))}\`);`,
      ),
    },
    {
      name: "a call outside any handler",
      filename: TOOL_FILE,
      code: `import { requireString, type ToolArgs } from "./utils.js";
export function preloadPath(args: ToolArgs): string {
  return requireString(args, "path");
}`,
    },
    {
      name: "a function in another file registered nowhere is not a handler",
      filename: "src/handlers/git-status.ts",
      code: `import { requireString, success, type ToolArgs } from "../tools/utils.js";
export async function gitStatusLegacy(args: ToolArgs) {
  return success(requireString(args, "cwd"));
}
export const gitStatus = async () => success("clean");`,
    },
    {
      name: "the unknown-tool branch of a low-level dispatcher",
      filename: "src/dispatch.ts",
      code: `import { unknownTool } from "./lib/protocol.js";
import { success } from "./tools/utils.js";
declare const CallToolRequestSchema: unique symbol;
declare const server: {
  setRequestHandler(schema: typeof CallToolRequestSchema, cb: (request: { params: { name: string } }) => unknown): void;
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "ping":
      return success("pong");
    default:
      return unknownTool(request.params.name);
  }
});`,
    },
    {
      name: "library calls that do not throw, that are caught, and a parse method that is not zod's",
      filename: TOOL_FILE,
      code: factory(
        `import { ReadFileArgs, lenientArgs } from "../lib/schemas.js";\nimport { readSettingsOr } from "../lib/settings-file.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const checked = ReadFileArgs.safeParse(args);
      const settings = readSettingsOr(String(args.settings ?? "{}"), {});
      const later = await ReadFileArgs.parseAsync(args).catch(() => undefined);
      let decoded = "";
      try {
        decoded = decodeURIComponent(new URL(String(args.url)).pathname);
      } catch {
        decoded = "/";
      }
      return success(\`\${JSON.stringify(settings)} \${encodeURIComponent(lenientArgs.parse(args).path)} \${String(checked.success && later)} \${decoded} \${URL.canParse(root)}\`);`,
      ),
    },
  ],
  invalid: [
    {
      name: "the look-alike: a same-file method called on a parameter typed as its class, which no-throw-in-tool-handler does not follow",
      filename: "src/billing-server.ts",
      code: notesTools("declare const stores: Map<string, NotesStore>;", 'stores.get("default")!.requireNote(String(args.id))'),
      errors: [
        {
          messageId: "throwingCall",
          line: 14,
          column: 16,
          data: { chain: "`requireNote()`", location: "src/billing-server.ts:8", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "the look-alike: a same-file method called on a variable that is also given another value",
      filename: "src/billing-server.ts",
      code: notesTools(`declare function openStore(path: string): NotesStore;
let store = new NotesStore();
export function reopen(path: string): void {
  store = openStore(path);
}`),
      errors: [
        {
          messageId: "throwingCall",
          line: 18,
          column: 16,
          data: { chain: "`requireNote()`", location: "src/billing-server.ts:8", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "the look-alike of Promise.allSettled: Promise.all passes the first rejection on",
      filename: "src/billing-server.ts",
      code: networkLogsTool("Promise.all"),
      errors: [
        {
          messageId: "throwingCall",
          line: 6,
          column: 46,
          data: { chain: "`readNetworkLogs()`", location: "src/lib/browser.ts:35", outcome: SAFETY_NET, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 6,
          column: 65,
          data: { chain: "`readNetworkLogs()`", location: "src/lib/browser.ts:35", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "the look-alike: the helper's wrapper logs and rethrows, so the callback's throw leaves the helper",
      filename: "src/billing-server.ts",
      code: browserLogsTool("readNetworkLogs"),
      errors: [
        {
          messageId: "throwingCall",
          line: 6,
          column: 16,
          data: { chain: "`readNetworkLogs()`", location: "src/lib/browser.ts:35", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "the look-alike: a wrapper imported from another file that logs and rethrows guards nothing",
      filename: "src/billing-server.ts",
      code: `import { requireString } from "./tools/utils.js";
import { logged } from "./lib/tool-errors.js";
${MCP_SERVER}
server.registerTool("get_invoice", { description: "Get an invoice" }, logged(async (args: Record<string, unknown>) => {
  const id = requireString(args, "id");
  return { content: [{ type: "text" as const, text: id }] };
}));`,
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 14,
          data: { chain: "`requireString()`", location: "src/tools/utils.ts:11", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "a same-file helper that parses JSON uncaught: no-throw-in-tool-handler does not see library calls, so this rule reports it",
      filename: TOOL_FILE,
      code: `import { success, type ToolArgs } from "./utils.js";
function parseOptions(text: string): { limit?: number } {
  return JSON.parse(text) as { limit?: number };
}
export function createReadFileTool(root: string) {
  return {
    schema: { name: "read_file", description: "Read a file", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) => success(\`\${root} \${String(parseOptions(String(args.options ?? "{}")).limit)}\`),
  };
}`,
      errors: [
        {
          messageId: "throwingCall",
          line: 8,
          column: 66,
          data: {
            chain: "`parseOptions()` → `JSON.parse()`",
            location: `${TOOL_FILE}:3, TypeScript's standard library`,
            outcome: ESCAPES,
            hint: "",
          },
        },
      ],
    },
    {
      name: "zod's parse and parseAsync, JSON.parse, new URL, decodeURIComponent, BigInt and structuredClone, uncaught",
      filename: TOOL_FILE,
      code: factory(
        `import { ReadFileArgs } from "../lib/schemas.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const { path } = ReadFileArgs.parse(args);
      const checked = await ReadFileArgs.parseAsync(args);
      const options = JSON.parse(String(args.options ?? "{}")) as { limit?: string };
      const url = new URL(path, "file:///");
      const limit = BigInt(options.limit ?? "0");
      const copy = structuredClone(checked);
      return success(\`\${decodeURIComponent(url.pathname)} \${String(limit)} \${root} \${copy.path}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 24,
          data: { chain: "`ReadFileArgs.parse()`", location: "from zod", outcome: ESCAPES, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 8,
          column: 29,
          data: { chain: "`ReadFileArgs.parseAsync()`", location: "from zod", outcome: ESCAPES, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 9,
          column: 23,
          data: { chain: "`JSON.parse()`", location: "TypeScript's standard library", outcome: ESCAPES, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 10,
          column: 19,
          data: { chain: "`new URL()`", location: "TypeScript's standard library", outcome: ESCAPES, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 11,
          column: 21,
          data: { chain: "`BigInt()`", location: "TypeScript's standard library", outcome: ESCAPES, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 12,
          column: 20,
          data: { chain: "`structuredClone()`", location: "TypeScript's standard library", outcome: ESCAPES, hint: "" },
        },
        {
          messageId: "throwingCall",
          line: 13,
          column: 25,
          data: { chain: "`decodeURIComponent()`", location: "TypeScript's standard library", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "JSON.parse through an import that names it otherwise (another module's default export of it), uncaught",
      filename: TOOL_FILE,
      code: factory(
        `import parseJson from "../lib/json.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const options = parseJson(String(args.options ?? "{}")) as { limit?: number };
      return success(\`\${root} \${String(options.limit)}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 23,
          data: { chain: "`parseJson()`", location: "TypeScript's standard library", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a project function in another file that calls JSON.parse uncaught",
      filename: TOOL_FILE,
      code: factory(
        `import { readSettings } from "../lib/settings-file.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const settings = readSettings(String(args.settings ?? "{}"));
      return success(\`\${root}: \${Object.keys(settings).join(",")}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 24,
          data: {
            chain: "`readSettings()` → `JSON.parse()`",
            location: "src/lib/settings-file.ts:3, TypeScript's standard library",
            outcome: ESCAPES,
            hint: "",
          },
        },
      ],
    },
    {
      name: "the same registerTool callback with reportConvertedThrows: true (the default): the safety-net message",
      filename: "src/billing-server.ts",
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: [], reportConvertedThrows: true }],
      code: `import { requireString, success } from "./tools/utils.js";
${MCP_SERVER}
server.registerTool("read_file", { description: "Read a file" }, async (args, ctx) => success(\`\${ctx.sessionId ?? ""}:\${requireString(args, "path")}\`));`,
      errors: [
        {
          messageId: "throwingCall",
          line: 5,
          column: 121,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "the look-alike: a helper in another file that lets every McpError through, in the handler's catch",
      filename: "src/billing-server.ts",
      code: `import { letProtocolErrorsThrough } from "./lib/sign-in.js";
${MCP_SERVER}
server.registerTool("list_invoices", { description: "List invoices" }, async () => {
  try {
    return { content: [{ type: "text", text: await billing.listInvoices() }] };
  } catch (error) {
    letProtocolErrorsThrough(error);
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`,
      errors: [
        {
          messageId: "throwingCall",
          line: 9,
          column: 5,
          data: { chain: "`letProtocolErrorsThrough()`", location: "src/lib/sign-in.ts:34", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "an McpError with another code than UrlElicitationRequired, thrown by a helper in another file",
      filename: "src/billing-server.ts",
      code: `import { requireTokenOrFail } from "./lib/sign-in.js";
${MCP_SERVER}
server.registerTool("list_invoices", { description: "List invoices" }, async (args) => {
  const token = requireTokenOrFail({ token: typeof args.token === "string" ? args.token : undefined });
  return { content: [{ type: "text", text: token }] };
});`,
      errors: [
        {
          messageId: "throwingCall",
          line: 6,
          column: 17,
          data: { chain: "`requireTokenOrFail()`", location: "src/lib/sign-in.ts:21", outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "reportConvertedThrows: false still reports a low-level dispatcher ('tools/call', SDK v2)",
      filename: "src/dispatch.ts",
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: [], reportConvertedThrows: false }],
      code: `import { requireString, success } from "./tools/utils.js";
declare const server: {
  setRequestHandler(method: "tools/call", cb: (request: { params: { name: string; arguments?: Record<string, unknown> } }) => unknown): void;
};
server.setRequestHandler("tools/call", async (request) => {
  if (request.params.name === "read_file") return success(requireString(request.params.arguments ?? {}, "path"));
  return { content: [{ type: "text", text: "Error: unknown tool" }], isError: true };
});`,
      errors: [
        {
          messageId: "throwingCall",
          line: 6,
          column: 59,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: JSON_RPC, hint: "" },
        },
      ],
    },
    {
      name: "a handler defined through a definition function the file cannot read: the message says how to name it",
      filename: TOOL_FILE,
      code: `${utilsImport}
declare function defineTool<T>(definition: T): T;
export default defineTool({
  name: "read_file",
  handler: async (args: ToolArgs) => success(requireString(args, "path")),
});`,
      errors: [
        {
          messageId: "throwingCall",
          line: 5,
          column: 46,
          data: {
            chain: "`requireString()`",
            location: `${UTILS}:11`,
            outcome: ESCAPES,
            hint: definitionRunnerHint("defineTool"),
          },
        },
      ],
    },
    {
      name: "an argument helper in another file (the ADR project's requireString)",
      filename: TOOL_FILE,
      code: factory(utilsImport, `      const path = requireString(args, "path");\n      return success(\`\${root}/\${path}\`);`),
      errors: [
        {
          messageId: "throwingCall",
          line: 6,
          column: 20,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a function the handler declares and calls before its try: the call is reported, with the chain through it",
      filename: TOOL_FILE,
      code: factory(
        utilsImport,
        `      const readPath = (key: string) => \`\${root}/\${requireString(args, key)}\`;
      const path = readPath("path");
      try {
        return success(path);
      } catch (err) {
        return { content: [{ type: "text" as const, text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
      }`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 20,
          data: { chain: "`readPath()` → `requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "through a re-export under another name",
      filename: TOOL_FILE,
      code: factory(
        `import { requireArg } from "./args.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(\`\${root}/\${requireArg(args, "path")}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 33,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a chain through a namespace re-export: readArgs() calls requireString()",
      filename: TOOL_FILE,
      code: factory(
        `import { argHelpers } from "./args.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const { path } = argHelpers.readArgs(args);\n      return success(\`\${root}/\${path}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 24,
          data: { chain: "`readArgs()` → `requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a class method that calls a throwing method of its own (this.assertRef())",
      filename: TOOL_FILE,
      code: factory(
        `import { GitRunner } from "../lib/git.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      const runner = new GitRunner(root);\n      return success(await runner.log(String(args.ref)));`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 8,
          column: 28,
          data: { chain: "`log()` → `assertRef()`", location: "src/lib/git.ts:10", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a method of an exported object literal",
      filename: TOOL_FILE,
      code: factory(
        `import { workspace } from "../lib/git.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(workspace.resolveInside(root, String(args.path)));`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 22,
          data: { chain: "`resolveInside()`", location: "src/lib/git.ts:20", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "this.method() inherited from a base class in another file",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { handlers: { baseClasses: ["WorkspaceTool"] } } },
      code: `import { WorkspaceTool } from "../lib/base-tool.js";
export class ReadFileTool extends WorkspaceTool {
  name = "read_file";
  constructor() {
    super("/workspace");
  }
  async execute(input: { path: string }) {
    return { content: [{ type: "text" as const, text: this.resolvePath(input.path) }] };
  }
}`,
      errors: [
        {
          messageId: "throwingCall",
          line: 8,
          column: 55,
          data: { chain: "`resolvePath()`", location: "src/lib/base-tool.ts:6", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a .d.ts declaration with a @throws tag",
      filename: TOOL_FILE,
      code: factory(
        `import { parseConfig } from "vendor-config";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(JSON.stringify(parseConfig(String(args.text ?? root))));`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 37,
          data: { chain: "`parseConfig()`", location: "types/vendor-config.d.ts:6", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a cycle across files with a throw in it",
      filename: TOOL_FILE,
      code: factory(
        `import { listTree } from "../lib/index.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(listTree(String(args.dir ?? root), 0).join("\\n"));`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 22,
          data: { chain: "`listTree()` → `listChildren()`", location: "src/lib/tree-children.ts:4", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a chain of four functions across two files, within the default maxDepth",
      filename: TOOL_FILE,
      code: factory(
        `import { resolveConfig } from "../lib/config.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(JSON.stringify(resolveConfig(String(args.root ?? root))));`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 37,
          data: {
            chain: "`resolveConfig()` → `loadConfig()` → `readConfigFile()` → `assertConfigPath()`",
            location: "src/lib/config-file.ts:7",
            outcome: ESCAPES,
            hint: "",
          },
        },
      ],
    },
    {
      name: "a helper that returns Promise.reject(...)",
      filename: TOOL_FILE,
      code: factory(
        `import { rejectUnknownRef, success, type ToolArgs } from "./utils.js";`,
        `      return success(await rejectUnknownRef(String(args.ref)));`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 6,
          column: 28,
          data: { chain: "`rejectUnknownRef()`", location: `${UTILS}:36`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a helper that throws a class not in allow",
      filename: TOOL_FILE,
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: ["ToolInputError"], reportConvertedThrows: true }],
      code: factory(
        `import { requirePositive } from "../lib/user-error.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(\`\${root}: \${requirePositive(Number(args.limit), "limit")}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 34,
          data: { chain: "`requirePositive()`", location: "src/lib/user-error.ts:5", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a helper whose catch rethrows an error class not in allow",
      filename: TOOL_FILE,
      options: [{ maxDepth: 8, checkThrowsTags: true, allow: ["ToolInputError"], reportConvertedThrows: true }],
      code: factory(
        `import { pageSize } from "../lib/user-error.js";\nimport { success, type ToolArgs } from "./utils.js";`,
        `      return success(\`\${root}: \${pageSize(String(args.limit))}\`);`,
      ),
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 34,
          data: { chain: "`pageSize()`", location: "src/lib/user-error.ts:14", outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a same-file helper that throws only through another file's helper",
      filename: TOOL_FILE,
      code: `import { requireString, success, type ToolArgs } from "./utils.js";
function readPath(args: ToolArgs): string {
  return requireString(args, "path");
}
export function createReadFileTool(root: string) {
  return {
    schema: { name: "read_file", description: "Read a file", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) => success(\`\${root}/\${readPath(args)}\`),
  };
}`,
      errors: [
        {
          messageId: "throwingCall",
          line: 8,
          column: 59,
          data: { chain: "`readPath()` → `requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a handler defined in one file and registered in another (server.registerTool(name, cfg, gitStatus))",
      filename: "src/handlers/git-status.ts",
      code: `import { GitRunner } from "../lib/git.js";
import { requireString, success, type ToolArgs } from "../tools/utils.js";
export async function gitStatus(args: ToolArgs) {
  const cwd = requireString(args, "cwd");
  return success(new GitRunner(cwd).status());
}`,
      errors: [
        {
          messageId: "throwingCall",
          line: 4,
          column: 15,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: SAFETY_NET, hint: "" },
        },
      ],
    },
    {
      name: "a factory's handler registered elsewhere with transport.registerTool(tool.schema, tool.handler)",
      filename: "src/features/read-file.ts",
      code: `import { requireString, success, type ToolArgs } from "../tools/utils.js";
import type { ToolSchema } from "../transport.js";
declare const readFileSchema: ToolSchema;
export function createReadFileTool(root: string) {
  return {
    schema: readFileSchema,
    handler: async (args: ToolArgs) => success(\`\${root}/\${requireString(args, "path")}\`),
  };
}`,
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 59,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a factory typed as returning a ToolDefinition interface, registered elsewhere",
      filename: "src/features/search.ts",
      code: `import { requireString, success } from "../tools/utils.js";
import type { ToolDefinition, ToolSchema } from "../transport.js";
declare const searchSchema: ToolSchema;
export function createSearchTool(): ToolDefinition {
  return {
    schema: searchSchema,
    handler: async (args) => success(\`results for \${requireString(args, "query")}\`),
  };
}`,
      errors: [
        {
          messageId: "throwingCall",
          line: 7,
          column: 53,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: ESCAPES, hint: "" },
        },
      ],
    },
    {
      name: "a tools/call case of a low-level dispatcher (outside the unknown-tool branch)",
      filename: "src/dispatch.ts",
      code: `import { requireString, success } from "./tools/utils.js";
declare const CallToolRequestSchema: unique symbol;
declare const server: {
  setRequestHandler(schema: typeof CallToolRequestSchema, cb: (request: { params: { name: string; arguments?: Record<string, unknown> } }) => unknown): void;
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "read_file":
      return success(requireString(request.params.arguments ?? {}, "path"));
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});`,
      errors: [
        {
          messageId: "throwingCall",
          line: 9,
          column: 22,
          data: { chain: "`requireString()`", location: `${UTILS}:11`, outcome: JSON_RPC, hint: "" },
        },
      ],
    },
  ],
});
