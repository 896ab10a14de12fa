import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { bindsParameter, childNodes, type FunctionNode, isFunctionNode, someNode } from "../../src/util/ast.js";
import { runProbe } from "../model/probe.js";

const root = fileURLToPath(new URL("../../examples/", import.meta.url));
const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.includes("node_modules"),
);
const examples = files.map((file) => readFileSync(path.join(root, file), "utf8"));

/** A class-based server whose handlers take destructured, defaulted, rest and constructor-property parameters. */
const SERVER = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class IssueServer {
  constructor(private readonly tracker: IssueTracker, public server = new McpServer({ name: "issues", version: "1.0.0" })) {}
  register() {
    this.server.registerTool("search", { inputSchema }, async ({ query, filters: { state = "open", ...rest } }, [first, , ...others] = []) =>
      this.tracker.search(query, state, rest, first, others),
    );
    this.server.registerTool("close", { inputSchema }, function close({ id }: { id: number }) {
      return tracker.close(id);
    });
  }
}`;

/** The identifiers a function's parameters and body spell, by name. */
function namesIn(fn: FunctionNode, visitorKeys: TSESLint.SourceCode.VisitorKeys): Set<string> {
  const names = new Set<string>();
  for (const part of [...fn.params, fn.body]) {
    someNode(part, visitorKeys, (node) => {
      if (node.type === AST_NODE_TYPES.Identifier) names.add(node.name);
      return false;
    });
  }
  return names;
}

describe("bindsParameter", () => {
  it("agrees with scope analysis on every name each function of the example servers and a class server spells", () => {
    let compared = 0;
    for (const code of [SERVER, ...examples]) {
      runProbe(code, (context) => ({
        ":function"(fn: FunctionNode) {
          const parameters = new Set(
            context.sourceCode
              .getDeclaredVariables(fn)
              .filter((variable) => variable.defs.some((definition) => definition.type === TSESLint.Scope.DefinitionType.Parameter))
              .map((variable) => variable.name),
          );
          for (const name of namesIn(fn, context.sourceCode.visitorKeys)) {
            expect(bindsParameter(fn, name), name).toBe(parameters.has(name));
            compared++;
          }
        },
      }));
    }
    expect(compared).toBeGreaterThan(500);
  });
});

describe("someNode", () => {
  it("visits every node under the root once, and none under a node that descend rejects", () => {
    runProbe(SERVER, (context) => ({
      "Program:exit"(program: TSESTree.Program) {
        const { visitorKeys } = context.sourceCode;
        const everyNode: TSESTree.Node[] = [];
        expect(someNode(program, visitorKeys, (node) => (everyNode.push(node), false))).toBe(false);
        let count = 0;
        const pending: TSESTree.Node[] = [program];
        for (let node = pending.pop(); node; node = pending.pop(), count++) pending.push(...childNodes(node, visitorKeys));
        expect(new Set(everyNode).size).toBe(count);
        expect(everyNode).toHaveLength(count);

        const outsideFunctions: TSESTree.Node[] = [];
        someNode(
          program,
          visitorKeys,
          (node) => (outsideFunctions.push(node), false),
          (node) => !isFunctionNode(node),
        );
        const functions = outsideFunctions.filter(isFunctionNode);
        // The constructor and `register`, not the handlers nested in `register`.
        expect(functions.map((fn) => fn.loc.start.line).sort()).toEqual([4, 5]);
        expect(
          outsideFunctions.some((node) =>
            functions.some((fn) => fn !== node && fn.range[0] <= node.range[0] && node.range[1] <= fn.range[1]),
          ),
        ).toBe(false);
        expect(someNode(program, visitorKeys, (node) => node.type === AST_NODE_TYPES.AwaitExpression)).toBe(false);
        expect(someNode(program, visitorKeys, (node) => node.type === AST_NODE_TYPES.TSParameterProperty)).toBe(true);
      },
    }));
  });
});
