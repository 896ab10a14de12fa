import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import rule from "../../src/rules/error-text-prefix.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";
import { gaqlTool } from "./cases/gaql-tool.js";
import { SNAPSHOT_NOT_FOUND, snapshotTool } from "./cases/snapshot-tool.js";

const ruleTester = createRuleTester();

/** An SDK server registering one tool in a server file; the callback body starts on line 5. */
const registeredTool = (body: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "forms", version: "1.0.0" });
server.registerTool("open_form", { description: "Open a form" }, async ({ id }: { id: string }) => {
${body}
});`;

/** An open_form callback whose catch answers with `failure` (line 8), after a lookup whose own `error` it may report. */
const openFormCatch = (failure: string): string =>
  registeredTool(`  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    return { content: [{ type: "text", text: ${failure} }], isError: true };
  }`);

/** A tool whose catch gives `message` to the file's helper that adds the prefix itself (line 7). */
const prefixingHelperCatch = (message: string): string => `
const fail = (reason: string) => ({ content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true });
export async function openForm(id: string) {
  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    return fail(${message});
  }
}`;

/** A catch that gives a `let` declared without a value a text on each path, `invalid` (line 10) and `other` (line 14), answered on line 16. */
const ADD_TODO_CATCH = (invalid: string, other: string): string =>
  registeredTool(`  try {
    return { content: [{ type: "text", text: await addTodo(id) }] };
  } catch (error) {
    let errorMessage: string;
    if (error instanceof z.ZodError) {
      errorMessage = ${invalid};
    } else if (error instanceof Error) {
      errorMessage = error.message;
    } else {
      errorMessage = ${other};
    }
    return { isError: true, content: [{ type: "text", text: errorMessage }] };
  }`);

/**
 * An mcp-framework tool: `MCPTool.toolCall` answers a throw from `execute` with the message as the error text; the
 * `execute` body is given (from line 8).
 */
const PAGE_TOOL = (body: string): string => `
import { MCPTool } from "mcp-framework";
import { z } from "zod";
export default class GetPageTool extends MCPTool<{ slug: string }> {
  name = "get_page";
  schema = { slug: { type: z.string(), description: "Page slug" } };
  async execute(input: { slug: string }) {
${body}
  }
  private parse(body: string): string {
    if (body === "") throw new Error("empty page");
    return body;
  }
}`;

/** A server whose tools are a class's static methods, with a static error builder `fail` (lines 11-13). */
const FORECAST_TOOLS = (missingCity: string, failed: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function fetchForecast(city: string): Promise<string | undefined>;

export class ForecastTools {
  static async forecast({ city }: { city: string }) {
    if (!city) return this.fail(${missingCity});
    const forecast = await fetchForecast(city);
    return forecast ? { content: [{ type: "text" as const, text: forecast }] } : ForecastTools.fail(${failed});
  }
  static fail(message: string) {
    return { content: [{ type: "text" as const, text: message }], isError: true };
  }
}
const server = new McpServer({ name: "weather", version: "1.0.0" });
server.registerTool("forecast", { inputSchema: { city: z.string() } }, (args) => ForecastTools.forecast(args));`;

/**
 * A forecast tool answering through an instance of a result class (`responses`, made from `made`): its `fail`
 * builds error results, its `text` successes; `missingCity` is given to `fail` on line 16, `note` to `text` on line 18.
 */
const FORECAST_RESPONSES = (missingCity: string, note = '"Forecast for today"', made = "new Responses()"): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function fetchForecast(city: string): Promise<string>;
class Responses {
  fail(message: string) {
    return { content: [{ type: "text" as const, text: message }], isError: true };
  }
  text(message: string) {
    return { content: [{ type: "text" as const, text: message }] };
  }
}
const responses = ${made};
const server = new McpServer({ name: "weather", version: "1.0.0" });
server.registerTool("forecast", { inputSchema: { city: z.string() } }, async ({ city }) => {
  if (!city) return responses.fail(${missingCity});
  const forecast = await fetchForecast(city);
  return responses.text(${note} + forecast);
});`;

/** A class-based low-level server whose error results come from its own method `errorResponse` (lines 21-23). */
function weatherServer(missingCity: string, fetchFailed: string): string {
  return `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
declare function fetchForecast(city: string): Promise<string>;

