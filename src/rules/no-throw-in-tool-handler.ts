import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import { enclosingFunction, isCaught } from "../model/estree-tree.js";
import { errorResultSource, prefixedMessageSource } from "../fix/error-result-source.js";
import { thrownMessage } from "../model/thrown-message.js";
import { ThrowCollector } from "../model/throws.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { contains } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { allowedErrorClassesSchema } from "../util/options.js";

export const RULE_NAME = "no-throw-in-tool-handler";

type Options = [{ allow: string[] }];
type MessageIds = "invalidSettings" | "replaceWithErrorResult" | "reject" | "throw" | "throwingCall";

export default createRule<Options, MessageIds>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Disallow throws and rejections that escape a tool handler",
      recommended: "recommended",
    },
    hasSuggestions: true,
    messages: {
      // eslint-disable-next-line eslint-plugin/no-unused-message-ids -- getMcpContext reports it for the rule
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      throw:
        "Tool handlers must never throw: this `throw` escapes the handler. Return an error result (`isError: true`) instead.",
      reject:
        "Tool handlers must never throw: this rejected promise escapes the handler. Return an error result (`isError: true`) instead.",
      throwingCall: "`{{name}}()` can throw (line {{line}}): catch it in the handler and return an error result",
      replaceWithErrorResult: "Return an error result (`isError: true`) instead of throwing.",
    },
    schema: [
      {
        type: "object",
        properties: {
          allow: allowedErrorClassesSchema,
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [] }],
  },
  create(context, [{ allow }]) {
    const mcp = getMcpContext(context);
    if (!mcp?.gates.handlers) return {};
    const throws = new ThrowCollector(context.sourceCode, allow);

    return {
      ...throws.listeners,
      "Program:exit"() {
        for (const site of throws.sites()) {
          const handler = mcp.handlers.enclosingToolHandler(site);
          if (!handler || handler.guarded || !throws.escapes(site, handler.fn) || mcp.handlers.isInUnknownToolBranch(site, handler)) continue;
          if (site.type === AST_NODE_TYPES.CallExpression) {
            context.report({ node: site, messageId: "reject" });
            continue;
          }
          const message = thrownMessage(site.argument, context.sourceCode, mcp.settings);
          context.report({
            node: site,
            messageId: "throw",
            // Only in the handler's own body does `return` end the handler; with no message to show, no suggestion.
            suggest:
              message && enclosingFunction(site) === handler.fn
                ? [
                    {
                      messageId: "replaceWithErrorResult",
                      fix: (fixer) =>
                        fixer.replaceText(
                          site,
                          `return ${errorResultSource(prefixedMessageSource(message, context.sourceCode, mcp.settings.errorPrefix))};`,
                        ),
                    },
                  ]
                : [],
          });
        }
        for (const { call, callee } of throws.throwingCalls()) {
          const handler = mcp.handlers.enclosingToolHandler(call);
          // A function declared inside the handler is part of it: its throws are reported as they are.
          if (!handler || handler.guarded || isCaught(call, handler.fn) || contains(handler.fn, callee.fn)) continue;
          if (mcp.handlers.isInUnknownToolBranch(call, handler)) continue;
          context.report({ node: call, messageId: "throwingCall", data: { name: callee.name, line: callee.line } });
        }
      },
    };
  },
});
