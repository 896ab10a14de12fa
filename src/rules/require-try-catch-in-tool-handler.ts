import { AST_NODE_TYPES, ASTUtils, type TSESTree } from "@typescript-eslint/utils";
import { isCaught, runsInside } from "../model/estree-tree.js";
import { wrapInTryCatch } from "../fix/wrap-in-try-catch.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { isNonThrowingCall } from "../model/non-throwing-calls.js";
import type { ToolHandler } from "../model/tool-handlers.js";
import { wrapperHint } from "../model/throw-outcome.js";
import { contains, enclosingCatch, enclosingThrow, type FunctionNode } from "../util/ast.js";
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
    const { sourceCode } = mcp;
    // The handler each function being walked belongs to (decided on entry: the scopes are complete before the walk).
    const handlers: (ToolHandler | undefined)[] = [];
    // Handlers reported, or guarded by a wrapper that catches: each is decided once.
    const decided = new Set<FunctionNode>();
    // Logging, conversions and error helpers are not work that can fail (nor is awaiting them).
    const canFail = (node: GuardedWork): boolean => {
      const call = node.type === AST_NODE_TYPES.AwaitExpression ? node.argument : node;
      return (
        (call.type !== AST_NODE_TYPES.CallExpression && call.type !== AST_NODE_TYPES.NewExpression) ||
        !isNonThrowingCall(call, sourceCode, mcp.errorHelpers)
      );
    };
    const isUnguarded = (node: GuardedWork, handler: ToolHandler): boolean =>
      contains(handler.fn.body, node) &&
      !isCaught(node, handler.fn, mcp.handlers.catchingCall) &&
      enclosingCatch(node, handler.fn) === undefined &&
      // Building the error a `throw` throws is not work: the throw itself is `no-throw-in-tool-handler`'s business.
      enclosingThrow(node, handler.fn) === undefined &&
      !mcp.handlers.isInUnknownToolBranch(node, handler) &&
      canFail(node);

    /** Reports the handler around `node` at its first unguarded work, in source order. */
    const check = (node: GuardedWork): void => {
      const handler = handlers.at(-1);
      if (!handler || decided.has(handler.fn)) return;
      if (handler.guarded) {
        decided.add(handler.fn);
        return;
      }
      if (!isUnguarded(node, handler)) return;
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
    };

    return {
      ":function"(node: FunctionNode) {
        const handler = mcp.handlers.enclosingToolHandler(node);
        // Its calls are the handler's work, not its body.
        handlers.push(handler && !runsInside(node, handler.fn, sourceCode) ? undefined : handler);
      },
      ":function:exit"() {
        handlers.pop();
      },
      AwaitExpression: check,
      CallExpression: check,
      NewExpression: check,
    };
  },
});