export class WeatherServer {
  private readonly server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const city = String(request.params.arguments?.city ?? "");
      if (!city) return this.errorResponse(${missingCity});
      try {
        return { content: [{ type: "text", text: await fetchForecast(city) }] };
      } catch (error) {
        return this.errorResponse(${fetchFailed});
      }
    });
  }

  private errorResponse(message: string) {
    return { content: [{ type: "text" as const, text: message }], isError: true };
  }
}`;
}

/** The ADR project's `error(message, code?)` helper, declared in the file (lines 2-4). */
const withErrorHelper = (rest: string): string => `
function error(message: string, code?: string) {
  return { content: [{ type: "text" as const, text: message }], isError: true, _meta: { code } };
}
${rest}`;

/** Error texts that already start with the word in a form of their own. */
const WORD_FORMS = [
  'export const a = { content: [{ type: "text", text: "Error getting page: 404" }], isError: true };',
  'export const b = { content: [{ type: "text", text: "❌ **Error opening form**" }], isError: true };',
  'export const c = { content: [{ type: "text", text: "Error [E42]: quota exceeded" }], isError: true };',
  // A label that names an error in another language says so in its own words too.
  'export const d = { content: [{ type: "text", text: "ツール実行エラー: 取引先が見つかりません" }], isError: true };',
  'export const e = { content: [{ type: "text", text: "오류 [NOT_FOUND]: 법령을 찾을 수 없습니다" }], isError: true };',
  'export const f = { content: [{ type: "text", text: "错误：文档不存在" }], isError: true };',
  'export const g = { content: [{ type: "text", text: "Fehler: Dokument nicht gefunden" }], isError: true };',
];

/** brave's summarizer: a result built empty, marked and given a text in each failing branch (`failure` at line 15, then a hint that is no failure's text). */
const SUMMARIZER_TOOL = (
  failure: string,
  waiting = 'response.isError = true;\n      response.content.push({ type: "text", text: "Summary not ready yet" });',
) => `
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
declare function pollForSummary(key: string): Promise<{ summary?: string[]; status: string }>;
export const execute = async (params: { key: string }) => {
  const response: CallToolResult = { content: [], isError: false };
  try {
    const { summary, status } = await pollForSummary(params.key);
    if (status === "pending") {
      ${waiting}
    } else if (summary && summary.length > 0) {
      response.content.push({ type: "text", text: summary.join("") });
    } else {
      response.isError = true;
      response.content.push({ type: "text", text: ${failure} });
      response.content.push({ type: "text", text: "Try again in a minute." });
    }
  } catch (error) {
    response.isError = true;
    response.content.push({ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` });
  }
  return response;
};`;

/** A Kubernetes tool whose delete failure answers with `text` (line 10). */
const deleteResourceTool = (text: string): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function kubectl(args: string[]): Promise<string>;
const server = new McpServer({ name: "kubernetes", version: "1.0.0" });
server.registerTool("kubectl_delete", { inputSchema: { name: z.string() } }, async ({ name }) => {
  try {
    return { content: [{ type: "text", text: await kubectl(["delete", name]) }] };
  } catch (error) {
    return { content: [{ type: "text", text: ${text} }], isError: true };
  }
});`;

const JSON_FAILURE = 'JSON.stringify({ error: String(error), resource: name, status: "failed" })';

ruleTester.run("error-text-prefix", rule, {
  valid: [
    {
      name: "near-miss of a variable given a text on each path: every written text has the prefix",
      filename: SERVER_FILE,
      code: ADD_TODO_CATCH("`Error: invalid parameters: ${error.issues.length} issues`", '"Error: an unexpected error occurred"'),
    },
    {
      name: "near-misses of a caught error after the prefix: String(err) only where err is no Error (the suggestion's own output, and after an instanceof return)",
      filename: TOOL_FILE,
      code: `${prefixingHelperCatch("err instanceof Error ? err.message : String(err)")}
export async function openDraft(id: string) {
  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    if (!(err instanceof Error)) return fail(String(err));
    return fail(err.message);
  }
}`,
    },
    {
      name: "near-misses of an instance's error-building method: its success-building twin, and a method of that name of another class",
      filename: SERVER_FILE,
      code: `${FORECAST_RESPONSES('"Error: Missing city"', '"Missing city data, using defaults; "')}
class Audit {
  fail(message: string) {
    return message.toUpperCase();
  }
}
const audit = new Audit();
audit.fail("Missing city");`,
    },
    {
      name: "near-miss of an instance's error-building method: a variable that may hold another value is not followed",
      filename: SERVER_FILE,
      code: FORECAST_RESPONSES('"Missing city"', undefined, "Math.random() > 0.5 ? new Responses() : undefined!"),
    },
    {
      name: "near-miss of an error text joined from lines: its first line, written in the array, has the prefix",
      filename: SERVER_FILE,
      code: gaqlTool("`Error: query failed (status ${res.status})`", { isError: ", isError: true" }),
    },
    {
      name: "mcp-framework: a thrown message with the prefix; one caught in execute, one in a helper method, one of a rethrown error",
      filename: "src/tools/get-page.ts",
      code: PAGE_TOOL(`    if (!input.slug.trim()) throw new Error("Error: slug must not be empty");
    try {
      if (input.slug.length > 200) throw new Error("slug too long");
      return this.parse(await (await fetch(\`https://docs.example.com/\${input.slug}\`)).text());
    } catch (error) {
      throw error;
    }`),
    },
    {
      name: "the look-alike: a thrown message in an McpServer callback is not the error text the plugin checks (no-throw-in-tool-handler reports the throw)",
      filename: SERVER_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "docs", version: "1.0.0" });
server.registerTool("get_page", { description: "Get a page" }, async ({ slug }: { slug: string }) => {
  if (!slug) throw new Error("slug must not be empty");
  return { content: [{ type: "text", text: await (await fetch(\`https://docs.example.com/\${slug}\`)).text() }] };
});`,
    },
    {
      name: "near-misses of a JSON error text: { accepted as a prefix, and the JSON of a value that is no object literal",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { acceptedErrorPrefixes: ["{"] } },
      code: deleteResourceTool(JSON_FAILURE),
    },
    {
      name: "near-miss of a JSON error text: the JSON of a value the code built elsewhere starts with no known text",
      filename: SERVER_FILE,
      code: deleteResourceTool("JSON.stringify(error)"),
    },
    {
      name: "near-miss of a template led by a constant: the constant opens with the prefix",
      filename: TOOL_FILE,
      code: `
const ERROR_HEADING = "Error: the Ghost Admin API refused the request";
export function formatErrorResponse(error: Error) {
  return { content: [{ type: "text", text: \`\${ERROR_HEADING}\\n\\n\${error.message}\` }], isError: true };
}`,
    },
    {
      name: "near-miss of a template led by a value: a call's text has no known start",
      filename: TOOL_FILE,
      code: `
export function formatErrorResponse(error: Error) {
  return { content: [{ type: "text", text: \`\${error.name} in the Ghost Admin API\\n\\n\${error.message}\` }], isError: true };
}`,
    },
    {
      name: "a method's prefixed messages; another object's method, and an instance method named as a static helper, are no helper",
      filename: SERVER_FILE,
      code: `${weatherServer('"Error: Missing city"', "`Error: Failed to fetch forecast: ${String(error)}`")}
export class ForecastCache {
  static errorResponse(message: string) {
    return { content: [{ type: "text" as const, text: message }], isError: true };
  }
  errorResponse(message: string) {
    return { content: [{ type: "text" as const, text: message }] };
  }
  stale(other: { errorResponse(message: string): unknown }) {
    return [ForecastCache.errorResponse("Error: Missing city"), this.errorResponse("Forecast expired"), other.errorResponse("Forecast expired")];
  }
}`,
    },
    {
      name: "the near-miss of a fallback: one written with the prefix, after a value of unknown text",
      filename: SERVER_FILE,
      code: registeredTool(`  const lookup = await geocoder.geocode(address);
  if (!lookup.success) return { content: [{ type: "text", text: lookup.error || "Error: geocoding failed" }], isError: true };
  return { content: [{ type: "text", text: JSON.stringify(lookup.data) }] };`),
    },
    {
      name: "texts added to a marked result beside the marking, with the prefix; one added where no statement of its block marks it is the success's",
      filename: TOOL_FILE,
      code: SUMMARIZER_TOOL(
        '"Error: unable to retrieve the summary"',
        'if (params.key === "") response.isError = true;\n      response.content.push({ type: "text", text: "Summary not ready yet" });',
      ),
    },
    {
      name: "an empty text lacks more than a prefix: error-result-content reports it, in a result and given to a helper",
      filename: SERVER_FILE,
      code: withErrorHelper(`export const blank = { content: [{ type: "text", text: "" }], isError: true };
export const spaces = { content: [{ type: "text", text: \`  \` }], isError: true };
export const fromHelper = error("");`),
    },
    {
      name: "the ADR's error result",
      filename: TOOL_FILE,
      code: registeredTool(`  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
  }`),
    },
    {
      name: "unknown static prefixes are not reported",
      filename: SERVER_FILE,
      code: registeredTool(`  const form = await forms.get(id);
  if (!form) return { content: [{ type: "text", text: \`\${id} was not found\` }], isError: true };
  if (form.locked) return { content: [{ type: "text", text: JSON.stringify(form.lock) }], isError: true };
  if (form.failed) return { content: [{ type: "text", text: form.failure.message }], isError: true };
  return { content: [{ type: "text", text: "Error" + separator + form.status }], isError: true };`),
    },
    {
      name: "success results and computed isError are not this rule's business",
      filename: SERVER_FILE,
      code: registeredTool(`  const { ok, log } = await submit(id);
  if (ok) return { content: [{ type: "text", text: "Failed checks: none" }] };
  return { content: [{ type: "text", text: "Submission rejected" }], isError: !ok };`),
    },
    {
      name: "an accepted prefix, and a message that mentions the word after the prefix",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { acceptedErrorPrefixes: ["### Error"] } },
      code: `
export const a = { content: [{ type: "text", text: "### Error\\nThe page could not be loaded." }], isError: true };
export const b = { content: [{ type: "text", text: "Error: Error getting page: 404" }], isError: true };`,
    },
    {
      name: "a project's own prefix",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorPrefix: "[ERROR] " } },
      code: `export const a = { content: [{ type: "text", text: "[ERROR] disk full" }], isError: true };`,
    },
    {
      name: "helpers: the helper's own body, prefixed messages, a prefixing helper given a plain message",
      filename: TOOL_FILE,
      code: withErrorHelper(`const fail = (reason: string) => ({ content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true });
export const calls = [error("Error: file not found", "file_not_found"), error(message), fail("timed out")];`),
    },
    {
      name: "a builder of either outcome: only a call whose isError argument is a written true is an error result",
      filename: TOOL_FILE,
      code: `
export const toolResponse = (text: string, isError: boolean = false) => ({ content: [{ type: "text" as const, text }], isError });
export async function activateDecision(id: string, failed: boolean) {
  if (failed) return toolResponse(\`Activation of \${id} was refused\`, failed);
  return toolResponse(\`Decision \${id} is active\`, false) ?? toolResponse("Activated");
}`,
    },
    {
      name: "a configured builder of either outcome, called without its failure argument",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: [{ name: "createResponse", failureArgument: 1 }] } },
      code: `
import { createResponse } from "../lib/utils.js";
export const listed = createResponse("3 channels found");`,
    },
    {
      name: "console.error is not the configured helper error()",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: ["error"] } },
      code: `console.error("listing failed"); logger.error("listing failed");`,
    },
    {
      name: "a constant that is assigned again, or a parameter, has no known start",
      filename: TOOL_FILE,
      code: `
let notice = "Nothing to report";
export function failed(reason: string) {
  notice = reason;
  return [
    { content: [{ type: "text", text: notice }], isError: true },
    { content: [{ type: "text", text: reason }], isError: true },
  ];
}`,
    },
    {
      name: "a test's expected value says what the server returns: the text is checked where the server builds it",
      filename: "src/tools/forms.test.ts",
      code: `
it("answers a locked form with an error result", async () => {
  const result = await client.callTool({ name: "open_form", arguments: { id: "locked" } });
  expect(result).toEqual({ content: [{ type: "text", text: "Form is locked" }], isError: true });
  assert.deepStrictEqual(result, { isError: true, content: [{ type: "text", text: "Form is locked" }] });
});`,
    },
    {
      name: "isError: false on a result that an assignment in another function marks",
      filename: TOOL_FILE,
      code: `
export function draft() {
  const result = { content: [{ type: "text", text: "Upload pending" }], isError: false };
  const markFailed = () => {
    result.isError = true;
  };
  return { result, markFailed };
}`,
    },
    {
      name: "a test file (testFiles) is not linted: its mock server answers as the test needs",
      filename: "src/tools/forms.test.ts",
      code: `
server.registerTool("open_form", { description: "Open a form" }, async () => {
  return { content: [{ type: "text", text: "Form is locked" }], isError: true };
});`,
    },
    {
      name: "near-misses of a caught error written after the prefix: its message, another start, and an error the code did not catch",
      filename: TOOL_FILE,
      code: `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "forms", version: "1.0.0" });
server.registerTool("open_form", { description: "Open a form" }, async ({ id }: { id: string }) => {
  const response = await fetch(\`https://forms.example.com/api/\${id}\`);
  const { error } = (await response.json()) as { error?: string };
  if (error) return { content: [{ type: "text", text: \`Error: \${error}\` }], isError: true };
  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    if (err instanceof TypeError) return { content: [{ type: "text", text: \`Error: \${err.message}\` }], isError: true };
    return { content: [{ type: "text", text: \`Error: could not render form \${id}: \${String(err)}\` }], isError: true };
  }
});`,
    },
  ],
  invalid: [
    {
      name: "a variable declared without a value and given a text on each path: each written text is checked",
      filename: SERVER_FILE,
      code: ADD_TODO_CATCH("`Invalid parameters: ${error.issues.length} issues`", '"An unexpected error occurred"'),
      output: ADD_TODO_CATCH("`Error: Invalid parameters: ${error.issues.length} issues`", '"Error: An unexpected error occurred"'),
      errors: [{ messageId: "missingPrefix", line: 16, column: 61 }],
    },
    {
      name: "an error result's text joined from lines: the first line, written in the array, is the text's beginning",
      filename: SERVER_FILE,
      code: gaqlTool('`Query failed (status ${res.status})`, res.errorText ?? ""', { isError: ", isError: true" }),
      output: gaqlTool('`Error: Query failed (status ${res.status})`, res.errorText ?? ""', { isError: ", isError: true" }),
      errors: [{ messageId: "missingPrefix", line: 13, column: 46 }],
    },
    {
      name: "mcp-framework: the message of an Error thrown in execute is the error text MCPTool answers with",
      filename: "src/tools/get-page.ts",
      code: PAGE_TOOL(`    if (!input.slug.trim()) throw new Error("slug must not be empty");
    const response = await fetch(\`https://docs.example.com/\${input.slug}\`);
    if (!response.ok) throw new McpError(ErrorCode.InternalError, \`Failed to fetch \${input.slug}\`);
    return response.text();`).replace(
        'import { z } from "zod";',
        'import { z } from "zod";\nimport { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";',
      ),
      output: PAGE_TOOL(`    if (!input.slug.trim()) throw new Error("Error: slug must not be empty");
    const response = await fetch(\`https://docs.example.com/\${input.slug}\`);
    if (!response.ok) throw new McpError(ErrorCode.InternalError, \`Error: Failed to fetch \${input.slug}\`);
    return response.text();`).replace(
        'import { z } from "zod";',
        'import { z } from "zod";\nimport { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";',
      ),
      errors: [
        { messageId: "missingPrefix", line: 9, column: 45 },
        { messageId: "missingPrefix", line: 11, column: 67 },
      ],
    },
    ...[
      {
        what: "written inline",
        code: deleteResourceTool(JSON_FAILURE),
        at: { line: 10, column: 46 },
        suggested: deleteResourceTool(`\`Error: \${${JSON_FAILURE}}\``),
      },
      {
        what: "of an object that a constant holds",
        code: snapshotTool(SNAPSHOT_NOT_FOUND, { isError: ", isError: true" }),
        at: { line: 10, column: 55 },
        suggested: snapshotTool(SNAPSHOT_NOT_FOUND, { isError: ", isError: true" }).replace(
          "text: JSON.stringify(errRes, null, 2)",
          "text: `Error: ${JSON.stringify(errRes, null, 2)}`",
        ),
      },
    ].map(({ what, code, at, suggested }) => ({
      name: `an error text written as the JSON of an object, ${what}, starts with { : reported, the prefix only suggested`,
      filename: SERVER_FILE,
      code,
      errors: [
        {
          messageId: "missingPrefix" as const,
          ...at,
          data: { prefix: '"Error: "', start: '"{..."' },
          suggestions: [{ messageId: "addPrefix" as const, data: { prefix: '"Error: "' }, output: suggested }],
        },
      ],
    })),
    {
      name: "texts added to a result's content beside the statement that marks it are its failure's",
      filename: TOOL_FILE,
      code: SUMMARIZER_TOOL('"Unable to retrieve the summary"'),
      output: SUMMARIZER_TOOL(
        '"Error: Unable to retrieve the summary"',
        'response.isError = true;\n      response.content.push({ type: "text", text: "Error: Summary not ready yet" });',
      ),
      errors: [
        { messageId: "missingPrefix", line: 10, column: 51, data: { prefix: '"Error: "', start: '"Summary not ready yet"' } },
        { messageId: "missingPrefix", line: 15, column: 51, data: { prefix: '"Error: "', start: '"Unable to retrieve t..."' } },
      ],
    },
    {
      name: "a test file that testFiles leaves out: a result the mock server returns is checked, and so is one given to a non-assertion call",
      filename: "src/tools/forms.test.ts",
      settings: { "mcp-tool-errors": { testFiles: ["**/__tests__/**"] } },
      code: `
server.registerTool("open_form", { description: "Open a form" }, async () => {
  return { content: [{ type: "text", text: "Form is locked" }], isError: true };
});
respond({ content: [{ type: "text", text: "Form is locked" }], isError: true });`,
      output: `
server.registerTool("open_form", { description: "Open a form" }, async () => {
  return { content: [{ type: "text", text: "Error: Form is locked" }], isError: true };
});
respond({ content: [{ type: "text", text: "Error: Form is locked" }], isError: true });`,
      errors: [
        { messageId: "missingPrefix", line: 3, column: 44 },
        { messageId: "missingPrefix", line: 5, column: 43 },
      ],
    },
    {
      name: "the empty branch of a conditional is left alone, the other still needs the prefix",
      filename: SERVER_FILE,
      code: `
export const a = { content: [{ type: "text", text: quiet ? "" : "Form not found" }], isError: true };`,
      output: `
export const a = { content: [{ type: "text", text: quiet ? "" : "Error: Form not found" }], isError: true };`,
      errors: [{ messageId: "missingPrefix", line: 2, column: 65, data: { prefix: '"Error: "', start: '"Form not found"' } }],
    },
    {
      name: "the written fallback of || and ?? needs the prefix; the value before it is unknown",
      filename: SERVER_FILE,
      code: registeredTool(`  const lookup = await geocoder.geocode(address);
  if (!lookup.success) return { content: [{ type: "text", text: lookup.error || "Failed to geocode the address" }], isError: true };
  if (!lookup.data) return { content: [{ type: "text", text: lookup.reason ?? \`No coordinates for \${address}\` }], isError: true };
  return { content: [{ type: "text", text: JSON.stringify(lookup.data) }] };`),
      output: registeredTool(`  const lookup = await geocoder.geocode(address);
  if (!lookup.success) return { content: [{ type: "text", text: lookup.error || "Error: Failed to geocode the address" }], isError: true };
  if (!lookup.data) return { content: [{ type: "text", text: lookup.reason ?? \`Error: No coordinates for \${address}\` }], isError: true };
  return { content: [{ type: "text", text: JSON.stringify(lookup.data) }] };`),
      errors: [
        { messageId: "missingPrefix", line: 6, column: 81, data: { prefix: '"Error: "', start: '"Failed to geocode th..."' } },
        { messageId: "missingPrefix", line: 7, column: 79, data: { prefix: '"Error: "', start: '"No coordinates for ..."' } },
      ],
    },
    {
      name: "a nested conditional: one report on the text, the fix mends every branch",
      filename: SERVER_FILE,
      code: registeredTool(`  const form = await forms.get(id);
  return {
    content: [{ type: "text", text: !form ? "Form not found" : form.locked ? \`error: \${id} is locked\` : "Form is archived" }],
    isError: true,
  };`),
      output: registeredTool(`  const form = await forms.get(id);
  return {
    content: [{ type: "text", text: !form ? "Error: Form not found" : form.locked ? \`Error: \${id} is locked\` : "Error: Form is archived" }],
    isError: true,
  };`),
      errors: [{ messageId: "missingPrefix", line: 7, column: 37, data: { prefix: '"Error: "', start: '"Form not found"' } }],
    },
    {
      name: "the message quotes how a long or partly known text starts",
      filename: SERVER_FILE,
      code: `
export const a = { content: [{ type: "text", text: "Failed to fetch the repository list from GitHub" }], isError: true };
export const b = { content: [{ type: "text", text: \`Upload failed: \${reason}\` }], isError: true };`,
      output: `
export const a = { content: [{ type: "text", text: "Error: Failed to fetch the repository list from GitHub" }], isError: true };
export const b = { content: [{ type: "text", text: \`Error: Upload failed: \${reason}\` }], isError: true };`,
      errors: [
        { messageId: "missingPrefix", line: 2, column: 52, data: { prefix: '"Error: "', start: '"Failed to fetch the..."' } },
        { messageId: "missingPrefix", line: 3, column: 52, data: { prefix: '"Error: "', start: '"Upload failed: ..."' } },
      ],
    },
    {
      name: "texts through constants: the literal is fixed when it has one use, only reported when shared",
      filename: TOOL_FILE,
      code: `
const NOT_FOUND = "Form not found";
const LOCKED = \`Form is locked\`;
const LOCKED_TEXT = LOCKED;
export const notFound = { content: [{ type: "text", text: NOT_FOUND }], isError: true };
export const locked = { content: [{ type: "text", text: LOCKED_TEXT }], isError: true };
export const lockedAgain = { content: [{ type: "text", text: LOCKED + " again" }], isError: true };`,
      output: `
const NOT_FOUND = "Error: Form not found";
const LOCKED = \`Form is locked\`;
const LOCKED_TEXT = LOCKED;
export const notFound = { content: [{ type: "text", text: NOT_FOUND }], isError: true };
export const locked = { content: [{ type: "text", text: LOCKED_TEXT }], isError: true };
export const lockedAgain = { content: [{ type: "text", text: LOCKED + " again" }], isError: true };`,
      errors: [
        { messageId: "missingPrefix", line: 5, column: 59 },
        { messageId: "missingPrefix", line: 6, column: 57 },
        { messageId: "missingPrefix", line: 7, column: 62 },
      ],
    },
    {
      name: "the prefix after decoration (emoji): reported, with no suggestion, which would write the prefix twice",
      filename: TOOL_FILE,
      code: `
export const activityFailed = { content: [{ type: "text", text: "❌ Error: Strava API request failed" }], isError: true };
export const rateLimited = { content: [{ type: "text", text: "⚠️ Error: Strava rate limit reached" }], isError: true };`,
      errors: [
        {
          messageId: "missingPrefix",
          line: 2,
          column: 65,
          data: { prefix: '"Error: "', start: '"❌ Error: Strava API..."' },
          suggestions: [],
        },
        // An emoji with a variation selector (U+FE0F) is decoration too.
        {
          messageId: "missingPrefix",
          line: 3,
          column: 62,
          data: { prefix: '"Error: "', start: '"⚠️ Error: Strava rat..."' },
          suggestions: [],
        },
      ],
    },
    {
      name: "a template that opens with a constant's interpolation starts with that constant: the prefix is suggested there",
      filename: TOOL_FILE,
      code: `
export function formatErrorResponse(error: Error) {
  const summary = \`Error in \${error.name}\`;
  const body = \`\${summary}\\n\\nDetails: \${error.message}\`;
  return { content: [{ type: "text", text: body }], isError: true };
}`,
      errors: [
        {
          messageId: "missingPrefix",
          line: 5,
          column: 44,
          data: { prefix: '"Error: "', start: '"Error in ..."' },
          suggestions: [
            {
              messageId: "addPrefix",
              output: `
export function formatErrorResponse(error: Error) {
  const summary = \`Error: Error in \${error.name}\`;
  const body = \`\${summary}\\n\\nDetails: \${error.message}\`;
  return { content: [{ type: "text", text: body }], isError: true };
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a constant that holds a conditional: each branch is checked, fixed where the constant has one use",
      filename: TOOL_FILE,
      code: `
export async function taskOutput(runIds: string[]) {
  const errorMessage = runIds.length === 1 ? \`Error: no output in run \${runIds[0]}\` : \`Task not found in any of \${runIds.length} runs\`;
  const reason = runIds.length === 0 ? "No runs given" : "Runs not found";
  if (runIds.length < 2) return { content: [{ type: "text", text: reason }], isError: true };
  if (runIds.length > 9) return { content: [{ type: "text", text: \`\${reason}, try fewer\` }], isError: true };
  return { content: [{ type: "text", text: errorMessage }], isError: true };
}`,
      output: `
export async function taskOutput(runIds: string[]) {
  const errorMessage = runIds.length === 1 ? \`Error: no output in run \${runIds[0]}\` : \`Error: Task not found in any of \${runIds.length} runs\`;
  const reason = runIds.length === 0 ? "No runs given" : "Runs not found";
  if (runIds.length < 2) return { content: [{ type: "text", text: reason }], isError: true };
  if (runIds.length > 9) return { content: [{ type: "text", text: \`\${reason}, try fewer\` }], isError: true };
  return { content: [{ type: "text", text: errorMessage }], isError: true };
}`,
      errors: [
        { messageId: "missingPrefix", line: 5, column: 67, data: { prefix: '"Error: "', start: '"No runs given"' } },
        { messageId: "missingPrefix", line: 7, column: 44, data: { prefix: '"Error: "', start: '"Task not found in an..."' } },
      ],
    },
    {
      name: "isError set by assignment in the same function: the text is checked",
      filename: TOOL_FILE,
      code: `
export async function submitForm(id: string) {
  const result = { content: [{ type: "text", text: "Submission rejected" }], isError: false };
  if (!(await forms.submit(id))) result.isError = true;
  return result;
}`,
      output: `
export async function submitForm(id: string) {
  const result = { content: [{ type: "text", text: "Error: Submission rejected" }], isError: false };
  if (!(await forms.submit(id))) result.isError = true;
  return result;
}`,
      errors: [{ messageId: "missingPrefix", line: 3, column: 52 }],
    },
    {
      name: "no prefix on a string literal, a template literal and a + chain: inserted",
      filename: SERVER_FILE,
      code: registeredTool(`  const form = await forms.get(id);
  if (!form) return { content: [{ type: "text", text: 'Form not found' }], isError: true };
  if (form.locked) return { content: [{ type: "text", text: \`Form \${id} is locked\` }], isError: true };
  return { content: [{ type: "text", text: "Could not open " + id + ": " + form.status }], isError: true };`),
      output: registeredTool(`  const form = await forms.get(id);
  if (!form) return { content: [{ type: "text", text: 'Error: Form not found' }], isError: true };
  if (form.locked) return { content: [{ type: "text", text: \`Error: Form \${id} is locked\` }], isError: true };
  return { content: [{ type: "text", text: "Error: Could not open " + id + ": " + form.status }], isError: true };`),
      errors: [
        { messageId: "missingPrefix", line: 6, column: 55 },
        { messageId: "missingPrefix", line: 7, column: 61 },
        { messageId: "missingPrefix", line: 8, column: 44 },
      ],
    },
    {
      name: "variants of the prefix are replaced, not stacked",
      filename: SERVER_FILE,
      code: `
export const a = { content: [{ type: "text", text: "error: disk full" }], isError: true };
export const b = { content: [{ type: "text", text: "ERROR - disk full" }], isError: true };
export const c = { content: [{ type: "text", text: \`Error:\${reason}\` }], isError: true as const };`,
      output: `
export const a = { content: [{ type: "text", text: "Error: disk full" }], isError: true };
export const b = { content: [{ type: "text", text: "Error: disk full" }], isError: true };
export const c = { content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true as const };`,
      errors: [
        { messageId: "missingPrefix", line: 2, column: 52 },
        { messageId: "missingPrefix", line: 3, column: 52 },
        { messageId: "missingPrefix", line: 4, column: 52 },
      ],
    },
    {
      name: "look-alike of a label in another language: a text that opens with no error word gets the prefix inserted",
      filename: SERVER_FILE,
      code: 'export const missing = { content: [{ type: "text", text: "ドキュメントが見つかりません: guide.md" }], isError: true };',
      output:
        'export const missing = { content: [{ type: "text", text: "Error: ドキュメントが見つかりません: guide.md" }], isError: true };',
      errors: [{ messageId: "missingPrefix", line: 1, column: 58 }],
    },
    {
      name: "the word in a form of its own: a suggestion, never an autofix",
      filename: SERVER_FILE,
      code: `\n${WORD_FORMS.join("\n")}`,
      errors: WORD_FORMS.map((line, index) => ({
        messageId: "missingPrefix" as const,
        line: index + 2,
        column: 52,
        suggestions: [
          {
            messageId: "addPrefix" as const,
            output: `\n${WORD_FORMS.with(index, line.replace('text: "', 'text: "Error: ')).join("\n")}`,
          },
        ],
      })),
    },
    ...[
      ["a caught error written whole after the prefix", "err"],
      ["a caught error written through String() after the prefix", "String(err)"],
      ["a caught error written through toString() after the prefix", "err.toString()"],
    ].map(([what, written]) => ({
      name: `${what}: Error: Error: ..., its message only suggested`,
      filename: TOOL_FILE,
      code: openFormCatch(`\`Error: \${${written}}\``),
      errors: [
        {
          messageId: "caughtErrorName" as const,
          line: 8,
          column: 56,
          data: { written },
          suggestions: [
            {
              messageId: "writeErrorMessage" as const,
              output: openFormCatch("`Error: ${err instanceof Error ? err.message : String(err)}`"),
            },
          ],
        },
      ],
    })),
    {
      name: "a caught error given whole to a helper that adds the prefix itself",
      filename: TOOL_FILE,
      code: prefixingHelperCatch("String(err)"),
      errors: [
        {
          messageId: "caughtErrorName",
          line: 7,
          column: 17,
          suggestions: [
            { messageId: "writeErrorMessage", output: prefixingHelperCatch("err instanceof Error ? err.message : String(err)") },
          ],
        },
      ],
    },
    {
      name: "look-alike of a caught error written only for non-Errors: a test for another class lets an Error through",
      filename: TOOL_FILE,
      code: prefixingHelperCatch("err instanceof TypeError ? err.message : String(err)"),
      errors: [
        {
          messageId: "caughtErrorName",
          line: 7,
          column: 58,
          suggestions: [
            {
              messageId: "writeErrorMessage",
              output: prefixingHelperCatch("err instanceof TypeError ? err.message : err instanceof Error ? err.message : String(err)"),
            },
          ],
        },
      ],
    },
    {
      name: "the prefix twice: the extra one is removed",
      filename: TOOL_FILE,
      code: registeredTool(`  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
  }`),
      output: registeredTool(`  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    return { content: [{ type: "text", text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }], isError: true };
  }`),
      errors: [{ messageId: "doublePrefix", line: 8, column: 46 }],
    },
    {
      name: "each branch of a ternary, in an arrow expression body with satisfies",
      filename: TOOL_FILE,
      code: `
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export const notFound = (id: string, archived: boolean) =>
  ({ content: [{ type: "text", text: archived ? \`Form \${id} is archived\` : "Error: form not found" }], isError: true }) satisfies CallToolResult;`,
      output: `
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export const notFound = (id: string, archived: boolean) =>
  ({ content: [{ type: "text", text: archived ? \`Error: Form \${id} is archived\` : "Error: form not found" }], isError: true }) satisfies CallToolResult;`,
      errors: [{ messageId: "missingPrefix", line: 4, column: 49 }],
    },
    {
      name: "calls of a helper declared in the file: its message argument",
      filename: TOOL_FILE,
      code: withErrorHelper(`export function createOpenFileTool() {
  return {
    schema: { name: "open_file", inputSchema: { type: "object" } },
    handler: async (args: { file?: string }) => (args.file ? open(args.file) : error("file is required", "invalid_input")),
  };
}`),
      output: withErrorHelper(`export function createOpenFileTool() {
  return {
    schema: { name: "open_file", inputSchema: { type: "object" } },
    handler: async (args: { file?: string }) => (args.file ? open(args.file) : error("Error: file is required", "invalid_input")),
  };
}`),
      errors: [{ messageId: "missingPrefix", line: 8, column: 86 }],
    },
    {
      name: "calls of an error helper that is a method of the server's class: this.errorResponse(message)",
      filename: SERVER_FILE,
      code: weatherServer('"Missing city"', "`Failed to fetch forecast: ${String(error)}`"),
      output: weatherServer('"Error: Missing city"', "`Error: Failed to fetch forecast: ${String(error)}`"),
      errors: [
        { messageId: "missingPrefix", line: 12, column: 44 },
        { messageId: "missingPrefix", line: 16, column: 35 },
      ],
    },
    {
      name: "calls of a static method that builds error results: by its class, and as this.<name>() in a static method",
      filename: SERVER_FILE,
      code: FORECAST_TOOLS('"Missing city"', "`Forecast failed for ${city}`"),
      output: FORECAST_TOOLS('"Error: Missing city"', "`Error: Forecast failed for ${city}`"),
      errors: [
        { messageId: "missingPrefix", line: 8, column: 33 },
        { messageId: "missingPrefix", line: 10, column: 101 },
      ],
    },
    {
      name: "calls of an error-building method on an instance of a class of the file",
      filename: SERVER_FILE,
      code: FORECAST_RESPONSES('"Missing city"'),
      output: FORECAST_RESPONSES('"Error: Missing city"'),
      errors: [{ messageId: "missingPrefix", line: 16, column: 36 }],
    },
    {
      name: "a builder of either outcome given true: its message argument",
      filename: TOOL_FILE,
      code: `
export const toolResponse = (text: string, isError: boolean = false) => ({ content: [{ type: "text" as const, text }], isError });
export const unknownOperation = (operation: string) => toolResponse(\`Unknown operation: \${operation}\`, true);`,
      output: `
export const toolResponse = (text: string, isError: boolean = false) => ({ content: [{ type: "text" as const, text }], isError });
export const unknownOperation = (operation: string) => toolResponse(\`Error: Unknown operation: \${operation}\`, true);`,
      errors: [{ messageId: "missingPrefix", line: 3, column: 69 }],
    },
    {
      name: "a configured builder of either outcome given true",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: [{ name: "createResponse", failureArgument: 1 }] } },
      code: `
import { createResponse } from "../lib/utils.js";
export const failed = (reason: string) => createResponse(\`Failed to list channels: \${reason}\`, true);`,
      output: `
import { createResponse } from "../lib/utils.js";
export const failed = (reason: string) => createResponse(\`Error: Failed to list channels: \${reason}\`, true);`,
      errors: [{ messageId: "missingPrefix", line: 3, column: 58 }],
    },
    {
      name: "a configured helper with messageArgument",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: [{ name: "toolError", messageArgument: 1 }] } },
      code: `
import { toolError } from "./results.js";
export const denied = toolError("permission_denied", "error: permission denied");`,
      output: `
import { toolError } from "./results.js";
export const denied = toolError("permission_denied", "Error: permission denied");`,
      errors: [{ messageId: "missingPrefix", line: 3, column: 54 }],
    },
    {
      name: "a prefixing helper given a message that already has the prefix",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: [{ name: "results.fail", addsPrefix: true }] } },
      code: `
import * as results from "./results.js";
const fail = (reason: string) => ({ content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true });
export const a = fail("Error: timed out");
export const b = results.fail(\`error - \${reason}\`);`,
      output: `
import * as results from "./results.js";
const fail = (reason: string) => ({ content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true });
export const a = fail("timed out");
export const b = results.fail(\`\${reason}\`);`,
      errors: [
        { messageId: "doublePrefix", line: 4, column: 23 },
        { messageId: "doublePrefix", line: 5, column: 31 },
      ],
    },
    {
      name: "a project's own prefix: case variants only, since it has no separator",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorPrefix: "[ERROR] " } },
      code: `
export const a = { content: [{ type: "text", text: "[error] disk full" }], isError: true };
export const b = { content: [{ type: "text", text: "Disk full" }], isError: true };`,
      output: `
export const a = { content: [{ type: "text", text: "[ERROR] disk full" }], isError: true };
export const b = { content: [{ type: "text", text: "[ERROR] Disk full" }], isError: true };`,
      errors: [
        { messageId: "missingPrefix", line: 2, column: 52 },
        { messageId: "missingPrefix", line: 3, column: 52 },
      ],
    },
    {
      name: "a project's own prefix ending in a separator: any case, either separator",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorPrefix: "Failed - " } },
      code: `export const a = { content: [{ type: "text", text: "FAILED: disk full" }], isError: true };`,
      output: `export const a = { content: [{ type: "text", text: "Failed - disk full" }], isError: true };`,
      errors: [{ messageId: "missingPrefix", line: 1, column: 52 }],
    },
    {
      name: "escape sequences in the prefix: reported without a fix",
      filename: TOOL_FILE,
      code: String.raw`export const a = { content: [{ type: "text", text: "\u0065rror: disk full" }], isError: true };`,
      output: null,
      errors: [{ messageId: "missingPrefix", line: 1, column: 52 }],
    },
  ],
});

