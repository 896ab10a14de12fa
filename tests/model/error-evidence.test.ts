import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { errorEvidence } from "../../src/model/error-evidence.js";
import { isErrorText } from "../../src/model/error-text.js";
import { getMcpSettings } from "../../src/model/settings.js";
import { toolResult } from "../../src/model/tool-results.js";
import { runProbe } from "./probe.js";
import { modelOf } from "./probe.js";

const TOOL_FILE = "src/tools/list-files.ts";
const SERVER_FILE = "src/server.ts";

/** `"line evidence"` for every tool result in `code` that is an error result by evidence. */
function evidenceIn(code: string, filename = TOOL_FILE, settings: Record<string, unknown> = {}): string[] {
  const found: string[] = [];
  runProbe(
    code,
    (context) => ({
      ObjectExpression(node: TSESTree.ObjectExpression) {
        const result = toolResult(node);
        const evidence = result && errorEvidence(result, modelOf(context), context.sourceCode);
        if (evidence) found.push(`${String(node.loc.start.line)} ${evidence}`);
      },
    }),
    { filename, settings: { "mcp-tool-errors": settings } },
  );
  return found;
}

describe("errorEvidence: the catch path", () => {
  it("is a result returned from a catch clause of a tool handler", () => {
    expect(
      evidenceIn(
        `
server.registerTool("list_files", { description: "List files" }, async ({ dir }) => {
  try {
    return { content: [{ type: "text", text: (await readdir(dir)).join("\\n") }] };
  } catch (err) {
    return { content: [{ type: "text", text: \`Could not list \${dir}\` }] };
  }
});`,
        SERVER_FILE,
      ),
    ).toEqual(["6 catch"]);
  });

  it("is a quiet catch when the path never reads its error and the text names no failure", () => {
    expect(
      evidenceIn(
        `
server.registerTool("list_queue", { description: "List the queue" }, async () => {
  try {
    await access(QUEUE_FILE);
  } catch {
    return { content: [{ type: "text", text: "Queue is empty (queue file does not exist)" }] };
  }
  try {
    return { content: [{ type: "text", text: await readFile(QUEUE_FILE, "utf8") }] };
  } catch (error) {
    console.error(error);
    return { content: [{ type: "text", text: "The queue is being rebuilt" }] };
  }
});`,
        SERVER_FILE,
      ),
    ).toEqual(["6 quietCatch", "12 catch"]);
  });

  it("is a result returned from a catch in any function of a tool file, through ternaries and satisfies", () => {
    expect(
      evidenceIn(`
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export async function listFiles(dir: string) {
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } catch (err) {
    return err instanceof NotFound
      ? ({ content: [{ type: "text", text: "No such directory" }] } satisfies CallToolResult)
      : { content: [{ type: "text", text: String(err) }] };
  }
}`),
    ).toEqual(["8 catch", "9 catch"]);
  });

  it("is a .catch(cb) callback or the second callback of .then", () => {
    expect(
      evidenceIn(`
export const handler = async (args: { url: string }) =>
  fetchPage(args.url)
    .then((page) => ({ content: [{ type: "text", text: page }] }), (err) => ({ content: [{ type: "text", text: String(err) }] }))
    .catch((err: unknown) => ({ content: [{ type: "text", text: String(err) }] }));`),
    ).toEqual(["4 catch", "5 catch"]);
  });

  it("is not a catch outside tool code, nor a result returned by a nested function", () => {
    expect(
      evidenceIn(
        `
export function loadConfig() {
  try { return read(); } catch { return { content: [{ type: "text", text: "defaults" }] }; }
}`,
        SERVER_FILE,
      ),
    ).toEqual([]);
    expect(
      evidenceIn(`
export async function listFiles(dir: string) {
  try { return await list(dir); } catch (err) {
    const retry = () => ({ content: [{ type: "text", text: "retrying" }] });
    const pending = { content: [{ type: "text", text: "later" }] };
    return retry();
  }
}`),
    ).toEqual([]);
  });

  it("is not a result that already says isError: true", () => {
    expect(
      evidenceIn(`
export async function run() {
  try { return await go(); } catch (err) { return { content: [{ type: "text", text: "Error: failed" }], isError: true }; }
}`),
    ).toEqual([]);
  });
});

