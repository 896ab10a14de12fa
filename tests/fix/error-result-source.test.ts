import { parseForESLint } from "@typescript-eslint/parser";
import type { TSESTree } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { errorResultSource, prefixedMessageSource } from "../../src/fix/error-result-source.js";
import { thrownMessage } from "../../src/model/thrown-message.js";
import { getMcpSettings } from "../../src/model/settings.js";

/**
 * Runs a probe rule over `code` and returns `prefixedMessageSource` for the message of every `throw`,
 * so the scope analysis is ESLint's own.
 */
function prefixedThrowMessages(code: string, prefix = "Error: "): string[] {
  const out: string[] = [];
  const linter = new Linter({ configType: "flat" });
  linter.verify(code, {
    files: ["**/*.ts"],
    languageOptions: { parser: { parseForESLint } },
    plugins: {
      probe: {
        rules: {
          messages: {
            create(context) {
              return {
                ThrowStatement(node: TSESTree.ThrowStatement) {
                  const sourceCode = context.sourceCode as never;
                  const message = thrownMessage(node.argument, sourceCode, getMcpSettings({}));
                  out.push(message ? prefixedMessageSource(message, sourceCode, prefix) : "(no message)");
                },
              };
            },
          },
        },
      },
    },
    rules: { "probe/messages": "error" },
  }, "src/tools/probe.ts");
  return out;
}

describe("prefixedMessageSource", () => {
  it("keeps a string literal's quote style and adds the prefix once", () => {
    expect(prefixedThrowMessages(`throw new Error("path is required"); throw new Error('no "ref"'); throw new Error("Error: already");`)).toEqual([
      '"Error: path is required"',
      `'Error: no "ref"'`,
      '"Error: already"',
    ]);
  });

  it("keeps a template literal's expressions", () => {
    expect(prefixedThrowMessages("throw new Error(`File not found: ${path}`);")).toEqual(["`Error: File not found: ${path}`"]);
  });

  it("renders a caught error by its message, never as Error: Error: ...", () => {
    expect(prefixedThrowMessages("try { run(); } catch (err) { throw err; }")).toEqual([
      "`Error: ${err instanceof Error ? err.message : String(err)}`",
    ]);
  });

  it("passes anything else through String()", () => {
    expect(prefixedThrowMessages("throw new Error(reason); throw UserError(describe(args));")).toEqual([
      "`Error: ${String(reason)}`",
      "`Error: ${String(describe(args))}`",
    ]);
  });

  it("takes the SDK protocol errors' message from the second argument, and none when they have none", () => {
    expect(
      prefixedThrowMessages(`import { ErrorCode, McpError, UrlElicitationRequiredError } from "@modelcontextprotocol/sdk/types.js";
        throw new McpError(ErrorCode.InvalidParams, "limit must be positive");
        throw new UrlElicitationRequiredError([authorize]);
        throw new McpError(ErrorCode.InternalError, ...details);`),
    ).toEqual(['"Error: limit must be positive"', "(no message)", "(no message)"]);
  });

  it("keeps line breaks in a rebuilt string literal escaped, so it still parses", () => {
    expect(prefixedThrowMessages(String.raw`throw new Error("first\r\nsecond");`)).toEqual([String.raw`"Error: first\r\nsecond"`]);
  });

  it("escapes a custom prefix for a template literal", () => {
    expect(prefixedThrowMessages("throw new Error(code);", "`Tool` ${failed}: ")).toEqual([
      "`\\`Tool\\` \\${failed}: ${String(code)}`",
    ]);
  });
});

describe("errorResultSource", () => {
  it("builds the ADR's error result", () => {
    expect(errorResultSource('"Error: file not found"')).toBe(
      '{ content: [{ type: "text", text: "Error: file not found" }], isError: true }',
    );
  });
});