describe("require-is-error and error-text-prefix together", () => {
  it("fix a catch path in passes that end: the fixed file gives no further fix", () => {
    const linter = new Linter({ configType: "flat" });
    const config = [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { "mcp-tool-errors": plugin },
        rules: { "mcp-tool-errors/require-is-error": "error", "mcp-tool-errors/error-text-prefix": "error" },
      },
    ] satisfies Linter.Config[];
    const code = registeredTool(`  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    if (err instanceof NotFoundError) return { content: [{ type: "text", text: "error: form not found", isError: true }] };
    return {
      content: [{ type: "text", text: \`Error: Error: \${err instanceof Error ? err.message : String(err)}\` }],
    };
  }`);
    const fixed = linter.verifyAndFix(code, config, TOOL_FILE);
    expect(fixed.output).toBe(
      registeredTool(`  try {
    return { content: [{ type: "text", text: await render(id) }] };
  } catch (err) {
    if (err instanceof NotFoundError) return { content: [{ type: "text", text: "Error: form not found" }], isError: true };
    return {
      content: [{ type: "text", text: \`Error: \${err instanceof Error ? err.message : String(err)}\` }],
      isError: true,
    };
  }`),
    );
    expect(fixed.messages).toEqual([]);
    expect(linter.verifyAndFix(fixed.output, config, TOOL_FILE).fixed).toBe(false);
  });
});
