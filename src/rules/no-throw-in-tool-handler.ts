import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, isCaught, runsInside } from "../model/estree-tree.js";
import { errorResultSource, prefixedMessageSource } from "../fix/error-result-source.js";
import { runtimeConvertsThrows } from "../model/handler-shapes.js";
import { frameworkErrorClass, throwOutcome, throwWrapperHint } from "../model/throw-outcome.js";
import type { ToolHandler } from "../model/tool-handlers.js";
import { thrownMessage } from "../model/thrown-message.js";
import { ThrowCollector, type ThrowSite } from "../model/throws.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { contains } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { allowedErrorClassesSchema, reportConvertedThrowsSchema } from "../util/options.js";

export const RULE_NAME = "no-throw-in-tool-handler";

type Options = [{ allow: string[]; reportConvertedThrows: boolean }];
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
      throw: "Tool handlers must never throw: {{outcome}}. Return an error result (`isError: true`) instead.{{hint}}",
      reject: "Tool handlers must never throw: {{outcome}}. Return an error result (`isError: true`) instead.{{hint}}",
      throwingCall:
        "`{{name}}()` can throw (line {{line}}); {{outcome}}. Catch it in the handler and return an error result (`isError: true`).{{hint}}",
      replaceWithErrorResult: "Return an error result (`isError: true`) instead of throwing.",
    },
    schema: [
      {
        type: "object",
        properties: {
          allow: allowedErrorClassesSchema,
          reportConvertedThrows: reportConvertedThrowsSchema,
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [], reportConvertedThrows: true }],
  },
  create(context, [{ allow, reportConvertedThrows }]) {
    const mcp = getMcpContext(context);
    if (!mcp) return {};
    const { sourceCode } = mcp;
    const throws = new ThrowCollector(sourceCode, allow, mcp.handlers.catchingCall);
    const { errorPrefix } = mcp.settings;
    /** The handler around `node` whose throws this rule reports, unless a wrapper or (by option) the runtime converts them. */
    const reportedHandler = (node: TSESTree.Node) => {
      const handler = mcp.handlers.enclosingToolHandler(node);
      if (!handler || handler.guarded || (!reportConvertedThrows && runtimeConvertsThrows(handler))) return undefined;
      return handler;
    };
    /** How to tell the rule that this throw is fine: a framework's own error class, and a wrapper that catches. */
    const hint = (site: ThrowSite, thrown: TSESTree.Node | undefined, handler: ToolHandler): string => {
      const name = frameworkErrorClass(thrown);
      const allowHint =
        name === undefined ? "" : ` If your framework turns \`${name}\` into an error result, add it to this rule's \`allow\` option.`;
      return allowHint + throwWrapperHint(handler, site, mcp.handlers);
    };

    return {
      ...throws.listeners,
      "Program:exit"() {
        // Gated here, not at the start: a file without a throw needs no look at its text for handler shapes.
        if (throws.sites().length === 0 || !mcp.gates.handlers) return;
        for (const site of throws.sites()) {
          const handler = reportedHandler(site);
          if (!handler || !throws.escapes(site, handler.fn) || mcp.handlers.isInUnknownToolBranch(site, handler)) continue;
          if (site.type === AST_NODE_TYPES.CallExpression) {
            context.report({
              node: site,
              messageId: "reject",
              data: {
                outcome: throwOutcome(handler, "this rejected promise", errorPrefix, frameworkErrorClass(site.arguments[0])),
                hint: hint(site, site.arguments[0], handler),
              },
            });
            continue;
          }
          const message = thrownMessage(site.argument, sourceCode, mcp.settings);
          context.report({
            node: site,
            messageId: "throw",
            data: {
              outcome: throwOutcome(handler, "this `throw`", errorPrefix, frameworkErrorClass(site.argument)),
              hint: hint(site, site.argument, handler),
            },
            // Only in the handler's own body does `return` end the handler; with no message to show, no suggestion.
            suggest:
              message && enclosingFunction(site) === handler.fn
                ? [
                    {
                      messageId: "replaceWithErrorResult",
                      fix: (fixer) =>
                        fixer.replaceText(site, `return ${errorResultSource(prefixedMessageSource(message, sourceCode, errorPrefix))};`),
                    },
                  ]
                : [],
          });
        }
        for (const { call, callee } of throws.throwingCalls()) {
          const handler = reportedHandler(call);
          // A call in a nested function that runs where it is called is reported at that function's calls; a function
          // nested in the handler that runs where it is written is part of it, its throws reported as they are.
          if (!handler || isCaught(call, handler.fn, mcp.handlers.catchingCall) || !runsInside(call, handler.fn, sourceCode)) continue;
          if (contains(handler.fn, callee.fn) && runsInside(callee.fn, handler.fn, sourceCode)) continue;
          if (mcp.handlers.isInUnknownToolBranch(call, handler)) continue;
          context.report({
            node: call,
            messageId: "throwingCall",
            data: {
              name: callee.name,
              line: callee.line,
              outcome: throwOutcome(handler, "its throw", errorPrefix),
              hint: throwWrapperHint(handler, call, mcp.handlers),
            },
          });
        }
      },
    };
  },
});
