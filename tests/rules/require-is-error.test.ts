import rule from "../../src/rules/require-is-error.js";
import { FIZZY_CARD_TOOL_FILE } from "./cases/fizzy-tool-file.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";
import { gaqlTool } from "./cases/gaql-tool.js";
import { SNAPSHOT_NOT_FOUND, snapshotTool } from "./cases/snapshot-tool.js";

const ruleTester = createRuleTester();

/** The ADR project's tool module: a factory returning `{ schema, handler }`; the body starts on line 6. */
const listFilesTool = (body: string): string => `
export function createListFilesTool(deps: { list(dir: string): Promise<string[]> }) {
  return {
    schema: { name: "list_files", description: "List files in a directory", inputSchema: { type: "object" } },
    handler: async (args: { dir: string }) => {
${body}
    },
  };
}`;

/** An SDK server registering one tool in a server file; the callback body starts on line 5. */
/** A tool file's success builder and the error response built on it (line 5), as an issue tracker's tools share them. */
const TOOL_FILE_ERROR_RESPONSE = `
export const createToolResponse = (text: string) => ({ content: [{ type: "text" as const, text }] });
export function createErrorResponse(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return createToolResponse(\`Error: \${message}\`);
}`;

const registeredTool = (body: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "pages", version: "1.0.0" });
server.registerTool("fetch_page", { description: "Fetch a web page" }, async ({ url }: { url: string }) => {
${body}
});`;

/**
 * A mail server's category tool whose answer to a rejected color is \`onBadColor\` (line 9) and to an unknown action
 * \`onUnknownAction\` (line 13); \`answer\` is its last answer.
 */
const categoryTool = (onBadColor: string, onUnknownAction: string, answer = "`Created ${name}`"): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare const categories: Map<string, (name: string, color?: string) => Promise<string>>;
const COLORS = ["preset0", "preset1", "preset2"];
const server = new McpServer({ name: "mail", version: "1.0.0" });
server.registerTool("manage_category", { inputSchema: { action: z.string(), name: z.string(), color: z.string().optional() } }, async ({ action, name, color }) => {
  if (color && !COLORS.includes(color)) {
    return { content: [{ type: "text", text: ${onBadColor} }] };
  }
  const run = categories.get(action);
  if (!run) {
    return { content: [{ type: "text", text: ${onUnknownAction} }] };
  }
  await run(name, color);
  return { content: [{ type: "text", text: ${answer} }] };
});`;

const BAD_COLOR = '`Invalid color. Valid options: ${COLORS.join(", ")}`';
const UNKNOWN_ACTION = '`Unknown action "${action}". Available: ${[...categories.keys()].join(", ")}`';

/** A page tool's answers after decoration: "❌ Error: ..." on line 6, "⚠️ Failed to ..." on line 7. */
const DECORATED_FAILURES = `  const me = await graph.me();
  if (!me?.id) return { content: [{ type: "text", text: "❌ Error: Could not determine current user ID" }] };
  if (me.suspended) return { content: [{ type: "text", text: \`⚠️ Failed to open \${url}\` }] };
  return { content: [{ type: "text", text: await fetchPage(url, me.id) }] };`;

/** A deploy tool whose failed build is answered by \`onFailure\` (line 9) and whose success by \`onSuccess\`. */
const deployTool = (
  onFailure: string,
  onSuccess = 'return { success: true, content: [{ type: "text" as const, text: `Deployed ${app}` }] };',
): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function runDeployment(app: string): Promise<{ errorMessage?: string }>;
const server = new McpServer({ name: "deploy", version: "1.0.0" });
server.registerTool("deploy_app", { inputSchema: { app: z.string() } }, async ({ app }) => {
  const result = await runDeployment(app);
  if (result.errorMessage) {
    ${onFailure}
  }
  ${onSuccess}
});`;

const DEPLOY_FAILED =
  'return { success: false, message: result.errorMessage, content: [{ type: "text" as const, text: result.errorMessage }] };';

/** A positions tool that answers a helper's \`{ symbols, error }\` with \`answer\` (line 9). */
const positionsTool = (answer: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function getUserSymbols(extra: unknown): Promise<{ symbols: string[]; error?: string }>;
const server = new McpServer({ name: "market", version: "1.0.0" });
server.registerTool("get_positions", { inputSchema: { tradeDate: z.string() } }, async (args, extra) => {
  const result = await getUserSymbols(extra);
  const { symbols, error } = result;
  ${answer}
  return { content: [{ type: "text" as const, text: JSON.stringify({ symbols, date: args.tradeDate }) }] };
});`;

const FOUND_ERROR = 'if (error) return { content: [{ type: "text" as const, text: JSON.stringify({ error }) }] };';
const FOUND_RESULT_ERROR =
  'if (result.error && symbols.length === 0) return { content: [{ type: "text" as const, text: JSON.stringify({ error: result.error }) }] };';