describe("errorEvidence: the text", () => {
  it("is a text starting with the prefix or with error and a separator, in any file", () => {
    expect(
      evidenceIn(
        `
export const a = { content: [{ type: "text", text: "Error: file not found" }] };
export const b = { content: [{ type: "text", text: "error - disk full" }] };
export const c = { content: [{ type: "text", text: \`ERROR [E42] \${code}\` }] };
export const d = { content: [{ type: "text", text: ok ? "Done" : "Error: failed" }] };
export const e = { content: [{ type: "text", text: "Error \u2013 quota exceeded" }] };
export const f = { content: [{ type: "text", text: \`Error fetching content from \${url}: \${String(error)}\` }] };`,
        SERVER_FILE,
      ),
    ).toEqual(["2 text", "3 text", "4 text", "5 text", "6 text", "7 text"]);
  });

  it("is a text that opens by saying the tool could not do its work, unless the result answers in data too", () => {
    expect(
      evidenceIn(
        `
export const a = { content: [{ type: "text", text: "Failed to delete action" }] };
export const b = { content: [{ type: "text", text: "\u274c Unable to retrieve a summary." }] };
export const c = { content: [{ type: "text", text: \`Could not determine the branch of \${repo}\` }] };
export const d = { content: [{ type: "text", text: "Cannot rename the collection: the target exists" }] };
export const e = { content: [{ type: "text", text: "Failures: 0" }] };
export const f = { content: [{ type: "text", text: "Failed tests: 2 of 40, see the report" }] };
export const g = { content: [{ type: "text", text: "Retried 3 times; could not be simpler" }] };
export const h = { content: [{ type: "text", text: "Could not deduce the schema: the collection is empty" }], structuredContent: { fieldsCount: 0 } };
export const i = { content: [{ type: "text", text: "Error: the collection does not exist" }], structuredContent: { fieldsCount: 0 } };`,
        SERVER_FILE,
      ),
    ).toEqual(["2 text", "3 text", "4 text", "5 text", "10 text"]);
  });

  it("is not a success text that merely contains the word", () => {
    expect(
      evidenceIn(
        `
export const a = { content: [{ type: "text", text: "Error rate: 2%" }] };
export const b = { content: [{ type: "text", text: "Found 3 errors: see log" }] };
export const c = { content: [{ type: "text", text: \`\${count} Error: lines\` }] };
export const d = { content: [{ type: "text", text: "Errors: none" }] };
export const e = { content: [{ type: "text", text: "Error-free: all checks passed" }] };
export const f = { content: [{ type: "text", text: "Errors: 0" }] };
export const g = { content: [{ type: "text", text: "error -1 returned" }] };
export const h = { content: [{ type: "text", text: \`Error handling \${mode}\` }] };
export const i = { content: [{ type: "text", text: \`Error rate for \${zone}: \${rate}%\` }] };`,
        SERVER_FILE,
      ),
    ).toEqual([]);
  });

  it("uses the configured prefix and errorTextPattern", () => {
    const settings = { errorPrefix: "Failed: ", errorTextPattern: "^\\[fail\\]" };
    expect(
      evidenceIn(
        `
export const a = { content: [{ type: "text", text: "Failed: timeout" }] };
export const b = { content: [{ type: "text", text: "[fail] timeout" }] };
export const c = { content: [{ type: "text", text: "Timeout" }] };`,
        SERVER_FILE,
        settings,
      ),
    ).toEqual(["2 text", "3 text"]);
  });

  it("isErrorText tests a static prefix", () => {
    const settings = getMcpSettings({});
    const readsAsError = (text: string, shape = text): boolean => isErrorText({ text, shape }, settings);
    expect(readsAsError("Error:x")).toBe(true);
    expect(readsAsError("Errors")).toBe(false);
    expect(readsAsError("Error - disk full")).toBe(true);
    expect(readsAsError("ERROR [E42] quota")).toBe(true);
    expect(readsAsError("Error-free: all checks passed")).toBe(false);
    expect(readsAsError("Error fetching DNS report: ")).toBe(true);
    expect(readsAsError("Error taking screenshot: ")).toBe(true);
    expect(readsAsError("error during fetch: ")).toBe(true);
    expect(readsAsError("Error while creating tracking category: ")).toBe(true);
    expect(readsAsError("Error while connecting: ")).toBe(true);
    expect(readsAsError("Error when parsing the manifest: ")).toBe(true);
    expect(readsAsError("Error when done: 3 retries")).toBe(false);
    expect(readsAsError("Error while loading the page")).toBe(false);
    expect(readsAsError("Error handling: retries on")).toBe(false);
    expect(readsAsError("Error rate over the last hour: 2%")).toBe(false);
    expect(readsAsError("Error fetching the list of every zone this account may see: ")).toBe(false);
    // A template's shape: each interpolation one word.
    expect(readsAsError("Error fetching content from ", "Error fetching content from \u2026: \u2026")).toBe(true);
    expect(readsAsError("Error handling ", "Error handling \u2026")).toBe(false);
    expect(readsAsError("Error rate for ", "Error rate for \u2026: \u2026")).toBe(false);
  });

  it("isErrorText honours acceptedErrorPrefixes and the configured prefix's variants", () => {
    const settings = getMcpSettings({ "mcp-tool-errors": { errorPrefix: "ERROR: ", acceptedErrorPrefixes: ["### Failure"] } });
    const readsAsError = (text: string): boolean => isErrorText({ text, shape: text }, settings);
    expect(readsAsError("### Failure: repository not found")).toBe(true);
    expect(readsAsError("ERROR: disk full")).toBe(true);
    expect(readsAsError("### Results: 3 files")).toBe(false);
    expect(readsAsError("Failure rate is 3%")).toBe(false);
  });
});

