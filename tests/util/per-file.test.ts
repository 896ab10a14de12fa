import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { errorEvidence } from "../../src/model/error-evidence.js";
import { onToolResult, type ToolResult } from "../../src/model/tool-results.js";
import { lastAnswer } from "../../src/util/last-answer.js";
import { modelOf, runProbe } from "../model/probe.js";

const server = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { readFile } from "node:fs/promises";

const server = new McpServer({ name: "files", version: "1.0.0" });
server.tool("read_file", async ({ path }: { path: string }) => {
  try {
    return { content: [{ type: "text", text: await readFile(path, "utf8") }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Could not read \${path}: \${String(error)}\` }] };
  }
});
`;

describe("lastAnswer", () => {
  it("answers again for the arguments it was last asked about, and computes anew for others", () => {
    const computed: string[] = [];
    const textOf = lastAnswer((item: { text: string }, prefix: string) => {
      computed.push(item.text);
      return prefix + item.text;
    });
    const notFound = { text: "file not found" };
    const denied = { text: "permission denied" };
    expect(textOf(notFound, "Error: ")).toBe("Error: file not found");
    expect(textOf(notFound, "Error: ")).toBe("Error: file not found");
    expect(textOf(denied, "Error: ")).toBe("Error: permission denied");
    expect(textOf(notFound, "Error: ")).toBe("Error: file not found");
    // The same item under other settings is another question.
    expect(textOf(notFound, "ERROR - ")).toBe("ERROR - file not found");
    expect(computed).toEqual(["file not found", "permission denied", "file not found", "file not found"]);
  });

  it("gives every rule's listener the same reading of a result, and the same evidence, for each result in turn", () => {
    const seen: { result: Readonly<ToolResult>; evidence: ReturnType<typeof errorEvidence> }[][] = [[], []];
    runProbe(server, (context) => {
      const mcp = modelOf(context);
      // Two listeners on the same nodes, as two rules' would be.
      const listeners = [0, 1].map((rule) =>
        onToolResult((result) => seen[rule]?.push({ result, evidence: errorEvidence(result, mcp, context.sourceCode) })),
      );
      // onToolResult's one selector, each rule's listener called in turn as ESLint does.
      const selector = Object.keys(listeners[0] ?? {}).join();
      return {
        [selector](property: TSESTree.Property) {
          for (const listener of listeners) (listener[selector] as (node: TSESTree.Property) => void)(property);
        },
      };
    });
    const [first = [], second = []] = seen;
    expect(first.map(({ evidence }) => evidence)).toEqual([undefined, "catch"]);
    expect(second).toHaveLength(2);
    first.forEach(({ result }, index) => {
      expect(second[index]?.result).toBe(result);
    });
    expect(second.map(({ evidence }) => evidence)).toEqual([undefined, "catch"]);
  });
});
