import { parse, simpleTraverse } from "@typescript-eslint/typescript-estree";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { isCaught } from "../../src/model/estree-tree.js";
import { calleeName } from "../../src/util/ast.js";

/** No call catches what the functions given to it throw. */
const NO_CATCHING_CALL = (): boolean => false;

/** Parses `code` (with parent pointers) and returns its throw statements and the outermost function. */
function throwsIn(code: string): { throws: TSESTree.ThrowStatement[]; handler: TSESTree.Node } {
  const ast = parse(code, { range: true, loc: true });
  const throws: TSESTree.ThrowStatement[] = [];
  let handler: TSESTree.Node | undefined;
  simpleTraverse(
    ast,
    {
      enter(node) {
        if (node.type === AST_NODE_TYPES.ThrowStatement) throws.push(node);
        if (!handler && (node.type === AST_NODE_TYPES.ArrowFunctionExpression || node.type === AST_NODE_TYPES.FunctionExpression))
          handler = node;
      },
    },
    true,
  );
  if (!handler) throw new Error("fixture has no function");
  return { throws, handler };
}

describe("isCaught", () => {
  it("is true in the block of a try with a catch clause", () => {
    const { throws, handler } = throwsIn(`server.registerTool("read_file", cfg, async ({ path }) => {
      try { if (!path) throw new Error("path is required"); } catch (err) { return toError(err); }
    });`);
    expect(throws.map((node) => isCaught(node, handler, NO_CATCHING_CALL))).toEqual([true]);
  });

  it("is false for try/finally without a catch clause", () => {
    const { throws, handler } = throwsIn(`server.registerTool("read_file", cfg, async ({ path }) => {
      try { throw new Error("path is required"); } finally { await release(); }
    });`);
    expect(throws.map((node) => isCaught(node, handler, NO_CATCHING_CALL))).toEqual([false]);
  });

  it("is false for a rethrow in a catch clause unless an outer try surrounds the statement", () => {
    const { throws, handler } = throwsIn(`server.registerTool("git_log", cfg, async (args) => {
      try { await runGit(args); } catch (err) { throw err; }
      try {
        try { await runGit(args); } catch (err) { throw new Error(\`git failed: \${String(err)}\`); }
      } catch (outer) { return toError(outer); }
    });`);
    expect(throws.map((node) => isCaught(node, handler, NO_CATCHING_CALL))).toEqual([false, true]);
  });

  it("is true in a function given to a catching call inside the boundary, and only there", () => {
    const { throws, handler } = throwsIn(`server.tool("getConsoleLogs", "Check the logs", async () => {
      const logs = await withServerConnection(async () => { throw new Error("no connection"); });
      await retry(async () => { throw new Error("no connection"); });
      return logs;
    });`);
    const catchingCall = (call: TSESTree.Node): boolean =>
      call.type === AST_NODE_TYPES.CallExpression && calleeName(call.callee) === "withServerConnection";
    expect(throws.map((node) => isCaught(node, handler, catchingCall))).toEqual([true, false]);
    expect(throws.map((node) => isCaught(node, handler, NO_CATCHING_CALL))).toEqual([false, false]);
  });

  it("does not count a try outside the boundary", () => {
    const { throws, handler } = throwsIn(`try {
      server.tool("search", "Search the index", shape, async ({ query }) => { throw new Error(query); });
    } catch (err) { console.error(err); }`);
    expect(throws.map((node) => isCaught(node, handler, NO_CATCHING_CALL))).toEqual([false]);
  });
});
