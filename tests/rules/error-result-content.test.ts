import rule from "../../src/rules/error-result-content.js";
import { createRuleTester, SERVER_FILE, TOOL_FILE } from "../rule-tester.js";

const ruleTester = createRuleTester();

/** An SDK v1 server registering one tool with an output schema; the callback body starts on line 9. */
const registeredTool = (body: string, sdk = "@modelcontextprotocol/sdk/server/mcp.js"): string => `
import { McpServer } from "${sdk}";
import { z } from "zod";
const server = new McpServer({ name: "billing", version: "1.0.0" });
server.registerTool(
  "get_invoice",
  { description: "Fetch an invoice", inputSchema: { id: z.string() }, outputSchema: { total: z.number(), currency: z.string() } },
  async ({ id }) => {
${body}
  },
);`;

/** The same tool on SDK v2's server package. */
const registeredToolV2 = (body: string): string => registeredTool(body, "@modelcontextprotocol/server");

/** A low-level server's tools/call dispatcher; the switch's cases start on line 8. */
const dispatcher = (cases: string): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "files", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  switch (name) {
${cases}
  }
});`;

/** The ADR project's `error(message)` helper, declared in the file (lines 2-4), and a tool calling it. */
const withErrorHelper = (helperResult: string, call: string): string => `
function error(message: string) {
  return ${helperResult};
}
export const readInvoice = {
  schema: { name: "read_invoice", description: "Read an invoice", inputSchema: { type: "object" } },
  handler: async (args: { id: string }) => {
    const invoice = await invoices.find(args.id);
    if (!invoice) return ${call};
    return { content: [{ type: "text", text: JSON.stringify(invoice) }] };
  },
};`;

/** An OpenAI server's dispatcher: `failure` answers its `catch` (line 14), `unknown` an unknown tool (line 11). */
const openAiDispatcher = (failure: string, unknown = "throw new Error(`Unknown tool: ${name}`);"): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import OpenAI from "openai";
const openai = new OpenAI();
const server = new Server({ name: "openai", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  try {
    if (name === "list_models") return { content: [{ type: "text", text: JSON.stringify((await openai.models.list()).data) }] };
    ${unknown}
  } catch (error) {
    const message = error instanceof Error ? error.message : "An error occurred";
    ${failure}
  }
});`;

