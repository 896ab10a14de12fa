import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { runProbe } from "./probe.js";
import { modelOf } from "./probe.js";

/** The lines of the `throw` statements that sit in the unknown-tool branch of their handler. */
function unknownToolThrows(code: string): number[] {
  const lines: number[] = [];
  runProbe(code, (context) => ({
    ThrowStatement(node: TSESTree.ThrowStatement) {
      if (modelOf(context).handlers.isInUnknownToolBranch(node)) lines.push(node.loc.start.line);
    },
  }), { filename: "src/server.ts" });
  return lines;
}

describe("isInUnknownToolBranch", () => {
  it("is the default clause of a switch on request.params.name", () => {
    expect(unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search": throw new Error("search is down");
    default: throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
});`)).toEqual([5]);
  });

  it("follows a name destructured from request.params, aliased or from the parameter", () => {
    expect(unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name: toolName, arguments: args } = request.params;
  switch (toolName) { default: throw new McpError(ErrorCode.MethodNotFound, toolName); }
});
server.setRequestHandler("tools/call", async ({ params: { name } }) => {
  switch (name) { default: throw new Error(\`Unknown tool: \${name}\`); }
});`)).toEqual([4, 7]);
  });

  it("is the consequent of an if that found no tool by that name", () => {
    expect(unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  const other = toolList.find((t) => t.name === request.params.name);
  if (!other) { throw new Error("Unknown tool"); }
  const byKey = registry[request.params.name];
  if (!byKey) throw new Error("Unknown tool");
  if (!tools.has(request.params.name)) throw new Error("Unknown tool");
  return tool.run(request.params.arguments);
});`)).toEqual([4, 6, 8, 9]);
  });

  it("is nothing else: other switches, other lookups, other handler kinds", () => {
    expect(unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.arguments?.mode) { default: throw new Error("bad mode"); }
  const cached = cache.get(request.params.arguments?.key);
  if (!cached) throw new Error("cache miss");
  if (!request.params.name) throw new Error("missing name");
  return { content: [] };
});
server.registerTool("x", cfg, async ({ name }) => {
  switch (name) { default: throw new Error("not a dispatcher"); }
});`)).toEqual([]);
  });
});