/** A market tool whose answers all go through the file's `textResult(text)`; `onFailure` answers a failed lookup, on line 14. */
const marketTool = (onFailure: string, textResult = '(text: string) => ({ content: [{ type: "text" as const, text }] })'): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare const markets: { get(id: number): Promise<{ title: string } | undefined> };
const textResult = ${textResult};
const server = new McpServer({ name: "prediction-markets", version: "1.0.0" });
server.registerTool("get_market", { inputSchema: { marketAppId: z.number() } }, async ({ marketAppId }) => {
  try {
    const market = await markets.get(marketAppId);
    if (!market) return textResult(\`Market \${marketAppId} not found.\`);
    return textResult(JSON.stringify(market, null, 2));
  } catch (error) {
    const reason = error instanceof Error ? error.message : "Unknown error";
    ${onFailure}
  }
});`;

const marketServer = (onFailure: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function lookupMarket(symbol: string): Promise<{ price: number }>;
export class MarketServer {
  private readonly server = new McpServer({ name: "markets", version: "1.0.0" });
  constructor() {
    this.server.registerTool("get_price", { inputSchema: { symbol: z.string() } }, async ({ symbol }) => {
      try {
        return this.textResult(\`Price of \${symbol}: \${(await lookupMarket(symbol)).price}\`);
      } catch (error) {
        ${onFailure}
      }
    });
  }
  private textResult(text: string) {
    return { content: [{ type: "text" as const, text }] };
  }
}`;

/** A tool that validates its URL with zod; `onInvalid` answers a failed check, on line 7. */
const validatedTool = (onInvalid: string): string =>
  registeredTool(`  const parsed = PageRequest.safeParse({ url });
  if (!parsed.success) {
    ${onInvalid}
  }
  return { content: [{ type: "text", text: await fetchPage(parsed.data.url) }] };`);

/**
 * Stack tools whose `catch` answers through `handleError` (declared with `declaration`; its result on line 7), called
 * as `successCall` too when given.
 */
const stackTools = (handleErrorCall: string, successReturn = "return await command.run(args);", declaration = "function"): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "iac", version: "1.0.0" });
${declaration} handleError(error: unknown, toolName: string) {
  const message = error instanceof Error ? error.message : "Unknown error";
  return {
    content: [{ type: "text" as const, text: \`Operation failed: \${message}\` }],
    description: \`Error executing \${toolName}\`,
  };
}
for (const [name, command] of Object.entries(stackCommands)) {
  server.tool(\`stack-\${name}\`, command.description, command.schema, async (args) => {
    try {
      ${successReturn}
    } catch (error) {
      return ${handleErrorCall};
    }
  });
}`;

/** A page lookup that answers a missing page with the JSON of `{ error: reason, url }`, `reason` bound on line 7. */
const pageReasonTool = (reason: string, isError = ""): string =>
  registeredTool(`  const page = await pages.find(url);
  if (!page) {
    const reason = ${reason};
    return { content: [{ type: "text", text: JSON.stringify({ error: reason, url }) }]${isError} };
  }
  return { content: [{ type: "text", text: JSON.stringify(page) }] };`);

/** The issue tracker's error formatter: its text a `let` that `more` writes to (line 6), the result on line 7. */
const trackerErrorFormatter = (more: string, isError = ""): string => `
export function describeTrackerFailure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  let text = \`Error: \${message}\`;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause) ${more};
  return { content: [{ type: "text" as const, text }], metadata: { errorType: "api_error" }${isError} };
}`;

/**
 * A handler module outside the tool folder, listed in another file's tool table: `early` is its first statement, and
 * its `catch` answers with `failure` (line 9).
 */
const acceptEventModule = (early: string, failure: string, isError = ""): string => `
import { callGraph, ensureSignedIn } from "../graph.js";
export async function acceptEvent(args: { eventId: string; comment?: string }) {
  ${early}
  try {
    const token = await ensureSignedIn();
    await callGraph(token, "POST", \`me/events/\${args.eventId}/accept\`, { comment: args.comment });
    return { content: [{ type: "text", text: \`Accepted event \${args.eventId}.\` }] };
  } catch (error) {
    return { content: [{ type: "text", text: ${failure} }]${isError} };
  }
}`;
const MISSING_EVENT_ID = 'if (!args.eventId) return { content: [{ type: "text", text: "Event ID is required to accept an event." }] };';
const EVENT_FAILURE = "`The calendar service refused: ${(error as Error).message}`";
const CALENDAR_FILE = "src/calendar/accept-event.ts";

/** A weather module's search, answering with `success` (line 7) or, from its catch, a result without isError (line 9). */
const weatherSearchModule = (success: string): string => `
const toResult = (text: string) => ({ content: [{ type: "text" as const, text }] });
const summarize = (text: string) => text.trim().slice(0, 500);
export async function searchWeather(query: string) {
  try {
    const response = await fetch(\`https://api.example.com/weather?q=\${encodeURIComponent(query)}\`);
    return ${success};
  } catch (error) {
    return { content: [{ type: "text", text: \`Weather search failed: \${String(error)}\` }] };
  }
}`;

/** A page tool whose `guard` (line 6) answers the lookup before the page is returned. */
const pageGuardTool = (guard: string): string =>
  registeredTool(`  const page = await pages.find(url);
  ${guard}
  return { content: [{ type: "text", text: page.html }] };`);
/** A page tool's answer that says where the page is missing that it was not found (`pageGuardTool`). */
const PAGE_OR_NOT_FOUND = 'return { content: [{ type: "text", text: page ? page.html : `Page ${url} not found` }] };';
/** The first line of a failed query's answer (`gaqlTool`). */
const FAILED_QUERY_LINE = '`Error executing query (status ${res.status}): ${res.errorText ?? ""}`';
const ABSENCE = "it is returned where something the tool needs is missing, and its text says so";
/** zeroheight's result builders: `errorBuilder` (line 5) answers every failure of the project's tools; a success builder beside it. */
const TOOL_RESPONSES = (errorBuilder: string): string => `
export type ToolTextContent = { type: "text"; text: string };
export type ToolResponse = { content: ToolTextContent[]; isError?: boolean };
${errorBuilder}
export function createSuccessResponse<T>({ data }: { data: T }): ToolResponse {
  return { content: [{ type: "text", text: JSON.stringify(data, null, 2) }] };
}`;

/** The card tool's failure string (line 11). */
const cardToolFile = (imports: string): string =>
  FIZZY_CARD_TOOL_FILE(imports, "if (!result.ok) return `Error: card ${args.card_id} not found`;");

/** The evidence of a result whose text opens as an error does. */
const ERROR_TEXT = "its text reads as an error";

/** `lines` joined, with line `index` replaced: the source after one suggestion. */
const withLine = (lines: readonly string[], index: number, replacement: string): string => lines.with(index, replacement).join("\n");

/** A fetch_page callback body with two error texts and no isError. */
const FETCH_PAGE = [
  '  if (!url.startsWith("https://")) return { content: [{ type: "text", text: "Error: only https URLs are allowed" }] };',
  "  const page = await fetchPage(url);",
  '  return { content: [{ type: "text", text: page.ok ? page.body : `error - HTTP ${page.status}` }] };',
];
const FETCH_PAGE_FIXED = [
  '  if (!url.startsWith("https://")) return { content: [{ type: "text", text: "Error: only https URLs are allowed" }], isError: true };',
  '  return { content: [{ type: "text", text: page.ok ? page.body : `error - HTTP ${page.status}` }], isError: !page.ok };',
] as const;

const CUSTOM_TEXTS = [
  'export const timeout = { content: [{ type: "text", text: "Failed: timed out" }] };',
  'export const denied = { content: [{ type: "text", text: "[denied] no token" }] };',
];

const LITERAL_IS_ERROR = [
  'export const a = { content: [{ type: "text", text: "done" }], isError: "true" };',
  'export const b = { ...base, content: [{ type: "text", text: "Error: gone" }], isError: 1 };',
  "export const c = { content: [], isError: null };",
];

/** A `server.tool` callback whose catch (lines 6-9) returns the failure as strings. */
const gitLogTool = (catchBody: readonly string[]): string => `
server.tool("git_log", "Show commits", { ref: z.string() }, async ({ ref }) => {
  try {
    return { content: [{ type: "text", text: await git(["log", ref]) }] };
  } catch (err) {
${catchBody.join("\n")}
  }
});`;
const GIT_LOG_CATCH = [
  "    if (err instanceof GitError) return (err as GitError).message;",
  '    if (ref === "HEAD") return String(err);',
  '    if (ref.length > 40) return "bad ref: " + ref;',
  '    return err instanceof Error ? err.message : "";',
];

/**
 * A local registrar whose body is `registrarBody`, given an analyzer tool whose `catch` answers in plain text
 * (line 20, column 12), which the wrapper `asText` turns into a success.
 */
const ANALYZER_REGISTRAR = (registrarBody: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
type TextCallback = (args: { analyzer: string }) => Promise<string>;
declare function runAnalyzer(analyzer: string): Promise<string>;
const server = new McpServer({ name: "observability", version: "1.0.0" });
const asText = (cb: TextCallback) => async (args: { analyzer: string }) => {
  try {
    return { content: [{ type: "text" as const, text: await cb(args) }] };
  } catch (error) {
    return { content: [{ type: "text" as const, text: \`Error: \${String(error)}\` }], isError: true };
  }
};
function tool(name: string, description: string, cb: TextCallback): void {
  ${registrarBody}
}
tool("execute_analyzer", "Run a Davis analyzer", async ({ analyzer }) => {
  try {
    return await runAnalyzer(analyzer);
  } catch (error) {
    return \`Error executing Davis analyzer: \${String(error)}\`;
  }
});`;

/** A report tool whose inner `catch`, around a follow-up step after the report was created, answers `pollAnswer` (line 10). */
const RENDER_REPORT_TOOL = (pollAnswer: string, isError = ""): string => `
server.registerTool("create_report", { description: "Create a report" }, async ({ title }: { title: string }) => {
  try {
    const report = await reports.create(title);
    try {
      const rendered = await reports.waitUntilRendered(report.id);
      return { content: [{ type: "text", text: \`Report \${report.id} is ready: \${rendered.url}\` }] };
    } catch (pollError) {
      console.error("render poll failed", pollError);
      return { content: [{ type: "text", text: ${pollAnswer} }]${isError} };
    }
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

/** A tool whose `catch` answers with a bundled copy of a document, `checklist` (line 7). */
const CHECKLIST_TOOL = (checklist: string, isError = ""): string => `
const API_CHECKLIST = \`${checklist}\`;
server.registerTool("get_api_checklist", { description: "Return the API review checklist" }, async () => {
  try {
    return { content: [{ type: "text", text: await docsApi.get("/api-checklist.md") }] };
  } catch {
    return { content: [{ type: "text", text: API_CHECKLIST }]${isError} };
  }
});`;

/** A page tool that answers a page it did not find with `notFound`, on line 8. */
const pageLookupTool = (notFound: string, isError = ""): string =>
  registeredTool(`  const page = await pages.find(url);
  if (!page) {
    const body = ${notFound};
    return { content: [{ type: "text", text: body }]${isError} };
  }
  return { content: [{ type: "text", text: JSON.stringify(page) }] };`);

/** A gene-symbol check whose `catch` answers with the JSON of `failure` (a constant), on line 11. */
const geneCheckTool = (failure: string, isError = ""): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const registry: { get(symbol: string): Promise<{ name: string }> };
const server = new McpServer({ name: "genes", version: "1.0.0" });
server.registerTool("validate_gene_symbol", {}, async ({ symbol }: { symbol: string }) => {
  try {
    const gene = await registry.get(symbol);
    return { content: [{ type: "text", text: JSON.stringify({ symbol, isValid: true, officialName: gene.name }) }] };
  } catch (error) {
    const verdict = ${failure};
    return { content: [{ type: "text", text: JSON.stringify(verdict) }]${isError} };
  }
});`;

/** A playback tool: its guard on line 7 answers `guard`; its work answers fixed words, its failures a built text. */
const pausePlaybackTool = (guard: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const player: { pause(token: string): Promise<void> };
const server = new McpServer({ name: "music", version: "1.0.0" });
server.registerTool("pause_playback", {}, async (_args: Record<string, never>, extra: { authInfo?: { token: string } }) => {
  const token = extra.authInfo?.token;
  if (!token) return ${guard};
  try {
    await player.pause(token);
    return { content: [{ type: "text", text: "Playback paused." }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

/** A FastMCP lock tool that answers with JSON strings: `guard` on line 6, `notFound` on line 10, `failure` on line 14. */
const lockStateTool = (guard: string, notFound: string, failure: string): string => `
server.addTool({
  name: "lock_state",
  parameters: z.object({ entity_id: z.string().optional() }),
  execute: async ({ entity_id }: { entity_id?: string }) => {
    if (!entity_id) return ${guard};
    try {
      const lock = await locks.get(entity_id);
      if (!lock) {
        return ${notFound};
      }
      return JSON.stringify({ success: true, lock });
    } catch (error) {
      return ${failure};
    }
  },
});`;
const LOCK_GUARD = 'JSON.stringify({ success: false, error: "entity_id is required" })';
const LOCK_NOT_FOUND = "JSON.stringify({ ok: false, entity_id })";
const LOCK_FAILURE = "JSON.stringify({ success: false, error: String(error) })";

/**
 * A meeting-bot tool built with the project's own definition function (`callee`, imported), given the tool's name
 * first and its FastMCP `execute` last; its `catch` answers `failure` at line 14, column 14.
 */
const LIST_BOTS_TOOL = (callee: string, failure: string): string => `
import { z } from "zod";
import { ${callee} } from "../utils/tool-types.js";

export const listBotsTool = ${callee}(
  "list_bots",
  "List recorded meeting bots",
  z.object({ limit: z.number().optional() }),
  async (args: { limit?: number }) => {
    try {
      const response = await fetch(\`https://api.meetingbaas.com/bots?limit=\${args.limit ?? 10}\`);
      return await response.text();
    } catch (error) {
      return ${failure};
    }
  },
);`;

/**
 * An image tool whose `catch` of the primary provider's failure answers with `fallbackAnswer` (its statements, from
 * line 13).
 */
const IMAGE_FALLBACK_TOOL = (fallbackAnswer: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { generateWith, primary, fallback, logger } from "./providers.js";

const server = new McpServer({ name: "image-gen", version: "1.0.0" });

server.registerTool("generate_image", { inputSchema: { prompt: z.string() } }, async ({ prompt }) => {
  try {
    const result = await generateWith(primary, prompt);
    return { content: [{ type: "text", text: JSON.stringify(result) }] };
  } catch (error) {
${fallbackAnswer}
  }
});`;

/** A Strava status check whose answer where no credentials are stored is `notConnected`, at line 10, column 16. */
/** A registry tool that says whether an image exists (line 9) or answers \`missing\` (line 11). */
const registryImageTool = (exists: string, missing: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare const registry: { imageExists(app: string, tag: string): Promise<boolean> };
const server = new McpServer({ name: "fly", version: "1.0.0" });
server.registerTool("check_registry_image", { inputSchema: { app: z.string(), tag: z.string() } }, async ({ app, tag }) => {
  const found = await registry.imageExists(app, tag);
  if (found) {
    return { content: [{ type: "text" as const, text: [${exists}, "", \`Image: registry.fly.io/\${app}:\${tag}\`].join("\\n") }] };
  } else {
    return { content: [{ type: "text" as const, text: [${missing}, "", "Push it with push_image first."].join("\\n") }] };
  }
});`;

const stravaConnectionTool = (notConnected: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { loadConfig, hasValidTokens, getAuthenticatedAthlete } from "./config.js";

const server = new McpServer({ name: "strava", version: "1.0.0" });
server.registerTool("check-strava-connection", { description: "Show whether Strava is connected" }, async () => {
  try {
    const config = await loadConfig();
    if (!hasValidTokens(config)) {
      return { content: [{ type: "text" as const, text: ${notConnected} }] };
    }
    const athlete = await getAuthenticatedAthlete(config.accessToken);
    return { content: [{ type: "text" as const, text: \`✅ Connected to Strava as \${athlete.firstname} \${athlete.lastname}\` }] };
  } catch (error) {
    return { content: [{ type: "text" as const, text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

/** `code`'s tool class extending a class of its file, on the same line as the imports, which extends `MCPTool`. */
const THROUGH_LABEL_BASE = (code: string): string =>
  code
    .replace('import { z } from "zod";', 'import { z } from "zod"; abstract class LabelBaseTool<I> extends MCPTool<I> {}')
    .replace("extends MCPTool<{ name: string }>", "extends LabelBaseTool<{ name: string }>");

/** An mcp-framework tool whose `execute` body is given (from line 8): `MCPTool` sends whatever it returns as a success. */
const LABEL_TOOL = (body: string): string => `
import { MCPTool } from "mcp-framework";
import { z } from "zod";
export default class CreateLabelTool extends MCPTool<{ name: string }> {
  name = "create_label";
  schema = { name: { type: z.string(), description: "Label name" } };
  async execute(input: { name: string }) {
${body}
  }
}`;

/** `LABEL_TOOL` whose `execute` creates the label and answers a failure with `failure` in its `catch` (line 12). */
const LABEL_TOOL_CATCH = (failure: string): string =>
  LABEL_TOOL(`    try {
      const response = await fetch("https://gmail.example.com/labels", { method: "POST", body: input.name });
      return \`Label created: \${await response.text()}\`;
    } catch (error) {
      ${failure}
    }`);

/** An open-data tool whose results come from `createToolResponse`, which answers with the JSON of its data; `failure` is the catch's (line 15). */
const PACKAGE_TOOL = (failure: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function fetchPackage(id: string): Promise<unknown>;
const server = new McpServer({ name: "open-data", version: "1.0.0" });
function createToolResponse(data: unknown) {
  return { content: [{ type: "text" as const, text: JSON.stringify(data, null, 2) }] };
}
server.tool("get_package", { packageId: z.string() }, async ({ packageId }) => {
  try {
    const pkg = await fetchPackage(packageId);
    return createToolResponse(pkg);
  } catch (error) {
    console.error("Error in get_package:", error);
    return createToolResponse(${failure});
  }
});`;

/** A FastMCP record tool that answers with JSON; `failure` is what its catch returns (line 14). */
const GET_RECORD_TOOL = (failure: string): string => `
import { FastMCP } from "fastmcp";
import { z } from "zod";
import { formatErrorResponse } from "../lib/errors.js";
declare const records: { get(table: string, id: string): Promise<unknown>; cached(id: string): unknown };
const server = new FastMCP({ name: "airtable", version: "1.0.0" });
server.addTool({
  name: "get_record",
  parameters: z.object({ table: z.string(), recordId: z.string() }),
  execute: async (args) => {
    try {
      return JSON.stringify(await records.get(args.table, args.recordId), null, 2);
    } catch (error) {
      return ${failure};
    }
  },
});`;

/** A FastMCP label tool that answers with strings; `guard` is its first statement (line 10). */
const LABEL_TOOL_FASTMCP = (guard: string): string => `
import { FastMCP } from "fastmcp";
import { z } from "zod";
declare const gmail: { modify(ids: string[]): Promise<number> };
const server = new FastMCP({ name: "gmail", version: "1.0.0" });
server.addTool({
  name: "batch_modify",
  parameters: z.object({ messageIds: z.array(z.string()) }),
  execute: async ({ messageIds }) => {
${guard}
    return \`Modified \${String(await gmail.modify(messageIds))} messages\`;
  },
});
function describeLimit(count: number): string {
  return count > 1000 ? "Error: too many messages" : "ok";
}`;

/** A market tool whose results come from a static method of the file's `Replies` class. */
const STATIC_REPLIES = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
class Replies {
  static text(text: string) {
    return { content: [{ type: "text" as const, text }] };
  }
}
const server = new McpServer({ name: "markets", version: "1.0.0" });
server.registerTool("get_market", { inputSchema: { id: z.string() } }, async ({ id }) => {
  const response = await fetch(\`https://api.example.com/markets/\${id}\`);
  if (!response.ok) return Replies.text(\`Error fetching market: \${response.statusText}\`);
  return Replies.text(await response.text());
});`;

ruleTester.run("require-is-error", rule, {
  valid: [
    {
      name: "the look-alike of an MCPTool's failure data: a helper method of the tool returns it to execute, which throws",
      filename: "src/tools/create-label.ts",
      code: LABEL_TOOL(`    const check = this.validate(input.name);
    if ("error" in check) throw new Error(\`Error: \${check.error}\`);
    return "Label created";
  }
  private validate(name: string) {
    if (!name.trim()) return { error: "The label name is empty" };
    return { ok: true };`),
    },
    {
      name: "a string-answering handler's plain answer that reads as no error, and an error text in a function that is no handler",
      filename: SERVER_FILE,
      code: LABEL_TOOL_FASTMCP('    if (messageIds.length === 0) return "Nothing to modify";'),
    },
    {
      name: "the JSON of data its catch does not build from the caught error (a cached record) is an answer",
      filename: SERVER_FILE,
      code: GET_RECORD_TOOL("JSON.stringify(records.cached(args.recordId), null, 2)"),
    },
    {
      name: "a builder of the JSON of its data, given data that reports no failure (an error of null, a count)",
      filename: SERVER_FILE,
      code: PACKAGE_TOOL("{ error: null, packages: [], reason: String(error) }"),
    },
    {
      name: "near-miss of the caught error as a builder's data: an error the catch did not catch (a cached one)",
      filename: SERVER_FILE,
      code: PACKAGE_TOOL("{ error: lastErrors.get(packageId) ?? null, packages: [] }").replace(
        "declare function fetchPackage",
        "declare const lastErrors: Map<string, string>;\ndeclare function fetchPackage",
      ),
    },
    {
      name: "mcp-framework: an MCPTool's execute fails by throwing, and returns its success",
      filename: "src/tools/create-label.ts",
      code: LABEL_TOOL_CATCH(
        `throw new Error(\`Error: Failed to create label: \${error instanceof Error ? error.message : String(error)}\`);`,
      ),
    },
    {
      name: "a catch that answers with what a fallback provider returned: the warning about the failure is in the data",
      filename: SERVER_FILE,
      code: IMAGE_FALLBACK_TOOL(`    const result = await generateWith(fallback, prompt);
    const responseData = {
      images: result.images,
      warnings: [\`Primary provider failed: \${(error as Error).message}\`, "Fell back to the secondary provider"],
    };
    const responseText = JSON.stringify(responseData, null, 2);
    return { content: [{ type: "text", text: responseText }] };`),
    },
    {
      name: "a catch that answers with what a fallback API returned, with an error note beside the data",
      filename: SERVER_FILE,
      code: IMAGE_FALLBACK_TOOL(`    logger.warn("primary provider failed, using the fallback", error);
    const result = await generateWith(fallback, prompt);
    const images = result.images.map((image: { url: string }) => image.url);
    return {
      content: [{ type: "text", text: JSON.stringify({ prompt, images, error: "Used the fallback provider after the primary failed" }) }],
    };`),
    },
    {
      name: "an imported function of another name given a name first: its callback's catch is no tool's",
      filename: "src/tools/listBots.ts",
      code: LIST_BOTS_TOOL("withRetry", "`Error listing bots: ${error instanceof Error ? error.message : String(error)}`"),
    },
    {
      name: "a plain result builder given a text that reads as no error, and the builder's own result",
      filename: SERVER_FILE,
      code: marketTool("return textResult(`Market ${marketAppId} is closed for now (${reason}).`);"),
    },
    {
      name: "a method builder given a text that reads as no error; another object's textResult given an error text",
      filename: SERVER_FILE,
      code: marketServer(
        "return this.textResult(`Market closed for now: ${String(error)}`) ?? this.cache.textResult(`Error fetching market: ${String(error)}`);",
      ).replace("  private textResult", "  private readonly cache = { textResult: (text: string) => text };\n  private textResult"),
    },
    {
      name: "a builder that marks its results, or one whose text is no parameter, is no plain builder",
      filename: SERVER_FILE,
      code: marketTool(
        'return textResult(`Error fetching market: ${reason}`) ?? sorry(`Error fetching market: ${reason}`);\n  function sorry(reason: string) { return { content: [{ type: "text" as const, text: "Sorry" }], reason }; }',
        '(text: string) => ({ content: [{ type: "text" as const, text }], isError: text.startsWith("Error") })',
      ),
    },
    {
      name: "near-miss of a function answering with tool results: its other answer is a call of a function that builds none",
      filename: "src/weather/search.ts",
      code: weatherSearchModule("summarize(await response.text())"),
    },
    {
      name: "an error text given to a plain builder outside any tool handler, in server code",
      filename: SERVER_FILE,
      code: `
const textResult = (text: string) => ({ content: [{ type: "text" as const, text }] });
export function describeFailure(reason: string) {
  return textResult(\`Error fetching market: \${reason}\`);
}`,
    },
    {
      name: "near-miss of an error builder: the function also answers the success path",
      filename: SERVER_FILE,
      code: stackTools("handleError(error, name)", "return handleError(await command.run(args), name);"),
    },
    {
      name: "near-miss of an error builder: the catch calls it without the caught error (a fallback answer)",
      filename: SERVER_FILE,
      code: stackTools("handleError(cachedOutputs.get(name), name)"),
    },
    {
      name: "near-miss of an error builder: an exported function may answer other files' successes",
      filename: SERVER_FILE,
      code: stackTools("handleError(error, name)", undefined, "export function"),
    },
    {
      name: "near-miss of a JSON error text: an error of null reports no failure",
      filename: SERVER_FILE,
      code: pageLookupTool("JSON.stringify({ error: null, url, pages: [] })"),
    },
    {
      name: "near-miss of a JSON error text through a constant: the error is data the store gave",
      filename: SERVER_FILE,
      code: pageReasonTool("await pages.lastError(url)"),
    },
    {
      name: "near-miss of a text built by appending: a let given another value may no longer be the error text",
      filename: SERVER_FILE,
      code: trackerErrorFormatter("text = String(cause)"),
    },
    {
      name: "near-miss of a function that answers as a tool: one that may return nothing is no tool code",
      filename: CALENDAR_FILE,
      code: acceptEventModule("if (!args.eventId) return undefined;", EVENT_FAILURE),
    },
    {
      name: "near-misses of a guard's answer: an empty lookup is an answer, and a text naming an absence outside a guard",
      filename: SERVER_FILE,
      code: pageGuardTool(`if (!page) return { content: [{ type: "text", text: \`No pages found for \${url}\` }] };
  if (page.cached) return { content: [{ type: "text", text: \`\${page.links.length} links, some not found\` }] };
  if (page.links.length > 0) return { content: [{ type: "text", text: \`\${page.missing.length} links not found\` }] };`),
    },
    {
      name: "near-misses of a guard's answer saying what is not available: an empty answer, and a note outside a guard",
      filename: SERVER_FILE,
      code: pageGuardTool(`if (!page) return { content: [{ type: "text", text: "No cached page found, or page storage not available." }] };
  if (page.offline) return { content: [{ type: "text", text: "Some images are not available offline" }] };`),
    },
    ...[
      ["the missing branch an empty answer", 'page ? page.html : "No cached copy of the page"'],
      ["an existence check's verdict both ways", 'page ? "The page exists in the cache" : "The page does not exist in the cache"'],
      ["a test that says nothing of a value's presence", "page.length > 0 ? page : `Page ${url} not found`"],
    ].map(([what, text]) => ({
      name: `near-miss of a conditional on the value: ${what}`,
      filename: SERVER_FILE,
      code: pageGuardTool(`return { content: [{ type: "text", text: ${text} }] };`),
    })),
    {
      name: "near-miss of a failure in the JSON of a constant's object: one that says nothing failed",
      filename: SERVER_FILE,
      code: snapshotTool("{ success: true, error: null, snapshots: [] }"),
    },
    ...[
      [
        "its first line a heading, the failure on a later line",
        '"Query report", `Status ${res.status}: ${res.errorText ?? "no details"}`',
        "",
      ],
      [
        "its first line put before the failure after the literal (unshift)",
        FAILED_QUERY_LINE,
        "\n    lines.unshift(`Partial results for ${customerId}`);",
      ],
      ["the array handed to another function, which may change it", FAILED_QUERY_LINE, "\n    annotate(lines);"],
    ].map(([what, lines, extra]) => ({
      name: `near-miss of a failure joined from lines: ${what}`,
      filename: SERVER_FILE,
      code: gaqlTool(lines, { extra }).replace(
        "declare function hintFor",
        "declare function annotate(lines: string[]): void;\ndeclare function hintFor",
      ),
    })),
    {
      name: "near-misses of a guard's answer naming what is missing: the word inside the text, a count of what is missing, a word that only starts like an ask",
      filename: SERVER_FILE,
      code: pageGuardTool(`if (!page) return { content: [{ type: "text", text: \`Cache entry missing for \${url}, fetched it fresh\` }] };
  if (!page.links) return { content: [{ type: "text", text: "0 missing links, none checked" }] };
  if (!page.title) return { content: [{ type: "text", text: "Provided links: none" }] };`),
    },
    {
      name: "near-misses of a guard's answer asking for input: the ask on a later line, and outside a guard",
      filename: SERVER_FILE,
      code: pageGuardTool(`if (!page) return { content: [{ type: "text", text: "Page has no summary yet.\\nEditors must provide one in the CMS." }] };
  if (page.draft) return { content: [{ type: "text", text: "Draft saved. Reviewers must provide feedback within 3 days." }] };`),
    },
    {
      name: "near-miss of an optional chain's presence test: its else says what the tool did, not what is missing",
      filename: SERVER_FILE,
      code: pageGuardTool(`if (page?.cached) return { content: [{ type: "text", text: page.html }] };
  else return { content: [{ type: "text", text: \`Fetched \${url} fresh: \${page.html}\` }] };`),
    },
    ...[
      [
        "an if on the value whose branch does not leave",
        `if (!page) console.warn(\`no cached copy of \${url}\`);
  if (page?.stale) return { content: [{ type: "text", text: \`Some links of \${url} were not found\` }] };`,
      ],
      [
        "an answer after an if that returns the value, saying there is none",
        `if (page) return { content: [{ type: "text", text: page.html }] };
  return { content: [{ type: "text", text: \`No cached copy of \${url} found\` }] };`,
      ],
    ].map(([what, guard]) => ({ name: `near-miss after a guard: ${what}`, filename: SERVER_FILE, code: pageGuardTool(guard) })),
    {
      name: "near-miss of a guard's answer: one that also answers in structuredContent (the output schema's null) is an answer",
      filename: SERVER_FILE,
      code: pageGuardTool(
        'if (!page) return { content: [{ type: "text", text: `Page ${url} not found` }], structuredContent: { page: null } };',
      ),
    },
    ...[
      ['"Image exists in the Fly.io registry"', '"Image not found in the Fly.io registry"'],
      ['"The image exists"', '"The image does not exist"'],
    ].map(([exists, missing]) => ({
      name: `near-miss of a guard's answer: an existence check that answers both ways (${exists} / ${missing})`,
      filename: SERVER_FILE,
      code: registryImageTool(exists, missing),
    })),
    {
      name: "near-miss of a guard's answer: a status check that answers the state both ways ('Not connected' / 'Connected as')",
      filename: SERVER_FILE,
      code: stravaConnectionTool('"❌ Not connected to Strava. Say \\"Connect my Strava account\\" to get started!"'),
    },
    {
      name: "near-misses of an error the branch found: the branch where it is missing, and an if that tested another value",
      filename: SERVER_FILE,
      code: positionsTool(`if (!error) console.log(JSON.stringify({ error }));
  if (symbols.length === 0) return { content: [{ type: "text" as const, text: JSON.stringify({ error, symbols }) }] };`),
    },
    {
      name: "near-misses of a failure flag: success: true, and a success flag computed at run time",
      filename: SERVER_FILE,
      code: deployTool(
        'return { success: result.errorMessage === "", content: [{ type: "text" as const, text: `Deploy of ${app} queued` }] };',
      ),
    },
    {
      name: "near-misses of a rejected input: words that only start like a rejection, and a validator's verdict beside 'Valid'",
      filename: SERVER_FILE,
      code: categoryTool('"Invalidated the color cache"', "`Unknowns: ${action}`"),
    },
    {
      name: "near-miss of a rejected input: a validator whose other answer says the input is valid gives 'Invalid' as a verdict",
      filename: SERVER_FILE,
      code: categoryTool("`Invalid color ${color}`", '"Invalid action"', '`Valid category ${name}, color ${color ?? "none"}`'),
    },
    {
      name: "near-misses of a decorated error text: a count of errors, and an error word not followed by its separator",
      filename: SERVER_FILE,
      code: registeredTool(`  const report = await linkChecker.run(url);
  if (report.clean) return { content: [{ type: "text", text: "✅ Errors: 0" }] };
  return { content: [{ type: "text", text: \`⚠️ Error rate: \${report.errorRate}%\` }] };`),
    },
    {
      name: "near-miss of a rejected input: a text opening with Invalid outside a failed check is data",
      filename: SERVER_FILE,
      code: registeredTool(`  const report = await linkChecker.run(url);
  return { content: [{ type: "text", text: \`Invalid links: \${report.invalid.length} of \${report.total}\` }] };`),
    },
    {
      name: "near-miss of a guard's answer: a status check whose every answer is fixed words gives 'Not authenticated' as one",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const tokenCache: { load(): { accessToken?: string } | undefined };
const server = new McpServer({ name: "mail", version: "1.0.0" });
server.registerTool("check_auth_status", {}, async () => {
  const tokens = tokenCache.load();
  if (!tokens?.accessToken) return { content: [{ type: "text", text: "Not authenticated" }] };
  return { content: [{ type: "text", text: "Authenticated and ready" }] };
});`,
    },
    {
      name: "near-miss of a guard's answer: where the value is there (typeof !== undefined), a text naming an absence is data",
      filename: SERVER_FILE,
      code: pageGuardTool(
        'if (typeof page.redirect !== "undefined") return { content: [{ type: "text", text: `Moved: ${page.redirect} (the old page does not exist)` }] };',
      ),
    },
    {
      name: "a follow-up step's answer built from the earlier work's result is its partial success, the caught error a later note",
      filename: SERVER_FILE,
      code: RENDER_REPORT_TOOL("`Report ${report.id} created.\n\nRendering is not finished: ${String(pollError)}`"),
    },
    {
      name: "the same partial success without the caught error: the report the earlier work created",
      filename: SERVER_FILE,
      code: RENDER_REPORT_TOOL("`Report ${report.id} created; rendering has not finished yet.`"),
    },
    {
      name: "near-misses of a failure in JSON: a success, an error of null outside a catch, a cached answer in the catch, a helper's string",
      filename: SERVER_FILE,
      code: `${lockStateTool("JSON.stringify({ success: true, locks: [] })", "JSON.stringify({ error: null, entity_id })", "JSON.stringify(cachedLocks)")}
function describeLock(lock: Lock | undefined) {
  if (!lock) return JSON.stringify({ success: false, reason: "unknown lock" });
  return JSON.stringify(lock);
}`,
    },
    {
      name: "near-miss of a composed message: a let the catch also gives computed data is a fallback",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (error) {
        let answer = cachedListing.get(args.dir);
        if (answer === undefined) answer = "The directory is empty";
        return { content: [{ type: "text", text: answer }] };
      }`),
    },
    {
      name: "near-miss of a JSON error text: a count of errors reports no failure",
      filename: SERVER_FILE,
      code: pageLookupTool("JSON.stringify({ errorCount: 0, url })"),
    },
    {
      name: "near-miss of a local registrar: a function of the file that runs its callback, registering nothing",
      filename: SERVER_FILE,
      code: ANALYZER_REGISTRAR("void cb({ analyzer: name });"),
    },
    {
      name: "the near-misses of a failed validation: computed fallback data, and a flag that is no safeParse result's",
      filename: SERVER_FILE,
      code: registeredTool(`  const parsed = PageRequest.safeParse({ url });
  if (!parsed.success) return { content: [{ type: "text", text: JSON.stringify(DEFAULT_PAGE) }] };
  const job = await crawler.crawl(parsed.data.url);
  if (job.success === false) return { content: [{ type: "text", text: "Crawl queued again, check back later" }] };
  return { content: [{ type: "text", text: job.html }] };`),
    },
    {
      name: "the near-miss: a report that counts failures is no failure of the tool",
      filename: SERVER_FILE,
      code: registeredTool(`  const report = await runChecks(url);
  return { content: [{ type: "text", text: \`Failed checks: \${report.failed.length} of \${report.total}\` }] };`),
    },
    {
      name: "the near-miss: a constant that holds a conditional whose branches are no error text, outside a catch",
      filename: SERVER_FILE,
      code: registeredTool(`  const result = await browser.screenshot(url);
  const message = result.cached ? \`Served from cache: \${url}\` : "Screenshot taken";
  if (result.ok) return { content: [{ type: "text", text: message }] };
  return { content: [{ type: "image", data: result.data, mimeType: "image/png" }] };`),
    },
    {
      name: "SDK v2, 2026-07-28: an inputRequired(...) result from a catch is an ordinary result",
      filename: SERVER_FILE,
      code: `
import { McpServer, inputRequired } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "pages", version: "1.0.0" });
server.registerTool("fetch_page", { description: "Fetch a web page" }, async ({ url }: { url: string }) => {
  try {
    return { content: [{ type: "text", text: await fetchPage(url) }] };
  } catch {
    return inputRequired({ login: { method: "elicitation/create", params: { message: "Sign in to read this page" } } });
  }
});`,
    },
    {
      name: "the ADR's handler: success in try, error result with isError in catch",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        const files = await deps.list(args.dir);
        return { content: [{ type: "text", text: files.join("\\n") }] };
      } catch (err) {
        return {
          content: [{ type: "text", text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }],
          isError: true,
        };
      }`),
    },
    {
      name: "success text that merely contains the word error later on",
      filename: SERVER_FILE,
      code: registeredTool(`  const report = await lint(url);
  if (report.count === 0) return { content: [{ type: "text", text: "No errors found" }] };
  return { content: [{ type: "text", text: \`Found \${report.count} errors: \${report.summary}\` }] };`),
    },
    {
      name: "an item pushed into a result's content without isError, and isError pushed into a list that is not content",
      filename: SERVER_FILE,
      code: registeredTool(`  const response = { content: [] as { type: "text"; text: string }[] };
  const failures: { tool: string; isError: boolean }[] = [];
  const task = await browser.runTask(url);
  response.content.push({ type: "text", text: task.data?.finalResult ?? "no result" });
  failures.push({ tool: "browser_use", isError: !task.data });
  return { ...response, isError: failures.length > 0 };`),
    },
    {
      name: "a metric that starts with the word is not an error text",
      filename: SERVER_FILE,
      code: registeredTool(`  const stats = await monitor(url);
  return { content: [{ type: "text", text: "Error rate: " + stats.errorRate + "%" }] };`),
    },
    {
      name: "a setting that starts with the word and a gerund, with no object, is not an error text",
      filename: SERVER_FILE,
      code: registeredTool(`  const config = await loadConfig(url);
  return { content: [{ type: "text", text: \`Error handling: \${config.retries} retries\` }] };`),
    },
    {
      name: "isError computed from a boolean is the author's decision",
      filename: TOOL_FILE,
      code: listFilesTool(`      const { stdout, exitCode } = await run("ls", [args.dir]);
      return { content: [{ type: "text", text: exitCode === 0 ? stdout : \`Error: ls exited with \${exitCode}\` }], isError: exitCode !== 0 };`),
    },
    {
      name: "a result spread from another object may carry isError",
      filename: TOOL_FILE,
      code: listFilesTool(`      const base = errorBase(args.dir);
      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return { ...base, content: [{ type: "text", text: "Error: listing failed", isError: true }] };
      }`),
    },
    {
      name: "an empty string in catch is a deliberate fallback",
      filename: TOOL_FILE,
      code: `
import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "notes", version: "1.0.0" });
server.addTool({
  name: "read_note",
  parameters: schema,
  execute: async ({ id }: { id: string }) => {
    try {
      return await notes.read(id);
    } catch {
      return "";
    }
  },
});`,
    },
    {
      name: "a catch outside tool code returns whatever it likes",
      filename: SERVER_FILE,
      code: `
export function loadBanner() {
  try {
    return { content: [{ type: "text", text: readBanner() }] };
  } catch {
    return { content: [{ type: "text", text: "Welcome" }] };
  }
}
export function describeFailure(err: unknown) {
  try { return JSON.stringify(err); } catch { return "unknown failure"; }
}`,
    },
    {
      name: "a result from a function nested in the catch, and strings from a non-handler function",
      filename: TOOL_FILE,
      code:
        listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        const lines = [args.dir].map((dir) => ({ content: [{ type: "text", text: dir }] }));
        return lines[0];
      }`) +
        `
function describe(err: unknown): string {
  try { return JSON.stringify(err); } catch { return \`unserializable: \${String(err)}\`; }
}`,
    },
    {
      name: "the success callback of .then and error results from a helper",
      filename: TOOL_FILE,
      code: `
import { error } from "./utils.js";
export function createFetchTool(deps: { fetch(url: string): Promise<string> }) {
  return {
    schema: { name: "fetch", description: "Fetch a URL", inputSchema: { type: "object" } },
    handler: (args: { url: string }) =>
      deps.fetch(args.url).then(
        (body) => ({ content: [{ type: "text", text: body }] }),
        (err: unknown) => error(\`Error: \${String(err)}\`),
      ),
  };
}`,
    },
    {
      name: "chat messages and other APIs' blocks are not tool results",
      filename: TOOL_FILE,
      code: `
export async function summarise(client: Anthropic, text: string) {
  try {
    return await client.messages.create({ messages: [{ role: "user", content: [{ type: "text", text }] }] });
  } catch (err) {
    return { role: "assistant", content: [{ type: "text", text: "Error: summary unavailable" }] };
  }
}
export const block = { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "Error: x" }], is_error: true };`,
    },
    {
      name: "isError: false on a success, and a false overridden by a later spread",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: "done" }], isError: false };
      } catch (err) {
        return { content: [{ type: "text", text: "Error: listing failed" }], isError: false, ...flags };
      }`),
    },
    {
      name: "a property that is not a caught error's message, in catch",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        const fallback = await cache.get(args.dir);
        return fallback.message;
      }`),
    },
    {
      name: "a catch that falls back to computed data: a call or a variable that does not use the caught error",
      filename: TOOL_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "schemas", version: "1.0.0" });
server.registerTool("describe_table", { description: "Describe a table" }, async ({ table }: { table: string }) => {
  try {
    return { content: [{ type: "text", text: JSON.stringify(await db.describe(table)) }] };
  } catch (err) {
    logger.warn("full schema unavailable", err);
    const simplerSchema = await db.columns(table);
    return { content: [{ type: "text", text: JSON.stringify(simplerSchema) }] };
  }
});
server.registerTool("summarise_runs", { description: "Summarise CI runs" }, async ({ repo }: { repo: string }) => {
  const summary = await cache.summary(repo);
  try {
    return { content: [{ type: "text", text: await ci.summarise(repo) }] };
  } catch {
    return { content: [{ type: "text", text: summary }] };
  }
});`,
    },
    {
      name: "isError: false marked true by a later assignment in the same function",
      filename: TOOL_FILE,
      code: listFilesTool(`      const result = { content: [{ type: "text", text: "Error: nothing listed yet" }], isError: false };
      try {
        result.content = [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }];
        result.isError = false;
      } catch (err) {
        result.content = [{ type: "text", text: \`Error: cannot list \${args.dir}\` }];
        result.isError = true;
      }
      return result;`),
    },
    {
      name: "near-miss of an error label in another language: a label that only holds the word (an error log, errors found)",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const pve: { errorLog(node: string): Promise<string[]> };
const server = new McpServer({ name: "proxmox", version: "1.0.0" });
server.registerTool("proxmox_error_log", {}, async ({ node }: { node: string }) => {
  const lines = await pve.errorLog(node);
  return { content: [{ type: "text", text: \`エラーログ: \${lines.length}件\\n\${lines.join("\\n")}\` }] };
});
server.registerTool("pruefung", {}, async ({ node }: { node: string }) => {
  const lines = await pve.errorLog(node);
  return { content: [{ type: "text", text: \`Fehler gefunden: \${lines.length}\` }] };
});`,
    },
    {
      name: "near-miss of an error result's builder: its object's content holds no text item (a crawl's report of no pages)",
      filename: "src/tools/extractUrlContent.ts",
      code: `
export function formatErrorResult(url: string, reason: string) {
  return { status: "Error", message: \`Recursive fetch failed: \${reason}\`, rootUrl: url, pagesExplored: 0, content: [] };
}`,
    },
    {
      name: "near-miss of an error builder's name: a function that formats an error log, and a success builder",
      filename: "src/utils/toolResponses.ts",
      code: TOOL_RESPONSES(`export function formatErrorLog(entries: string[]): ToolResponse {
  return { content: [{ type: "text", text: entries.join("\\n") }] };
}`),
    },
    {
      name: "near-miss of a denial: a text about denied requests that opens otherwise",
      filename: SERVER_FILE,
      code: pausePlaybackTool('{ content: [{ type: "text", text: "Access log: 2 requests denied today" }] }'),
    },
    {
      name: "look-alike of a FastMCP tool file: without FastMCP's import, what its loader makes of a string is unknown",
      filename: "src/tools/cards.ts",
      code: cardToolFile('import { UserError } from "../errors.js";'),
    },
  ],
  invalid: [
    {
      name: "a tool file's object beside a FastMCP import is a FastMCP tool: its failure string is sent as a success",
      filename: "src/tools/cards.ts",
      code: cardToolFile('import { UserError } from "fastmcp";'),
      errors: [
        {
          messageId: "failureString",
          line: 11,
          column: 28,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: cardToolFile('import { UserError } from "fastmcp";').replace(
                "return `Error: card ${args.card_id} not found`;",
                'return { content: [{ type: "text", text: `Error: card ${args.card_id} not found` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a function named as an error result's builder returns a result without isError",
      filename: "src/utils/toolResponses.ts",
      code: TOOL_RESPONSES(`export function createErrorResponse({ message }: { message: string }): ToolResponse {
  return { content: [{ type: "text", text: message }] };
}`),
      errors: [
        {
          messageId: "missingIsError",
          line: 5,
          column: 10,
          data: { evidence: "it is built by a function whose name says it builds an error result" },
          suggestions: [
            {
              messageId: "addIsError",
              output: TOOL_RESPONSES(
                `export function createErrorResponse({ message }: { message: string }): ToolResponse {
  return { content: [{ type: "text", text: message }] };
}`.replace("text: message }] }", "text: message }], isError: true }"),
              ),
            },
          ],
        },
      ],
    },
    ...[
      "エラー: 再生にはログインが必要です。",
      "Fehler: Anmeldung erforderlich.",
      "Access denied: the playlist belongs to another user",
    ].map((text) => ({
      name: `an error label in another language, or a denial, reads as an error text: ${text}`,
      filename: SERVER_FILE,
      code: pausePlaybackTool(`{ content: [{ type: "text", text: "${text}" }] }`),
      errors: [
        {
          messageId: "missingIsError" as const,
          line: 7,
          column: 22,
          data: { evidence: ERROR_TEXT },
          suggestions: [
            {
              messageId: "addIsError" as const,
              output: pausePlaybackTool(`{ content: [{ type: "text", text: "${text}" }], isError: true }`),
            },
          ],
        },
      ],
    })),
    ...[
      {
        name: "mcp-framework: a failure string returned from execute's catch is sent as a success; the suggestion throws it",
        returned: "return `Failed to create label: ${(error as Error).message}`;",
        thrown: "throw new Error(`Error: Failed to create label: ${(error as Error).message}`);",
      },
      {
        name: "mcp-framework: an error result returned from execute is sent as its JSON text, a success",
        returned: 'return { content: [{ type: "text", text: "Error: the label could not be created" }], isError: true };',
        thrown: 'throw new Error("Error: the label could not be created");',
      },
    ].map(({ name, returned, thrown }) => ({
      name,
      filename: "src/tools/create-label.ts",
      code: LABEL_TOOL_CATCH(returned),
      errors: [
        {
          messageId: "failureReturnedFromMcpTool" as const,
          line: 12,
          column: 14,
          suggestions: [{ messageId: "throwError" as const, output: LABEL_TOOL_CATCH(thrown) }],
        },
      ],
    })),
    {
      name: "mcp-framework: data that says it failed, returned from execute (an error of written text, a status of error), is success JSON",
      filename: "src/tools/create-label.ts",
      code: LABEL_TOOL(`    if (!input.name.trim()) return { error: "The label name is empty" };
    try {
      return await (await fetch("https://gmail.example.com/labels", { method: "POST", body: input.name })).json();
    } catch {
      return { status: "error", message: "Failed to create label" };
    }`),
      errors: [
        {
          messageId: "failureReturnedFromMcpTool",
          line: 8,
          column: 36,
          suggestions: [
            {
              messageId: "throwError",
              output: LABEL_TOOL(`    if (!input.name.trim()) throw new Error("Error: The label name is empty");
    try {
      return await (await fetch("https://gmail.example.com/labels", { method: "POST", body: input.name })).json();
    } catch {
      return { status: "error", message: "Failed to create label" };
    }`),
            },
          ],
        },
        { messageId: "failureReturnedFromMcpTool", line: 12, column: 14, suggestions: [] },
      ],
    },
    {
      name: "mcp-framework: a tool extending a class of the file that extends MCPTool is an MCPTool",
      filename: "src/tools/create-label.ts",
      code: THROUGH_LABEL_BASE(
        LABEL_TOOL('    if (!input.name.trim()) return "Failed to create label: the name is empty";\n    return "Label created";'),
      ),
      errors: [
        {
          messageId: "failureReturnedFromMcpTool",
          line: 8,
          column: 36,
          suggestions: [
            {
              messageId: "throwError",
              output: THROUGH_LABEL_BASE(
                LABEL_TOOL(
                  '    if (!input.name.trim()) throw new Error("Error: Failed to create label: the name is empty");\n    return "Label created";',
                ),
              ),
            },
          ],
        },
      ],
    },
    {
      name: "mcp-framework: a failure given to the class's plain builder is success JSON too; the suggestion throws its text",
      filename: "src/tools/create-label.ts",
      code: LABEL_TOOL(`    if (!input.name.trim()) return this.reply("Failed to create label: the name is empty");
    return this.reply("Label created");
  }
  private reply(text: string) {
    return { content: [{ type: "text" as const, text }] };`),
      errors: [
        {
          messageId: "failureReturnedFromMcpTool",
          line: 8,
          column: 36,
          suggestions: [
            {
              messageId: "throwError",
              output: LABEL_TOOL(`    if (!input.name.trim()) throw new Error("Error: Failed to create label: the name is empty");
    return this.reply("Label created");
  }
  private reply(text: string) {
    return { content: [{ type: "text" as const, text }] };`),
            },
          ],
        },
      ],
    },
    {
      name: "look-alike of a fallback: the awaited call formats the caught error, so the answer is the failure",
      filename: SERVER_FILE,
      code: IMAGE_FALLBACK_TOOL(`    const details = await logger.describe(error);
    const shown = details.summary;
    const reason = \`Image generation failed: \${shown}\`;
    const answer = reason;
    void answer;
    return { content: [{ type: "text", text: reason }] };`),
      output: IMAGE_FALLBACK_TOOL(`    const details = await logger.describe(error);
    const shown = details.summary;
    const reason = \`Image generation failed: \${shown}\`;
    const answer = reason;
    void answer;
    return { content: [{ type: "text", text: reason }], isError: true };`),
      errors: [{ messageId: "missingIsError", line: 18, column: 12 }],
    },
    {
      name: "look-alike of a fallback: an answer built from a fallback that opens by naming the failure",
      filename: SERVER_FILE,
      code: IMAGE_FALLBACK_TOOL(`    const cached = await generateWith(fallback, prompt);
    const urls = cached.images.map((image: { url: string }) => image.url);
    const listed = urls.join(", ");
    const message = \`Failed to generate with the primary provider; older images: \${listed}\`;
    void error;
    return { content: [{ type: "text", text: message }] };`),
      output: IMAGE_FALLBACK_TOOL(`    const cached = await generateWith(fallback, prompt);
    const urls = cached.images.map((image: { url: string }) => image.url);
    const listed = urls.join(", ");
    const message = \`Failed to generate with the primary provider; older images: \${listed}\`;
    void error;
    return { content: [{ type: "text", text: message }], isError: true };`),
      errors: [{ messageId: "missingIsError", line: 18, column: 12 }],
    },
    {
      name: "a failure's text given to the file's plain result builder in a handler's catch",
      filename: SERVER_FILE,
      code: marketTool("return textResult(`Error fetching market: ${reason}`);"),
      errors: [
        {
          messageId: "failureThroughPlainBuilder",
          data: { builder: "textResult" },
          line: 14,
          column: 12,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: marketTool('return { content: [{ type: "text", text: `Error: Error fetching market: ${reason}` }], isError: true };'),
            },
          ],
        },
      ],
    },
    {
      name: "an error text given to a plain builder in a tool file, by the file's error response built on it",
      filename: TOOL_FILE,
      code: TOOL_FILE_ERROR_RESPONSE,
      errors: [
        {
          messageId: "failureThroughPlainBuilder",
          data: { builder: "createToolResponse" },
          line: 5,
          column: 10,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: TOOL_FILE_ERROR_RESPONSE.replace(
                "createToolResponse(`Error: ${message}`)",
                '{ content: [{ type: "text", text: `Error: ${message}` }], isError: true }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a failure given to a plain result builder that is a method of the server's class",
      filename: SERVER_FILE,
      code: marketServer("return this.textResult(`Error fetching market: ${String(error)}`);"),
      errors: [
        {
          messageId: "failureThroughPlainBuilder",
          data: { builder: "this.textResult" },
          line: 12,
          column: 16,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: marketServer(
                'return { content: [{ type: "text", text: `Error: Error fetching market: ${String(error)}` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a failure given to a builder of the JSON of its data: the data says it failed; no error result is suggested",
      filename: SERVER_FILE,
      code: PACKAGE_TOOL('{ error: `Failed to fetch package: ${error instanceof Error ? error.message : "Unknown error"}` }'),
      errors: [{ messageId: "failureThroughPlainBuilder", data: { builder: "createToolResponse" }, line: 15, column: 12, suggestions: [] }],
    },
    {
      name: "the caught error given to a builder of the JSON of its data as its error: no error result is suggested",
      filename: SERVER_FILE,
      code: PACKAGE_TOOL("{ error: error instanceof Error ? error.message : String(error), packageId }"),
      errors: [{ messageId: "failureThroughPlainBuilder", data: { builder: "createToolResponse" }, line: 15, column: 12, suggestions: [] }],
    },
    {
      name: "a failure given to a plain result builder that is a static method of a class of the file",
      filename: SERVER_FILE,
      code: STATIC_REPLIES,
      errors: [
        {
          messageId: "failureThroughPlainBuilder",
          data: { builder: "Replies.text" },
          line: 12,
          column: 28,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: STATIC_REPLIES.replace(
                "Replies.text(`Error fetching market: ${response.statusText}`)",
                '{ content: [{ type: "text", text: `Error: Error fetching market: ${response.statusText}` }], isError: true }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a text given to a plain result builder that fails on one branch only: reported without an error result to suggest",
      filename: SERVER_FILE,
      code: marketTool(
        "return textResult(marketAppId > 0 ? `Market ${marketAppId} skipped: ${reason}` : `Failed to read market ${marketAppId}`);",
      ),
      errors: [{ messageId: "failureThroughPlainBuilder", data: { builder: "textResult" }, line: 14, column: 12, suggestions: [] }],
    },
    {
      name: "a failure given to a plain result builder declared after the handler, with the text second",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare function runOperation(method: string): Promise<unknown>;
const server = new McpServer({ name: "commerce", version: "1.0.0" });
server.registerTool("run_operation", { description: "Run one operation" }, async ({ method }: { method: string }) => {
  const outcome = await runOperation(method);
  if (outcome === undefined) return reply(method, "Failed to run the operation: nothing came back");
  return reply(method, JSON.stringify(outcome));
});
function reply(method: string, text: string) {
  return { content: [{ type: "text" as const, text }], _meta: { method } };
}`,
      errors: [
        {
          messageId: "failureThroughPlainBuilder",
          data: { builder: "reply" },
          line: 7,
          column: 37,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare function runOperation(method: string): Promise<unknown>;
const server = new McpServer({ name: "commerce", version: "1.0.0" });
server.registerTool("run_operation", { description: "Run one operation" }, async ({ method }: { method: string }) => {
  const outcome = await runOperation(method);
  if (outcome === undefined) return { content: [{ type: "text", text: "Error: Failed to run the operation: nothing came back" }], isError: true };
  return reply(method, JSON.stringify(outcome));
});
function reply(method: string, text: string) {
  return { content: [{ type: "text" as const, text }], _meta: { method } };
}`,
            },
          ],
        },
      ],
    },

    {
      name: "a function of the file that only answers caught failures, given the caught error: its result is on the catch path",
      filename: SERVER_FILE,
      code: stackTools("handleError(error, name)"),
      errors: [{ messageId: "missingIsError", line: 6, column: 10 }],
      output: stackTools("handleError(error, name)").replace(
        "    description: `Error executing ${toolName}`,\n  };",
        "    description: `Error executing ${toolName}`,\n    isError: true,\n  };",
      ),
    },
    {
      name: "look-alike of a two-way status check: 'not authenticated' beside an answer that says 'connected' is a failure",
      filename: SERVER_FILE,
      code: stravaConnectionTool('"You are not authenticated with Strava."'),
      errors: [
        {
          messageId: "missingIsError",
          line: 10,
          column: 14,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output: stravaConnectionTool('"You are not authenticated with Strava."').replace(
                'text: "You are not authenticated with Strava." }] }',
                'text: "You are not authenticated with Strava." }], isError: true }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the look-alike of a status check: a tool that does work answers 'not authenticated' where its token is missing",
      filename: SERVER_FILE,
      code: pausePlaybackTool('{ content: [{ type: "text", text: "You are not authenticated." }] }'),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 22,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output: pausePlaybackTool('{ content: [{ type: "text", text: "You are not authenticated." }], isError: true }'),
            },
          ],
        },
      ],
    },
    {
      name: "a check's catch answering with its verdict in JSON (isValid: false): reported, only suggested",
      filename: SERVER_FILE,
      code: geneCheckTool("{ symbol, isValid: false, reason: String(error) }"),
      errors: [
        {
          messageId: "missingIsError",
          line: 11,
          column: 12,
          suggestions: [
            { messageId: "addIsError", output: geneCheckTool("{ symbol, isValid: false, reason: String(error) }", ", isError: true") },
          ],
        },
      ],
    },
    {
      name: "the look-alike: a catch answering with the JSON of the caught error alone is fixed",
      filename: SERVER_FILE,
      code: geneCheckTool("{ symbol, error: String(error) }"),
      output: geneCheckTool("{ symbol, error: String(error) }", ", isError: true"),
      errors: [{ messageId: "missingIsError", line: 11, column: 12 }],
    },
    {
      name: "a text that is the JSON of an object whose error is written text reads as an error (suggested)",
      filename: SERVER_FILE,
      code: pageLookupTool('JSON.stringify({ error: "Page not found", url })'),
      errors: [
        {
          messageId: "missingIsError",
          line: 8,
          column: 12,
          suggestions: [
            { messageId: "addIsError", output: pageLookupTool('JSON.stringify({ error: "Page not found", url })', ", isError: true") },
          ],
        },
      ],
    },
    {
      name: "the JSON of an object whose error is a constant bound to written text reads as an error (suggested)",
      filename: SERVER_FILE,
      code: pageReasonTool("`No page is stored under ${url}`"),
      errors: [
        {
          messageId: "missingIsError",
          line: 8,
          column: 12,
          suggestions: [{ messageId: "addIsError", output: pageReasonTool("`No page is stored under ${url}`", ", isError: true") }],
        },
      ],
    },
    {
      name: "a text built by appending to a let keeps the error text it starts from (suggested)",
      filename: SERVER_FILE,
      code: trackerErrorFormatter("text += `\\nIssue tracker API error: ${String(cause)}`"),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 10,
          suggestions: [
            {
              messageId: "addIsError",
              output: trackerErrorFormatter("text += `\\nIssue tracker API error: ${String(cause)}`", ", isError: true"),
            },
          ],
        },
      ],
    },
    {
      name: "a function that answers with tool results, one of them through the file's result builder: its catch is a failure path",
      filename: "src/weather/search.ts",
      code: weatherSearchModule("toResult(await response.text())"),
      output: weatherSearchModule("toResult(await response.text())").replace(
        "String(error)}` }] };",
        "String(error)}` }], isError: true };",
      ),
      errors: [{ messageId: "missingIsError", line: 9, column: 12 }],
    },
    {
      name: "a function that answers only with tool results, outside tool files and handlers: its catch is a failure path",
      filename: CALENDAR_FILE,
      code: acceptEventModule(MISSING_EVENT_ID, EVENT_FAILURE),
      errors: [
        {
          messageId: "missingIsError",
          line: 4,
          column: 29,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output: acceptEventModule(MISSING_EVENT_ID.replace(" }] }", " }], isError: true }"), EVENT_FAILURE),
            },
          ],
        },
        { messageId: "missingIsError", line: 10, column: 12 },
      ],
      output: acceptEventModule(MISSING_EVENT_ID, EVENT_FAILURE, ", isError: true"),
    },
    ...[
      ["a missing value with a text saying it was not found", "`Page ${url} not found`"],
      ["a missing binding with a text saying it is not available", '"Page storage not available"'],
      ["a missing value with a text saying the caller is not authenticated", '"You are not authenticated. Sign in to read pages."'],
      ["a missing value with a text saying what the caller must provide", "\"Must provide either 'url' or 'pageId'.\""],
      ["a missing value with a text asking the caller to provide it", '"Please provide the url of a page that was fetched before."'],
      ["a missing value with a text opening with what is missing", "\"Missing 'url'. Example: { url: 'https://example.com' }\""],
      ["a missing binding with a text saying it is not set", '"Page storage credentials not set. Run configure_storage first."'],
      ["a missing value with a text that asks for it", '"Provide the url of a fetched page, or a pageId."'],
    ].map(([what, text]) => ({
      name: `a guard that answers ${what}: only suggested`,
      filename: SERVER_FILE,
      code: pageGuardTool(`if (!page) return { content: [{ type: "text", text: ${text} }] };`),
      errors: [
        {
          messageId: "missingIsError" as const,
          line: 6,
          column: 21,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError" as const,
              output: pageGuardTool(`if (!page) return { content: [{ type: "text", text: ${text} }], isError: true };`),
            },
          ],
        },
      ],
    })),
    ...[
      ["says what was found, not that it exists", '"Found the image"'],
      ["says it already exists, a failure of its own", '"The image already exists"'],
    ].map(([what, other]) => ({
      name: `look-alike of an existence check: the other answer ${what}`,
      filename: SERVER_FILE,
      code: registryImageTool(other, '"Image not found in the Fly.io registry"'),
      errors: [
        {
          messageId: "missingIsError" as const,
          line: 11,
          column: 12,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError" as const,
              output: registryImageTool(other, '"Image not found in the Fly.io registry"').replace(
                '"Push it with push_image first."].join("\\n") }] };',
                '"Push it with push_image first."].join("\\n") }], isError: true };',
              ),
            },
          ],
        },
      ],
    })),
    {
      name: "a conditional on the value whose branch where it is missing says so: isError only there, suggested",
      filename: SERVER_FILE,
      code: pageGuardTool(PAGE_OR_NOT_FOUND),
      errors: [
        {
          messageId: "missingIsError",
          line: 6,
          column: 10,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addConditionalIsError",
              output: pageGuardTool(PAGE_OR_NOT_FOUND.replace(" }] };", " }], isError: !page };")),
            },
          ],
        },
      ],
    },
    {
      name: "a failure reported as the JSON of an object that a constant holds",
      filename: SERVER_FILE,
      code: snapshotTool(SNAPSHOT_NOT_FOUND),
      errors: [
        {
          messageId: "missingIsError",
          line: 10,
          column: 12,
          suggestions: [{ messageId: "addIsError", output: snapshotTool(SNAPSHOT_NOT_FOUND, { isError: ", isError: true" }) }],
        },
      ],
    },
    {
      name: "a failure's text joined from lines whose first, written in the array, reads as an error",
      filename: SERVER_FILE,
      code: gaqlTool(FAILED_QUERY_LINE),
      errors: [
        {
          messageId: "missingIsError",
          line: 13,
          column: 12,
          suggestions: [{ messageId: "addIsError", output: gaqlTool(FAILED_QUERY_LINE, { isError: ", isError: true" }) }],
        },
      ],
    },
    {
      name: "the else of an optional chain's test that the value is there (page?.html), saying it was not found",
      filename: SERVER_FILE,
      code: registeredTool(`  const page = await pages.find(url);
  if (page?.html) return { content: [{ type: "text", text: page.html }] };
  else return { content: [{ type: "text", text: \`Page \${url} not found\` }] };`),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 15,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output: registeredTool(`  const page = await pages.find(url);
  if (page?.html) return { content: [{ type: "text", text: page.html }] };
  else return { content: [{ type: "text", text: \`Page \${url} not found\` }], isError: true };`),
            },
          ],
        },
      ],
    },
    {
      name: "after an if that returns where the value is there, without else, a text saying it was not found",
      filename: SERVER_FILE,
      code: pageGuardTool(`if (page) return { content: [{ type: "text", text: page.html }] };
  return { content: [{ type: "text", text: "Page not found in the cache. Fetch it first." }] };`),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 10,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output: pageGuardTool(`if (page) return { content: [{ type: "text", text: page.html }] };
  return { content: [{ type: "text", text: "Page not found in the cache. Fetch it first." }], isError: true };`),
            },
          ],
        },
      ],
    },
    {
      name: "the else of a test that the value is there, and a type check of the input, saying what is required",
      filename: SERVER_FILE,
      code: registeredTool(`  if (typeof url !== "string") return { content: [{ type: "text", text: "A url is required" }] };
  const page = await pages.find(url);
  if (page !== undefined) return { content: [{ type: "text", text: page.html }] };
  else return { content: [{ type: "text", text: \`\${url} does not exist\` }] };`),
      errors: [
        {
          messageId: "missingIsError",
          line: 5,
          column: 39,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output:
                registeredTool(`  if (typeof url !== "string") return { content: [{ type: "text", text: "A url is required" }], isError: true };
  const page = await pages.find(url);
  if (page !== undefined) return { content: [{ type: "text", text: page.html }] };
  else return { content: [{ type: "text", text: \`\${url} does not exist\` }] };`),
            },
          ],
        },
        {
          messageId: "missingIsError",
          line: 8,
          column: 15,
          data: { evidence: ABSENCE },
          suggestions: [
            {
              messageId: "addIsError",
              output: registeredTool(`  if (typeof url !== "string") return { content: [{ type: "text", text: "A url is required" }] };
  const page = await pages.find(url);
  if (page !== undefined) return { content: [{ type: "text", text: page.html }] };
  else return { content: [{ type: "text", text: \`\${url} does not exist\` }], isError: true };`),
            },
          ],
        },
      ],
    },
    {
      name: "a follow-up step's catch, after the work before it succeeded, answering a text that names no failure: only suggested",
      filename: SERVER_FILE,
      code: RENDER_REPORT_TOOL('"Rendering has not finished yet; ask again shortly."'),
      errors: [
        {
          messageId: "missingIsError",
          line: 10,
          column: 14,
          suggestions: [
            {
              messageId: "addIsError",
              output: RENDER_REPORT_TOOL('"Rendering has not finished yet; ask again shortly."', ", isError: true"),
            },
          ],
        },
      ],
    },
    {
      name: "look-alike of a follow-up step: a text that names the failure is fixed",
      filename: SERVER_FILE,
      code: RENDER_REPORT_TOOL("`Could not render report ${report.id}`"),
      output: RENDER_REPORT_TOOL("`Could not render report ${report.id}`", ", isError: true"),
      errors: [{ messageId: "missingIsError", line: 10, column: 14 }],
    },
    {
      name: "look-alike of a partial success: the earlier work's result with the caught error in the first line is fixed",
      filename: SERVER_FILE,
      code: RENDER_REPORT_TOOL("`Report ${report.id}: ${String(pollError)}`"),
      output: RENDER_REPORT_TOOL("`Report ${report.id}: ${String(pollError)}`", ", isError: true"),
      errors: [{ messageId: "missingIsError", line: 10, column: 14 }],
    },
    {
      name: "a bundled document that names a failure only on a later line is a fallback answer: only suggested",
      filename: SERVER_FILE,
      code: CHECKLIST_TOOL("# API review checklist\\n\\n- Every endpoint documents its success and error cases."),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 12,
          suggestions: [
            {
              messageId: "addIsError",
              output: CHECKLIST_TOOL(
                "# API review checklist\\n\\n- Every endpoint documents its success and error cases.",
                ", isError: true",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "look-alike of a bundled document: a constant whose first line names the failure is fixed",
      filename: SERVER_FILE,
      code: CHECKLIST_TOOL("Could not load the API checklist.\\nAsk the platform team for a copy."),
      output: CHECKLIST_TOOL("Could not load the API checklist.\\nAsk the platform team for a copy.", ", isError: true"),
      errors: [{ messageId: "missingIsError", line: 7, column: 12 }],
    },
    {
      name: "a callback a local registrar registers through the long form of a wrapper: its catch's plain text is a success",
      filename: SERVER_FILE,
      code: ANALYZER_REGISTRAR("server.registerTool(name, { description }, (args: { analyzer: string }) => asText(cb)(args));"),
      errors: [
        {
          messageId: "successStringInCatch",
          line: 20,
          column: 12,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: ANALYZER_REGISTRAR(
                "server.registerTool(name, { description }, (args: { analyzer: string }) => asText(cb)(args));",
              ).replace(
                "return `Error executing Davis analyzer: ${String(error)}`;",
                'return { content: [{ type: "text", text: `Error: Error executing Davis analyzer: ${String(error)}` }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a success returned from a try inside a catch is that try's success path; the inner catch's text is the failure",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        try {
          return { content: [{ type: "text", text: \`Listed the parent of \${args.dir}: \${(await deps.list(".")).join(", ")}\` }] };
        } catch {
          return { content: [{ type: "text", text: \`Could not list \${args.dir} or its parent\` }] };
        }
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        try {
          return { content: [{ type: "text", text: \`Listed the parent of \${args.dir}: \${(await deps.list(".")).join(", ")}\` }] };
        } catch {
          return { content: [{ type: "text", text: \`Could not list \${args.dir} or its parent\` }], isError: true };
        }
      }`),
      errors: [{ messageId: "missingIsError", line: 12, column: 18 }],
    },
    {
      name: "a branch for one kind of caught error whose text names no failure is only suggested; the general answer is fixed",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes("ENOTDIR")) {
          return { content: [{ type: "text", text: \`\${args.dir} is a file, not a directory\` }] };
        }
        return { content: [{ type: "text", text: \`Listing \${args.dir} stopped: \${message}\` }] };
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes("ENOTDIR")) {
          return { content: [{ type: "text", text: \`\${args.dir} is a file, not a directory\` }] };
        }
        return { content: [{ type: "text", text: \`Listing \${args.dir} stopped: \${message}\` }], isError: true };
      }`),
      errors: [
        {
          messageId: "missingIsError",
          line: 11,
          column: 18,
          suggestions: [
            {
              messageId: "addIsError",
              output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes("ENOTDIR")) {
          return { content: [{ type: "text", text: \`\${args.dir} is a file, not a directory\` }], isError: true };
        }
        return { content: [{ type: "text", text: \`Listing \${args.dir} stopped: \${message}\` }] };
      }`),
            },
          ],
        },
        { messageId: "missingIsError", line: 13, column: 16 },
      ],
    },
    {
      name: "a probe's verdict (a catch that never reads its error, beside a try answering a constant text) is only suggested",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        new URL(args.dir);
        return { content: [{ type: "text", text: "valid" }] };
      } catch {
        return { content: [{ type: "text", text: "invalid" }] };
      }`),
      errors: [
        {
          messageId: "missingIsError",
          line: 10,
          column: 16,
          suggestions: [
            {
              messageId: "addIsError",
              output: listFilesTool(`      try {
        new URL(args.dir);
        return { content: [{ type: "text", text: "valid" }] };
      } catch {
        return { content: [{ type: "text", text: "invalid" }], isError: true };
      }`),
            },
          ],
        },
      ],
    },
    {
      name: "a catch whose text is a let it gives only written text or the caught error, in branches, describes the failure",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (error) {
        let message = "Could not list the directory";
        if (error instanceof Error) message = \`Could not list \${args.dir}: \${error.message}\`;
        return { content: [{ type: "text", text: message }] };
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (error) {
        let message = "Could not list the directory";
        if (error instanceof Error) message = \`Could not list \${args.dir}: \${error.message}\`;
        return { content: [{ type: "text", text: message }], isError: true };
      }`),
      errors: [{ messageId: "missingIsError", line: 11, column: 16 }],
    },
    {
      name: "a catch whose text is a literal, or computed from the caught error, is not a fallback",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        if (err instanceof NotFound) return { content: [{ type: "text", text: "The directory is unreachable" }] };
        const reason = err instanceof Error ? err.message : String(err);
        if (reason.includes("EACCES")) return { content: [{ type: "text", text: describeFailure(reason) }] };
        return { content: [{ type: "text", text: JSON.stringify({ dir: args.dir, error: err }) }] };
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        if (err instanceof NotFound) return { content: [{ type: "text", text: "The directory is unreachable" }], isError: true };
        const reason = err instanceof Error ? err.message : String(err);
        if (reason.includes("EACCES")) return { content: [{ type: "text", text: describeFailure(reason) }], isError: true };
        return { content: [{ type: "text", text: JSON.stringify({ dir: args.dir, error: err }) }], isError: true };
      }`),
      errors: [
        { messageId: "missingIsError", line: 9, column: 45 },
        { messageId: "missingIsError", line: 11, column: 47 },
        { messageId: "missingIsError", line: 12, column: 16 },
      ],
    },
    {
      name: "a text that says what failed (Error taking screenshot: ...) outside a catch is an error text",
      filename: SERVER_FILE,
      code: registeredTool(`  const result = await browser.screenshot(url);
  if (!result.ok) return { content: [{ type: "text", text: \`Error taking screenshot: \${result.error}\` }] };
  return { content: [{ type: "image", data: result.data, mimeType: "image/png" }] };`),
      errors: [
        {
          messageId: "missingIsError",
          line: 6,
          column: 26,
          suggestions: [
            {
              messageId: "addIsError",
              output: registeredTool(`  const result = await browser.screenshot(url);
  if (!result.ok) return { content: [{ type: "text", text: \`Error taking screenshot: \${result.error}\` }], isError: true };
  return { content: [{ type: "image", data: result.data, mimeType: "image/png" }] };`),
            },
          ],
        },
      ],
    },
    {
      name: "a result returned where the input failed validation (!parsed.success of safeParse), with a suggestion",
      filename: SERVER_FILE,
      code: validatedTool('return { content: [{ type: "text", text: "Invalid URL, please fix the format: " + parsed.error.message }] };'),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 12,
          data: { evidence: "it is returned where the input failed validation" },
          suggestions: [
            {
              messageId: "addIsError",
              output: validatedTool(
                'return { content: [{ type: "text", text: "Invalid URL, please fix the format: " + parsed.error.message }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a failed check of the input answered with a text that rejects it (Invalid ..., Unknown ...), with suggestions",
      filename: SERVER_FILE,
      code: categoryTool(BAD_COLOR, UNKNOWN_ACTION),
      errors: [
        {
          messageId: "missingIsError",
          line: 9,
          column: 12,
          data: { evidence: "it is returned where the input failed validation" },
          suggestions: [
            {
              messageId: "addIsError",
              output: categoryTool(BAD_COLOR, UNKNOWN_ACTION).replace(`text: ${BAD_COLOR} }] }`, `text: ${BAD_COLOR} }], isError: true }`),
            },
          ],
        },
        {
          messageId: "missingIsError",
          line: 13,
          column: 12,
          data: { evidence: "it is returned where the input failed validation" },
          suggestions: [
            {
              messageId: "addIsError",
              output: categoryTool(BAD_COLOR, UNKNOWN_ACTION).replace(
                `text: ${UNKNOWN_ACTION} }] }`,
                `text: ${UNKNOWN_ACTION} }], isError: true }`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "an error text after decoration (an emoji, one with a variation selector) reads as an error, outside a catch",
      filename: SERVER_FILE,
      code: registeredTool(DECORATED_FAILURES),
      errors: [
        { line: 6, column: 23, textEnd: 'user ID" }] }' },
        { line: 7, column: 28, textEnd: "${url}\` }] }" },
      ].map(({ line, column, textEnd }) => ({
        messageId: "missingIsError" as const,
        line,
        column,
        data: { evidence: "its text reads as an error" },
        suggestions: [
          {
            messageId: "addIsError" as const,
            output: registeredTool(DECORATED_FAILURES.replace(textEnd, textEnd.replace("}] }", "}], isError: true }"))),
          },
        ],
      })),
    },
    {
      name: "a tool result that says success: false of itself, with a suggestion",
      filename: SERVER_FILE,
      code: deployTool(DEPLOY_FAILED),
      errors: [
        {
          messageId: "missingIsError",
          line: 9,
          column: 12,
          data: { evidence: "it says it failed (`success: false` or `ok: false`)" },
          suggestions: [{ messageId: "addIsError", output: deployTool(DEPLOY_FAILED.replace("}] };", "}], isError: true };")) }],
        },
      ],
    },
    ...[
      { what: "the name its if tested", answer: FOUND_ERROR, column: 21 },
      { what: "the member its if tested (beside another test)", answer: FOUND_RESULT_ERROR, column: 52 },
    ].map(({ what, answer, column }) => ({
      name: `the JSON of an error that the branch found: ${what}, with a suggestion`,
      filename: SERVER_FILE,
      code: positionsTool(answer),
      errors: [
        {
          messageId: "missingIsError" as const,
          line: 9,
          column,
          data: { evidence: "its text reads as an error" },
          suggestions: [{ messageId: "addIsError" as const, output: positionsTool(answer.replace(") }] };", ") }], isError: true };")) }],
        },
      ],
    })),
    {
      name: "a text that opens by saying the tool could not do its work (Failed to ...), outside a catch",
      filename: SERVER_FILE,
      code: registeredTool(`  const page = await fetchPage(url);
  if (!page) return { content: [{ type: "text", text: "Failed to fetch the page" }] };
  return { content: [{ type: "text", text: page.html }] };`),
      errors: [
        {
          messageId: "missingIsError",
          line: 6,
          column: 21,
          suggestions: [
            {
              messageId: "addIsError",
              output: registeredTool(`  const page = await fetchPage(url);
  if (!page) return { content: [{ type: "text", text: "Failed to fetch the page" }], isError: true };
  return { content: [{ type: "text", text: page.html }] };`),
            },
          ],
        },
      ],
    },
    {
      name: "a constant that holds a conditional whose one branch is an error text, outside a catch",
      filename: SERVER_FILE,
      code: registeredTool(`  const result = await browser.screenshot(url);
  const message = result.missing ? \`Not found: \${url}\` : \`Error: \${String(result.error)}\`;
  if (!result.ok) return { content: [{ type: "text", text: message }] };
  return { content: [{ type: "image", data: result.data, mimeType: "image/png" }] };`),
      errors: [
        {
          messageId: "missingIsError",
          line: 7,
          column: 26,
          suggestions: [
            {
              messageId: "addIsError",
              output: registeredTool(`  const result = await browser.screenshot(url);
  const message = result.missing ? \`Not found: \${url}\` : \`Error: \${String(result.error)}\`;
  if (!result.ok) return { content: [{ type: "text", text: message }], isError: true };
  return { content: [{ type: "image", data: result.data, mimeType: "image/png" }] };`),
            },
          ],
        },
      ],
    },
    {
      name: "a catch that never reads its error and answers with a text naming no failure may be a probe: a suggestion, not a fix",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        await deps.list(args.dir);
      } catch {
        return { content: [{ type: "text", text: "Queue is empty (queue file does not exist)" }] };
      }
      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        return { content: [{ type: "text", text: \`Could not read the queue in \${args.dir}\` }] };
      }`),
      output: listFilesTool(`      try {
        await deps.list(args.dir);
      } catch {
        return { content: [{ type: "text", text: "Queue is empty (queue file does not exist)" }] };
      }
      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        return { content: [{ type: "text", text: \`Could not read the queue in \${args.dir}\` }], isError: true };
      }`),
      errors: [
        {
          messageId: "missingIsError",
          line: 9,
          column: 16,
          suggestions: [
            {
              messageId: "addIsError",
              output: listFilesTool(`      try {
        await deps.list(args.dir);
      } catch {
        return { content: [{ type: "text", text: "Queue is empty (queue file does not exist)" }], isError: true };
      }
      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        return { content: [{ type: "text", text: \`Could not read the queue in \${args.dir}\` }] };
      }`),
            },
          ],
        },
        { messageId: "missingIsError", line: 14, column: 16 },
      ],
    },
    {
      name: "a result bound to a const and returned from the catch",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        const failure = { content: [{ type: "text", text: \`Cannot list \${args.dir}\` }] };
        return failure;
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        const failure = { content: [{ type: "text", text: \`Cannot list \${args.dir}\` }], isError: true };
        return failure;
      }`),
      errors: [{ messageId: "missingIsError", line: 9, column: 25 }],
    },
    {
      name: "isError: false with an error text, when no assignment in the same function marks it",
      filename: TOOL_FILE,
      code: listFilesTool(`      const result = { content: [{ type: "text", text: "Error: nothing listed yet" }], isError: false };
      const markLater = () => {
        result.isError = true;
      };
      deps.onFailure(markLater);
      return result;`),
      errors: [
        {
          messageId: "isErrorNotTrue",
          line: 6,
          column: 97,
          suggestions: [
            {
              messageId: "setIsErrorTrue",
              output: listFilesTool(`      const result = { content: [{ type: "text", text: "Error: nothing listed yet" }], isError: true };
      const markLater = () => {
        result.isError = true;
      };
      deps.onFailure(markLater);
      return result;`),
            },
          ],
        },
      ],
    },
    {
      name: "a catch returning content without isError (multi-line, trailing comma): autofix",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return {
          content: [{ type: "text", text: \`Error listing \${args.dir}: \${String(err)}\` }],
        };
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return {
          content: [{ type: "text", text: \`Error listing \${args.dir}: \${String(err)}\` }],
          isError: true,
        };
      }`),
      errors: [{ messageId: "missingIsError", line: 9, column: 16 }],
    },
    {
      name: "multi-line without trailing comma, with a comment after the last property",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return {
          content: [{ type: "text", text: \`Could not list \${args.dir}\` }] // the model reads this
        };
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return {
          content: [{ type: "text", text: \`Could not list \${args.dir}\` }], // the model reads this
          isError: true
        };
      }`),
      errors: [{ messageId: "missingIsError", line: 9, column: 16 }],
    },
    {
      name: "single-line results, with and without a trailing comma",
      filename: SERVER_FILE,
      code: registeredTool(`  try {
    return { content: [{ type: "text", text: await fetchPage(url) }] };
  } catch (err) {
    if (err instanceof TimeoutError) return { content: [{ type: "text", text: "Timed out" }], };
    return { content: [{ type: "text", text: String(err) }], structuredContent: { url } };
  }`),
      output: registeredTool(`  try {
    return { content: [{ type: "text", text: await fetchPage(url) }] };
  } catch (err) {
    if (err instanceof TimeoutError) return { content: [{ type: "text", text: "Timed out" }], isError: true, };
    return { content: [{ type: "text", text: String(err) }], structuredContent: { url }, isError: true };
  }`),
      errors: [
        { messageId: "missingIsError", line: 8, column: 45 },
        { messageId: "missingIsError", line: 9, column: 12 },
      ],
    },
    {
      name: "with as const and satisfies CallToolResult, nested in a ternary",
      filename: TOOL_FILE,
      code: `
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export async function listFiles(dir: string): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: (await readdir(dir)).join("\\n") }] };
  } catch (err) {
    return err instanceof NotFoundError
      ? ({ content: [{ type: "text" as const, text: \`No such directory: \${dir}\` }] } as const)
      : ({ content: [{ type: "text", text: String(err) }] } satisfies CallToolResult);
  }
}`,
      output: `
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export async function listFiles(dir: string): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: (await readdir(dir)).join("\\n") }] };
  } catch (err) {
    return err instanceof NotFoundError
      ? ({ content: [{ type: "text" as const, text: \`No such directory: \${dir}\` }], isError: true } as const)
      : ({ content: [{ type: "text", text: String(err) }], isError: true } satisfies CallToolResult);
  }
}`,
      errors: [
        { messageId: "missingIsError", line: 8, column: 10 },
        { messageId: "missingIsError", line: 9, column: 10 },
      ],
    },
    {
      name: "a .catch() callback with an arrow expression body, and the second callback of .then",
      filename: TOOL_FILE,
      code: `
export function createFetchTool(deps: { fetch(url: string): Promise<string> }) {
  return {
    schema: { name: "fetch", description: "Fetch a URL", inputSchema: { type: "object" } },
    handler: (args: { url: string }) =>
      deps
        .fetch(args.url)
        .then((body) => ({ content: [{ type: "text", text: body }] }), () => ({ content: [{ type: "text", text: "unreachable" }] }))
        .catch((err: unknown) => ({ content: [{ type: "text", text: String(err) }] })),
  };
}`,
      output: `
export function createFetchTool(deps: { fetch(url: string): Promise<string> }) {
  return {
    schema: { name: "fetch", description: "Fetch a URL", inputSchema: { type: "object" } },
    handler: (args: { url: string }) =>
      deps
        .fetch(args.url)
        .then((body) => ({ content: [{ type: "text", text: body }] }), () => ({ content: [{ type: "text", text: "unreachable" }], isError: true }))
        .catch((err: unknown) => ({ content: [{ type: "text", text: String(err) }], isError: true })),
  };
}`,
      errors: [
        { messageId: "missingIsError", line: 8, column: 79 },
        { messageId: "missingIsError", line: 9, column: 35 },
      ],
    },
    {
      name: "an error text outside a catch: a suggestion, since the text alone could be a report",
      filename: SERVER_FILE,
      code: registeredTool(FETCH_PAGE.join("\n")),
      errors: [
        {
          messageId: "missingIsError",
          line: 5,
          column: 43,
          suggestions: [{ messageId: "addIsError", output: registeredTool(withLine(FETCH_PAGE, 0, FETCH_PAGE_FIXED[0])) }],
        },
        {
          messageId: "missingIsError",
          line: 7,
          column: 10,
          // The text fails on one branch of its conditional: `isError` follows the test.
          suggestions: [
            {
              messageId: "addConditionalIsError",
              data: { value: "!page.ok" },
              output: registeredTool(withLine(FETCH_PAGE, 2, FETCH_PAGE_FIXED[1])),
            },
          ],
        },
      ],
    },
    {
      name: "a status tool's conditional text that fails on its first branch: isError follows the test, negated twice",
      filename: SERVER_FILE,
      code: registeredTool(
        '  const status = await ping(url);\n  return { content: [{ type: "text", text: status.code >= 500 ? "Failed to reach Photoshop" : "Photoshop is reachable" }] };',
      ),
      errors: [
        {
          messageId: "missingIsError",
          line: 6,
          column: 10,
          suggestions: [
            {
              messageId: "addConditionalIsError",
              data: { value: "!!(status.code >= 500)" },
              output: registeredTool(
                '  const status = await ping(url);\n  return { content: [{ type: "text", text: status.code >= 500 ? "Failed to reach Photoshop" : "Photoshop is reachable" }], isError: !!(status.code >= 500) };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the configured prefix and errorTextPattern are text evidence",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { errorPrefix: "Failed: ", errorTextPattern: "^\\[denied\\]" } },
      code: `\n${CUSTOM_TEXTS.join("\n")}`,
      errors: [
        {
          messageId: "missingIsError",
          line: 2,
          column: 24,
          suggestions: [
            {
              messageId: "addIsError",
              output: `\n${withLine(CUSTOM_TEXTS, 0, 'export const timeout = { content: [{ type: "text", text: "Failed: timed out" }], isError: true };')}`,
            },
          ],
        },
        {
          messageId: "missingIsError",
          line: 3,
          column: 23,
          suggestions: [
            {
              messageId: "addIsError",
              output: `\n${withLine(CUSTOM_TEXTS, 1, 'export const denied = { content: [{ type: "text", text: "[denied] no token" }], isError: true };')}`,
            },
          ],
        },
      ],
    },
    {
      name: "isError: false on a result returned from catch",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Cannot list \${args.dir}\` }], isError: false };
      }`),
      errors: [
        {
          messageId: "isErrorNotTrue",
          line: 9,
          column: 89,
          suggestions: [
            {
              messageId: "setIsErrorTrue",
              output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Cannot list \${args.dir}\` }], isError: true };
      }`),
            },
          ],
        },
      ],
    },
    {
      name: "isError as a string, a number or null: always, spreads included",
      filename: SERVER_FILE,
      code: `\n${LITERAL_IS_ERROR.join("\n")}`,
      errors: [
        { line: 2, column: 72 },
        { line: 3, column: 88 },
        { line: 4, column: 42 },
      ].map(({ line, column }, index) => ({
        messageId: "isErrorNotTrue" as const,
        line,
        column,
        suggestions: [
          {
            messageId: "setIsErrorTrue" as const,
            output: `\n${withLine(LITERAL_IS_ERROR, index, (LITERAL_IS_ERROR[index] ?? "").replace(/isError: [^ ]+ \}/u, "isError: true }"))}`,
          },
        ],
      })),
    },
    {
      name: "isError on the content item: moved to the result, reported once (not also missingIsError)",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Error: \${String(err)}\`, isError: true }] };
      }`),
      output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch (err) {
        return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
      }`),
      errors: [{ messageId: "misplacedIsError", line: 9, column: 75 }],
    },
    {
      name: "isError on an item pushed into a result's content later: reported where it is, without a fix",
      filename: SERVER_FILE,
      code: registeredTool(`  const response = { content: [] as { type: "text"; text: string; isError?: boolean }[], isError: false };
  const task = await browser.runTask(url);
  if (!task.data) {
    response.content.push({ type: "text", text: "Task result data is empty/missing", isError: true });
  } else {
    response.content.push({ type: "text", text: task.data.finalResult ?? "" });
  }
  return response;`),
      errors: [{ messageId: "misplacedIsError", line: 8, column: 86 }],
    },
    {
      name: "misplaced isError first in a multi-line item, and in a multi-line result",
      filename: SERVER_FILE,
      code: registeredTool(`  const page = await fetchPage(url);
  if (!page.ok) {
    return {
      content: [
        {
          isError: true,
          type: "text",
          text: "Error: page not found",
        },
      ],
    };
  }
  return { content: [{ type: "text", text: page.body }] };`),
      output: registeredTool(`  const page = await fetchPage(url);
  if (!page.ok) {
    return {
      content: [
        {
          type: "text",
          text: "Error: page not found",
        },
      ],
      isError: true,
    };
  }
  return { content: [{ type: "text", text: page.body }] };`),
      errors: [{ messageId: "misplacedIsError", line: 10, column: 11 }],
    },
    {
      name: "a handler that answers with strings returns failures as JSON that says it failed, in its body and its catch",
      filename: SERVER_FILE,
      code: lockStateTool(LOCK_GUARD, LOCK_NOT_FOUND, LOCK_FAILURE),
      errors: [
        {
          messageId: "failureJsonString",
          line: 6,
          column: 28,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: lockStateTool(
                `{ content: [{ type: "text", text: \`Error: \${String(${LOCK_GUARD})}\` }], isError: true }`,
                LOCK_NOT_FOUND,
                LOCK_FAILURE,
              ),
            },
          ],
        },
        {
          messageId: "failureJsonString",
          line: 10,
          column: 16,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: lockStateTool(
                LOCK_GUARD,
                `{ content: [{ type: "text", text: \`Error: \${String(${LOCK_NOT_FOUND})}\` }], isError: true }`,
                LOCK_FAILURE,
              ),
            },
          ],
        },
        {
          messageId: "successStringInCatch",
          line: 14,
          column: 14,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: lockStateTool(
                LOCK_GUARD,
                LOCK_NOT_FOUND,
                `{ content: [{ type: "text", text: \`Error: \${String(${LOCK_FAILURE})}\` }], isError: true }`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a tool result whose text is JSON that says success: false reads as an error (suggested)",
      filename: SERVER_FILE,
      code: pageLookupTool("JSON.stringify({ success: false, url })"),
      errors: [
        {
          messageId: "missingIsError",
          line: 8,
          column: 12,
          suggestions: [{ messageId: "addIsError", output: pageLookupTool("JSON.stringify({ success: false, url })", ", isError: true") }],
        },
      ],
    },
    {
      name: "a handler's catch that returns the JSON of data built from the caught error (FastMCP's execute)",
      filename: SERVER_FILE,
      code: GET_RECORD_TOOL('JSON.stringify(formatErrorResponse(error, { tool: "get_record" }), null, 2)'),
      errors: [
        {
          messageId: "successStringInCatch",
          line: 14,
          column: 14,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: GET_RECORD_TOOL(
                '{ content: [{ type: "text", text: `Error: ${String(JSON.stringify(formatErrorResponse(error, { tool: "get_record" }), null, 2))}` }], isError: true }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a string-answering handler returns an error text outside a catch: a success text",
      filename: SERVER_FILE,
      code: LABEL_TOOL_FASTMCP('    if (messageIds.length === 0) return "Error: At least one message ID must be provided";'),
      errors: [
        {
          messageId: "failureString",
          line: 10,
          column: 41,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: LABEL_TOOL_FASTMCP(
                '    if (messageIds.length === 0) return { content: [{ type: "text", text: "Error: At least one message ID must be provided" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "mcp-framework: an error text returned from execute outside a catch is a success too; the suggestion throws it",
      filename: "src/tools/create-label.ts",
      code: LABEL_TOOL('    if (!input.name.trim()) return "Failed to create label: the name is empty";\n    return "Label created";'),
      errors: [
        {
          messageId: "failureReturnedFromMcpTool",
          line: 8,
          column: 36,
          suggestions: [
            {
              messageId: "throwError",
              output: LABEL_TOOL(
                '    if (!input.name.trim()) throw new Error("Error: Failed to create label: the name is empty");\n    return "Label created";',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a handler's catch that returns the failure as plain text (FastMCP's execute)",
      filename: SERVER_FILE,
      code: `
server.addTool({
  name: "read_note",
  parameters: schema,
  execute: async ({ id }: { id: string }) => {
    try {
      return await notes.read(id);
    } catch (error) {
      return \`Failed to read note \${id}: \${(error as Error).message}\`;
    }
  },
});`,
      errors: [
        {
          messageId: "successStringInCatch",
          line: 9,
          column: 14,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: `
server.addTool({
  name: "read_note",
  parameters: schema,
  execute: async ({ id }: { id: string }) => {
    try {
      return await notes.read(id);
    } catch (error) {
      return { content: [{ type: "text", text: \`Error: Failed to read note \${id}: \${(error as Error).message}\` }], isError: true };
    }
  },
});`,
            },
          ],
        },
      ],
    },
    {
      name: "an imported definition function given the tool's name first (meeting-mcp's createTool): its catch's plain text is a success",
      filename: "src/tools/listBots.ts",
      code: LIST_BOTS_TOOL("createTool", "`Error listing bots: ${error instanceof Error ? error.message : String(error)}`"),
      errors: [
        {
          messageId: "successStringInCatch",
          line: 14,
          column: 14,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: LIST_BOTS_TOOL(
                "createTool",
                '{ content: [{ type: "text", text: `Error: Error listing bots: ${error instanceof Error ? error.message : String(error)}` }], isError: true }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a string literal in a handler's catch: the suggestion turns a variant of the prefix into the prefix",
      filename: TOOL_FILE,
      code: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        return 'error: cannot list directory';
      }`),
      errors: [
        {
          messageId: "successStringInCatch",
          line: 9,
          column: 16,
          suggestions: [
            {
              messageId: "wrapAsErrorResult",
              output: listFilesTool(`      try {
        return { content: [{ type: "text", text: (await deps.list(args.dir)).join("\\n") }] };
      } catch {
        return { content: [{ type: "text", text: 'Error: cannot list directory' }], isError: true };
      }`),
            },
          ],
        },
      ],
    },
    {
      name: "string returns in a handler's catch: the caught error's message, String(), +, a conditional",
      filename: SERVER_FILE,
      code: gitLogTool(GIT_LOG_CATCH),
      errors: [
        {
          line: 6,
          column: 41,
          fixed:
            '    if (err instanceof GitError) return { content: [{ type: "text", text: `Error: ${String((err as GitError).message)}` }], isError: true };',
        },
        {
          line: 7,
          column: 32,
          fixed: '    if (ref === "HEAD") return { content: [{ type: "text", text: `Error: ${String(String(err))}` }], isError: true };',
        },
        {
          line: 8,
          column: 33,
          fixed:
            '    if (ref.length > 40) return { content: [{ type: "text", text: `Error: ${String("bad ref: " + ref)}` }], isError: true };',
        },
        {
          line: 9,
          column: 12,
          fixed:
            '    return { content: [{ type: "text", text: `Error: ${String(err instanceof Error ? err.message : "")}` }], isError: true };',
        },
      ].map(({ line, column, fixed }, index) => ({
        messageId: "successStringInCatch" as const,
        line,
        column,
        suggestions: [{ messageId: "wrapAsErrorResult" as const, output: gitLogTool(GIT_LOG_CATCH.with(index, fixed)) }],
      })),
    },
  ],
});