ruleTester.run("error-result-content", rule, {
  valid: [
    {
      name: "a result whose content the code fills later, marked as an error later (hyperbrowser's scrape tool)",
      filename: SERVER_FILE,
      code: registeredTool(`    const response: CallToolResult = { content: [], isError: false };
    const invoice = await invoices.find(id);
    if (invoice) response.content.push({ type: "text", text: invoice.summary });
    else {
      response.content.push({ type: "text", text: \`Error: no invoice \${id}\` });
      response.isError = true;
    }
    return response;`),
    },
    {
      name: "SDK v2, 2026-07-28: an inputRequired(...) result is an ordinary result, not an error result",
      filename: SERVER_FILE,
      code: registeredToolV2(`    const invoice = await invoices.find(id);
    if (invoice.locked) return inputRequired({ confirm: { method: "elicitation/create", params: { message: "Unlock the invoice?" } } });
    return { content: [{ type: "text", text: JSON.stringify(invoice) }], structuredContent: { total: invoice.total, currency: "EUR" } };`),
    },
    {
      name: "a success result with structuredContent, and an error result with a text and no structuredContent",
      filename: SERVER_FILE,
      code: registeredTool(`    const invoice = await invoices.find(id);
    if (!invoice) return { content: [{ type: "text", text: \`Error: invoice \${id} not found\` }], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(invoice) }], structuredContent: { total: invoice.total, currency: "EUR" } };`),
    },
    {
      name: "SDK v2: the same success result with structuredContent",
      filename: SERVER_FILE,
      code: registeredToolV2(`    const invoice = await invoices.find(id);
    if (!invoice) return { content: [{ type: "text", text: "Error: no such invoice" }], isError: true };
    return { content: [], structuredContent: { total: invoice.total, currency: invoice.currency } };`),
    },
    {
      name: "isError decided at run time: the result may be a success",
      filename: SERVER_FILE,
      code: registeredTool(`    const { ok, invoice } = await invoices.lookup(id);
    return { content: [], structuredContent: { total: invoice.total, currency: "EUR" }, isError: !ok };`),
    },
    {
      name: "isError: false is a success result",
      filename: SERVER_FILE,
      code: registeredTool(`    const lines = await invoices.lines(id);
    return { content: lines.length > 0 ? [] : [], isError: false, structuredContent: { total: 0, currency: "EUR" } };`),
    },
    {
      name: "a spread may bring content and structuredContent: the result is not read",
      filename: SERVER_FILE,
      code: registeredTool(`    const base = await invoices.describe(id);
    if (!base.ok) return { ...base, content: [], isError: true };
    return { ...base.result, structuredContent: base.data, content: [{ type: "text", text: "" }], isError: true };`),
    },
    {
      name: "near-misses of a spread that brings structuredContent: on a success result, one bringing another value, one marked later on the spread's condition",
      filename: SERVER_FILE,
      code: registeredTool(`    const invoice = await invoices.find(id);
    const audit = await invoices.audit(id);
    if (!invoice) return { content: [{ type: "text", text: "Error: invoice not found" }], isError: true, ...(audit ? audit.extra : {}) };
    const failed = invoice.status === "failed";
    const result = { content: [{ type: "text", text: invoice.summary }], ...(failed ? {} : { structuredContent: invoice }) };
    if (failed) result.isError = true;
    return result;`),
    },
    {
      name: "content that may say something: a variable item, a spread, an image, a computed text, one non-empty branch",
      filename: TOOL_FILE,
      code: `
export async function handleInvoice(args: { id: string }) {
  try {
    return { content: [{ type: "text", text: await invoices.render(args.id) }] };
  } catch (err) {
    if (err instanceof RenderError) return { content: [renderFailure(err)], isError: true };
    if (err instanceof AggregateError) return { content: [...err.errors.map(describe)], isError: true };
    if (err instanceof ChartError) return { content: [{ type: "image", data: err.snapshot, mimeType: "image/png" }], isError: true };
    return { content: [{ type: "text", text: err instanceof Error ? "" : "Error: rendering failed" }], isError: true };
  }
}`,
    },
    {
      name: "an empty success result: nothing says the call failed",
      filename: TOOL_FILE,
      code: `
export async function handleListInvoices(args: { customer: string }) {
  const invoices = await billing.list(args.customer);
  if (invoices.length === 0) return { content: [] };
  return { content: [{ type: "text", text: "" }], structuredContent: { invoices } };
}`,
    },
    {
      name: "a fallback in a catch that is not a tool handler's, and a chat message with empty content",
      filename: SERVER_FILE,
      code: `
export async function loadHistory(session: string) {
  try {
    return await store.history(session);
  } catch {
    return { content: [] };
  }
}
export const greeting = { role: "assistant", content: [], isError: true };`,
    },
    {
      name: "a test's expected value is not a result the code returns",
      filename: "tests/tools/invoice.test.ts",
      code: `
it("answers an unknown invoice with an empty error result", async () => {
  const result = await client.callTool({ name: "get_invoice", arguments: { id: "nope" } });
  expect(result).toEqual({ content: [], isError: true, structuredContent: { total: 0 } });
});`,
    },
    {
      name: "an error helper given a message, and a helper whose message is computed",
      filename: TOOL_FILE,
      code: withErrorHelper(
        `{ content: [{ type: "text" as const, text: message }], isError: true }`,
        `error(\`Error: invoice \${args.id} not found\`)`,
      ),
    },
    {
      name: "a configured helper given a message",
      filename: SERVER_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: ["toolError"] } },
      code: registeredTool(`    const invoice = await invoices.find(id);
    if (!invoice) return toolError("Error: invoice not found");
    return { content: [{ type: "text", text: JSON.stringify(invoice) }] };`),
    },
    {
      name: "near-misses of a contentless answer: an error result with content, an error object a helper of the catch returns, an unknown tool's data",
      filename: SERVER_FILE,
      code: openAiDispatcher(
        'return { content: [{ type: "text", text: `Error: ${message}` }], isError: true, _meta: { error: { code: "TOOL_ERROR" } } };',
        'return { content: [{ type: "text", text: `Error: unknown tool ${name}` }], isError: true };',
      ),
    },
    {
      name: "near-miss of a contentless answer: an object with an error that a function of the file returns, not the handler",
      filename: SERVER_FILE,
      code: openAiDispatcher(
        'return { content: [{ type: "text", text: `Error: ${describe({ error: message }).error}` }], isError: true };',
      ).replace(
        "const openai = new OpenAI();",
        "const openai = new OpenAI();\nfunction describe(failure: { error: string }) { return { error: failure.error.trim() }; }",
      ),
    },
  ],
  invalid: [
    {
      name: "a dispatcher's catch answers with an error object and no content: an empty result",
      filename: SERVER_FILE,
      code: openAiDispatcher('return { error: { code: "TOOL_ERROR", message } };'),
      errors: [{ messageId: "noContent", line: 14, column: 12 }],
    },
    {
      name: "an McpServer callback answers isError without content",
      filename: SERVER_FILE,
      code: registeredTool(`    try {
      return { content: [{ type: "text", text: await fetchInvoice(id) }] };
    } catch (error) {
      return { error: String(error), isError: true };
    }`),
      errors: [{ messageId: "noContent", line: 12, column: 14 }],
    },
    {
      name: "content: [] on an error result",
      filename: SERVER_FILE,
      code: registeredTool(`    const invoice = await invoices.find(id);
    if (!invoice) return { content: [], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(invoice) }] };`),
      errors: [{ messageId: "emptyContent", data: { what: "its content is empty" }, line: 10, column: 37 }],
    },
    {
      name: "SDK v2: only empty texts, written, through a constant, and white space",
      filename: SERVER_FILE,
      code: registeredToolV2(`    const NO_DETAIL = "";
    const invoice = await invoices.find(id);
    if (!invoice) return { content: [{ type: "text", text: "" }], isError: true };
    if (invoice.void) return { content: [{ type: "text", text: NO_DETAIL }, { type: "text", text: \` \` }], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(invoice) }] };`),
      errors: [
        { messageId: "emptyContent", data: { what: "its text is empty" }, line: 11, column: 37 },
        { messageId: "emptyContent", data: { what: "its text is empty" }, line: 12, column: 41 },
      ],
    },
    {
      name: "an error result by evidence: returned from a tool handler's catch",
      filename: TOOL_FILE,
      code: `
export async function handleInvoice(args: { id: string }) {
  try {
    return { content: [{ type: "text", text: await invoices.render(args.id) }] };
  } catch (err) {
    return { content: [] };
  }
}`,
      errors: [{ messageId: "emptyContent", line: 6, column: 23 }],
    },
    {
      name: "an error result marked later by assignment",
      filename: SERVER_FILE,
      code: registeredTool(`    const result = { content: [{ type: "text", text: "" }], isError: false };
    if (!(await invoices.exists(id))) result.isError = true;
    return result;`),
      errors: [{ messageId: "emptyContent", line: 9, column: 31 }],
    },
    {
      name: "an error result marked later whose content is only read, never filled: still empty",
      filename: SERVER_FILE,
      code: registeredTool(`    const result = { content: [], isError: false };
    if (!(await invoices.exists(id))) result.isError = true;
    audit.record(id, result.content);
    return result;`),
      errors: [{ messageId: "emptyContent", data: { what: "its content is empty" }, line: 9, column: 31 }],
    },
    {
      name: "structuredContent on an error result, removed by the suggestion",
      filename: SERVER_FILE,
      code: registeredTool(`    const invoice = await invoices.find(id);
    if (!invoice) return { content: [{ type: "text", text: "Error: invoice not found" }], structuredContent: { total: 0, currency: "EUR" }, isError: true };
    return { content: [{ type: "text", text: JSON.stringify(invoice) }], structuredContent: invoice };`),
      errors: [
        {
          messageId: "structuredContent",
          line: 10,
          column: 91,
          suggestions: [
            {
              messageId: "removeStructuredContent",
              output: registeredTool(`    const invoice = await invoices.find(id);
    if (!invoice) return { content: [{ type: "text", text: "Error: invoice not found" }], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(invoice) }], structuredContent: invoice };`),
            },
          ],
        },
      ],
    },
    {
      name: "structuredContent that a conditional spread of object literals brings to an error result: reported, no suggestion",
      filename: SERVER_FILE,
      code: registeredTool(`    const invoice = await invoices.find(id);
    const errors = await invoices.validate(id);
    if (!invoice) return { content: [{ type: "text", text: "Error: invoice not found" }], isError: true, ...(errors.length > 0 ? { structuredContent: { errors } } : {}) };
    if (invoice.void) return { isError: true, content: [{ type: "text", text: "Error: invoice is void" }], ...(errors.length > 0 && { structuredContent: { errors } }) };
    return { content: [{ type: "text", text: JSON.stringify(invoice) }], structuredContent: invoice };`),
      errors: [
        { messageId: "structuredContent", line: 11, column: 132 },
        { messageId: "structuredContent", line: 12, column: 135 },
      ],
    },
    {
      name: "an empty error result with structuredContent gets both reports; structuredContent first is removed with its comma",
      filename: SERVER_FILE,
      code: dispatcher(`    case "get_invoice": {
      const invoice = await invoices.find(String(args?.id));
      if (!invoice) return { structuredContent: { total: 0 }, content: [], isError: true };
      return { content: [{ type: "text", text: JSON.stringify(invoice) }] };
    }`),
      errors: [
        {
          messageId: "structuredContent",
          line: 10,
          column: 30,
          suggestions: [
            {
              messageId: "removeStructuredContent",
              output: dispatcher(`    case "get_invoice": {
      const invoice = await invoices.find(String(args?.id));
      if (!invoice) return { content: [], isError: true };
      return { content: [{ type: "text", text: JSON.stringify(invoice) }] };
    }`),
            },
          ],
        },
        { messageId: "emptyContent", line: 10, column: 72 },
      ],
    },
    {
      name: "a comment inside the property: no suggestion, the report stays",
      filename: SERVER_FILE,
      code: registeredTool(`    return {
      content: [{ type: "text", text: "Error: the ledger is closed" }],
      structuredContent: /* kept for old clients */ { total: 0, currency: "EUR" },
      isError: true,
    };`),
      errors: [{ messageId: "structuredContent", line: 11, column: 7, suggestions: [] }],
    },
    {
      name: "an error helper's structuredContent is reported once, where the helper builds it",
      filename: TOOL_FILE,
      code: withErrorHelper(
        `{ content: [{ type: "text" as const, text: message }], structuredContent: { error: message }, isError: true }`,
        `error("Error: invoice not found")`,
      ),
      errors: [
        {
          messageId: "structuredContent",
          line: 3,
          column: 65,
          suggestions: [
            {
              messageId: "removeStructuredContent",
              output: withErrorHelper(
                `{ content: [{ type: "text" as const, text: message }], isError: true }`,
                `error("Error: invoice not found")`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "an empty message given to a detected helper and to a configured one",
      filename: TOOL_FILE,
      settings: { "mcp-tool-errors": { errorHelpers: ["results.failure"] } },
      code: withErrorHelper(
        `{ content: [{ type: "text" as const, text: message }], isError: true }`,
        `args.id === "" ? results.failure("") : error("")`,
      ),
      errors: [
        { messageId: "emptyContent", data: { what: "the message given to `results.failure` is empty" }, line: 9, column: 59 },
        { messageId: "emptyContent", data: { what: "the message given to `error` is empty" }, line: 9, column: 71 },
      ],
    },
  ],
});
