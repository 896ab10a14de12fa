import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { isCaughtByParent, runsInside } from "../model/estree-tree.js";
import { wrapInTryCatch } from "../fix/wrap-in-try-catch.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { isNonThrowingCall } from "../model/non-throwing-calls.js";
import type { ToolHandler } from "../model/tool-handlers.js";
import { unreadWrapperHint, wrapperHint } from "../model/throw-outcome.js";
import { type FunctionNode, functionHeadLocation, isFunctionNode, someNode } from "../util/ast.js";
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
    const { sourceCode, handlers } = mcp;
    // Logging, conversions and error helpers are not work that can fail (nor is awaiting them), nor is handing a
    // function to a wrapper that catches what it throws (`withToolErrors(async () => ...)`): that call is the guard.
    const canFail = (node: GuardedWork): boolean => {
      const call = node.type === AST_NODE_TYPES.AwaitExpression ? node.argument : node;
      if (call.type !== AST_NODE_TYPES.CallExpression && call.type !== AST_NODE_TYPES.NewExpression) return true;
      return (
        !isNonThrowingCall(call, sourceCode, mcp.errorHelpers) &&
        !(call.type === AST_NODE_TYPES.CallExpression && call.arguments.some((argument) => handlers.catchingCall(call, argument)))
      );
    };
    const isUnguardedWork = (node: TSESTree.Node, handler: ToolHandler): boolean =>
      (node.type === AST_NODE_TYPES.AwaitExpression ||
        node.type === AST_NODE_TYPES.CallExpression ||
        node.type === AST_NODE_TYPES.NewExpression) &&
      !handlers.isInUnknownToolBranch(node, handler) &&
      canFail(node) &&
      !handlers.isToolLookup(node, handler);
    /**
     * Where the search for unguarded work goes on: not into what a `try` or a catching call guards (`isCaught`), a
     * `catch` clause (code there handles an error), a `throw` (building the error it throws is not work: the throw is
     * `no-throw-in-tool-handler`'s business), nor a nested function whose handler is another (the model's nearest
     * handler: one of its own) or that runs elsewhere (`runsInside`).
     */
    const isOwnRun = (node: TSESTree.Node, handler: ToolHandler): boolean =>
      node.type !== AST_NODE_TYPES.CatchClause &&
      node.type !== AST_NODE_TYPES.ThrowStatement &&
      !isCaughtByParent(node, handlers.catchingCall) &&
      (!isFunctionNode(node) || (handlers.enclosingToolHandler(node) === handler && runsInside(node, handler.fn, sourceCode)));

    // One listener per function, not one per call: the handler's body is searched only when the function is one.
    return {
      ":function"(fn: FunctionNode) {
        const handler = handlers.toolHandler(fn);
        if (!handler || handler.guarded) return;
        // A handler whose whole work goes to a wrapper the model cannot read: the message names it, as it names the
        // wrapper of a handler given to one.
        const thunkWrapper = handlers.unreadThunkWrapper(handler);
        if (
          !thunkWrapper &&
          !someNode(
            fn.body,
            sourceCode.visitorKeys,
            (node) => isUnguardedWork(node, handler),
            (node) => isOwnRun(node, handler),
          )
        )
          return;
        context.report({
          node: fn,
          loc: functionHeadLocation(fn, sourceCode),
          messageId: "unguarded",
          data: { hint: thunkWrapper ? unreadWrapperHint(thunkWrapper.name) : wrapperHint(handler) },
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
      },
    };
  },
});
