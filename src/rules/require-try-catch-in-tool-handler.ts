import { AST_NODE_TYPES, ASTUtils, type TSESTree } from "@typescript-eslint/utils";
import { isCaught } from "../model/estree-tree.js";
import { wrapInTryCatch } from "../fix/wrap-in-try-catch.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { isNonThrowingCall } from "../model/non-throwing-calls.js";
import type { ToolHandler } from "../model/tool-handlers.js";
import { wrapperHint } from "../model/throw-outcome.js";
import { contains, enclosingCatch, type FunctionNode } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "require-try-catch-in-tool-handler";

type GuardedWork = TSESTree.AwaitExpression | TSESTree.CallExpression | TSESTree.NewExpression;

export default createRule({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Require tool handlers to guard their work with try/catch",
      recommended: "strict",
    },
    hasSuggestions: true,
    messages: {
      // eslint-disable-next-line eslint-plugin/no-unused-message-ids -- getMcpContext reports it for the rule
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      unguarded:
        "This tool handler does work outside a try/catch, so anything that throws escapes it. Wrap the body in try/catch and return an error result (`isError: true`).{{hint}}",
      wrapInTryCatch: "Wrap the handler's body in try/catch returning an error result.",
    },
    schema: [],
  },
  create(context) {
    const mcp = getMcpContext(context);
    if (!mcp?.gates.handlers) return {};
    const { sourceCode } = context;
    // Each expression with the function it is directly in, so finding its handler costs no walk.
    const work: { node: GuardedWork; fn: FunctionNode }[] = [];
    const functions: FunctionNode[] = [];
    const collect = (node: GuardedWork): void => {
      const fn = functions.at(-1);
      if (fn) work.push({ node, fn });
    };
    // Logging, conversions and error helpers are not work that can fail (nor is awaiting them).
    const canFail = (node: GuardedWork): boolean => {
      const call = node.type === AST_NODE_TYPES.AwaitExpression ? node.argument : node;
      return call.type !== AST_NODE_TYPES.CallExpression || !isNonThrowingCall(call, sourceCode, mcp.errorHelpers);
    };
    const isUnguarded = (node: GuardedWork, handler: ToolHandler): boolean =>
      contains(handler.fn.body, node) &&
      !isCaught(node, handler.fn) &&
      enclosingCatch(node, handler.fn) === undefined &&
      !mcp.handlers.isInUnknownToolBranch(node, handler) &&
      canFail(node);

    return {
      ":function"(node: FunctionNode) {
        functions.push(node);
      },
      ":function:exit"() {
        functions.pop();
      },
      AwaitExpression: collect,
      CallExpression: collect,
      NewExpression: collect,
      "Program:exit"() {
        const decided = new Set<FunctionNode>();
        for (const { node, fn: innermost } of work) {
          const handler = mcp.handlers.enclosingToolHandler(innermost);
          if (!handler || decided.has(handler.fn)) continue;
          if (handler.guarded) {
            decided.add(handler.fn);
            continue;
          }
          if (!isUnguarded(node, handler)) continue;
          decided.add(handler.fn);
          const { fn } = handler;
          context.report({
            node: fn,
            loc: ASTUtils.getFunctionHeadLocation(fn, sourceCode),
            messageId: "unguarded",
            data: { hint: wrapperHint(handler) },
            suggest: [
              {
                messageId: "wrapInTryCatch",
                fix: (fixer) => {
                  const { range, text } = wrapInTryCatch(fn, sourceCode, mcp.settings.errorPrefix);
                  return fixer.replaceTextRange(range, text);
                },
              },
            ],
          });
        }
      },
    };
  },
});
