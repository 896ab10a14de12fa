import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { literalRawStart } from "../../src/fix/replace-text-start.js";
import { staticPrefix, textBranches } from "../../src/model/error-text.js";
import { hasIsErrorTrue, isErrorValue, onToolResult, toolResult, type ToolResult } from "../../src/model/tool-results.js";
import { runProbe } from "./probe.js";

/** Every tool result in `code`, outermost first. */
function resultsIn(code: string): ToolResult[] {
  const found: ToolResult[] = [];
  runProbe(code, () => ({
    ObjectExpression(node: TSESTree.ObjectExpression) {
      const result = toolResult(node);
      if (result) found.push(result);
    },
  }));
  return found;
}

function onlyResult(code: string): ToolResult {
  const found = resultsIn(code);
  const result = found.at(0);
  if (!result || found.length > 1) throw new Error(`expected one tool result, found ${String(found.length)}`);
  return result;
}

/** The static prefix of each branch of the only result's text: `[text, complete]`, or null when unknown. */
function prefixes(code: string): ([string, boolean] | null)[] {
  const { text } = onlyResult(code);
  if (!text) throw new Error("the result has no text");
  return textBranches(text).map((branch) => {
    const prefix = staticPrefix(branch);
    return prefix ? [prefix.text, prefix.complete] : null;
  });
}

describe("toolResult", () => {
  it("recognises the SDK's CallToolResult shape and finds its text and isError", () => {
    const result = onlyResult(`
export const notFound = { content: [{ type: "text", text: "Error: file not found" }], isError: true };`);
    expect(result.text?.type).toBe("Literal");
    expect(result.isError && isErrorValue(result.isError).kind).toBe("true");
    expect(hasIsErrorTrue(result)).toBe(true);
    expect(result.hasSpread).toBe(false);
  });

  it("looks through `as const` and `satisfies` and takes the first text item", () => {
    const result = onlyResult(`
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export const shot = {
  content: [
    { type: "image" as const, data: png, mimeType: "image/png" },
    { type: "text" as const, text: \`Captured \${url}\` },
    { type: "text" as const, text: "second" },
  ] as const,
} satisfies CallToolResult;`);
    expect(result.text?.type).toBe("TemplateLiteral");
    expect(result.isError).toBeUndefined();
  });

  it("needs content to be an array literal", () => {
    expect(resultsIn(`export const a = { content: items }; export const b = { content: "text" };`)).toEqual([]);
  });

  it("is not a chat message or another API's content block", () => {
    expect(
      resultsIn(`
export const message = { role: "user", content: [{ type: "text", text: "Error: retry" }] };
export const block = { type: "tool_result", tool_use_id: id, content: [{ type: "text", text: "Error: x" }], is_error: true };`),
    ).toEqual([]);
  });

  it("notes spreads, which may carry isError", () => {
    expect(onlyResult(`export const r = { ...base, content: [{ type: "text", text: "Error: x" }] };`).hasSpread).toBe(true);
  });

  it("has no text when no item is a text item", () => {
    expect(onlyResult(`export const r = { content: [{ type: "image", data, mimeType: "image/png" }] };`).text).toBeUndefined();
  });

  it("tells a true literal from other literals and from expressions", () => {
    const kinds = resultsIn(`
export const a = { content: [], isError: true as const };
export const b = { content: [], isError: "true" };
export const c = { content: [], isError: false };
export const d = { content: [], isError: failed };`).map((result) => result.isError && isErrorValue(result.isError).kind);
    expect(kinds).toEqual(["true", "otherLiteral", "otherLiteral", "expression"]);
  });
});

describe("onToolResult", () => {
  it("skips a test's expected value, and only that", () => {
    const lines: number[] = [];
    runProbe(
      `
expect(await callTool("read_file", {})).toMatchObject({ content: [{ type: "text", text: "Error: path is required" }] });
assert.deepStrictEqual(result, { content: [{ type: "text", text: "Error: path is required" }], isError: true });
expect(result).not.toEqual({ content: [{ type: "text", text: "path is required" }] as const });
record({ content: [{ type: "text", text: "Error: path is required" }] });
expect(render({ content: [{ type: "text", text: "path is required" }], isError: true })).toBe("path is required");`,
      () => onToolResult(({ node }) => lines.push(node.loc.start.line)),
    );
    expect(lines).toEqual([5, 6]);
  });
});

describe("staticPrefix", () => {
  it("is the whole value of a string literal", () => {
    expect(prefixes(`export const r = { content: [{ type: "text", text: "Error: file not found" }] };`)).toEqual([
      ["Error: file not found", true],
    ]);
  });

  it("is the first quasi of a template literal, unknown when it starts with an expression", () => {
    expect(prefixes("export const r = { content: [{ type: 'text', text: `Failed: ${reason}` }] };")).toEqual([["Failed: ", false]]);
    expect(prefixes("export const r = { content: [{ type: 'text', text: `${path} failed` }] };")).toEqual([null]);
    expect(prefixes("export const r = { content: [{ type: 'text', text: `Error: done` }] };")).toEqual([["Error: done", true]]);
  });

  it("is the prefix of the left operand of +", () => {
    expect(prefixes(`export const r = { content: [{ type: "text", text: "Error: " + err.message + "!" }] };`)).toEqual([
      ["Error: ", false],
    ]);
    expect(prefixes(`export const r = { content: [{ type: "text", text: "" + err.message }] };`)).toEqual([null]);
    expect(prefixes(`export const r = { content: [{ type: "text", text: label + ": failed" }] };`)).toEqual([null]);
  });

  it("takes each branch of a conditional separately", () => {
    expect(
      prefixes(
        `export const r = { content: [{ type: "text", text: missing ? "Error: not found" : denied ? \`Denied: \${p}\` : reason }] };`,
      ),
    ).toEqual([["Error: not found", true], ["Denied: ", false], null]);
  });

  it("is unknown for calls and identifiers", () => {
    expect(prefixes(`export const r = { content: [{ type: "text", text: JSON.stringify({ error }) }] };`)).toEqual([null]);
  });

  it("keeps the raw source of the literal for fixes", () => {
    const { text } = onlyResult(String.raw`export const r = { content: [{ type: "text", text: 'it\'s gone' }] };`);
    const prefix = text && staticPrefix(text);
    expect(prefix && literalRawStart(prefix.literal)).toBe(String.raw`it\'s gone`);
  });
});