describe("errorEvidence: fallbacks, bound results and constants", () => {
  it("is not a catch fallback: computed data that does not use the caught error", () => {
    expect(
      evidenceIn(`
export async function describeTable(table: string) {
  const summary = await cache.summary(table);
  try {
    return { content: [{ type: "text", text: await db.describe(table) }] };
  } catch (err) {
    if (table === "users") return { content: [{ type: "text", text: summary }] };
    return { content: [{ type: "text", text: JSON.stringify(await db.columns(table)) }] };
  }
}`),
    ).toEqual([]);
  });

  it("is a catch result whose text is written there, uses the error, or is a const returned from the catch", () => {
    expect(
      evidenceIn(`
const UNREACHABLE = "The tracker is unreachable";
export async function fetchReport(id: number) {
  try {
    return { content: [{ type: "text", text: await reports.get(id) }] };
  } catch (err) {
    if (id > 1000) return { content: [{ type: "text", text: \`report \${id} is not available\` }] };
    if (id > 100) return { content: [{ type: "text", text: UNREACHABLE }] };
    const { message } = err as Error;
    if (id > 10) return { content: [{ type: "text", text: message }] };
    const failure = { content: [{ type: "text", text: summarise(id) }] };
    return failure;
  }
}`),
    ).toEqual(["7 catch", "8 catch", "10 catch"]);
  });

  it("reads a text through constants, and not a result that a same-function assignment marks", () => {
    expect(
      evidenceIn(
        `
const FAILED = "Error: upload failed";
const MESSAGE = FAILED;
export const a = { content: [{ type: "text", text: MESSAGE }] };
export function upload() {
  const result = { content: [{ type: "text", text: FAILED }] };
  result.isError = true;
  return result;
}`,
        SERVER_FILE,
      ),
    ).toEqual(["4 text"]);
  });
});
