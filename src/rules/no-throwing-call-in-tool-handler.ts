import type { TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { typescript } from "../model/typescript/typescript.js";
import { isCaught, runsInside } from "../model/estree-tree.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { getThrowAnalysis, type ThrowPath, type ThrowTarget } from "../model/typescript/throwing-functions.js";
import { describeSite } from "../model/typescript/throwing-library-calls.js";
import { containsTs } from "../model/typescript/ts-nodes.js";
import { runtimeConvertsThrows } from "../model/handler-shapes.js";
import { throwOutcome, wrapperHint } from "../model/throw-outcome.js";
import { createRule } from "../util/create-rule.js";
import { requireParserServices } from "../util/parser-services.js";
import { allowedErrorClassesSchema, reportConvertedThrowsSchema } from "../util/options.js";

export const RULE_NAME = "no-throwing-call-in-tool-handler";

type Options = [{ maxDepth: number; checkThrowsTags: boolean; allow: string[]; reportConvertedThrows: boolean }];
type MessageIds = "invalidSettings" | "throwingCall";

export default createRule<Options, MessageIds>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Disallow calls in a tool handler to functions in other files or libraries that can throw",
      recommended: "recommended",
      requiresTypeChecking: true,
    },
    messages: {
      // eslint-disable-next-line eslint-plugin/no-unused-message-ids -- getMcpContext reports it for the rule
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      throwingCall:
        "{{chain}} can throw ({{location}}); {{outcome}}. Catch it in the handler and return an error result (`isError: true`).{{hint}}",
    },
    schema: [
      {
        type: "object",
        properties: {
          maxDepth: {
            type: "integer",
            minimum: 1,
            description: "How many functions deep a chain of calls is followed (the callee counts as 1).",
          },
          checkThrowsTags: {
            type: "boolean",
            description: "Count a callee whose declaration has a JSDoc `@throws` tag as throwing, in `.d.ts` files and packages too.",
          },
          allow: allowedErrorClassesSchema,
          reportConvertedThrows: reportConvertedThrowsSchema,
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ maxDepth: 8, checkThrowsTags: true, allow: [], reportConvertedThrows: true }],
  },
  create(context, [{ maxDepth, checkThrowsTags, allow, reportConvertedThrows }]) {
    const services = requireParserServices(context);
    if (!services) return {};
    const { program } = services;
    const mcp = getMcpContext(context);
    if (!mcp?.gates.handlers) return {};
    const analysis = getThrowAnalysis(program, { allow, checkThrowsTags }, mcp.settings);
    const file = services.esTreeNodeToTSNodeMap.get(context.sourceCode.ast);

    /**
     * How a callee can throw, unless `no-throw-in-tool-handler` reports the call already: a
     * function of this file that throws through this file's own functions.
     */
    const throwPathOf = (call: ts.CallExpression, target: ThrowTarget): ThrowPath | undefined => {
      const path = analysis.throwPath(target, maxDepth);
      if (!path || !analysis.followsInFile(call, target, file)) return path;
      return analysis.throwPath(target, maxDepth, file) ? undefined : path;
    };

    const check = (node: TSESTree.CallExpression | TSESTree.NewExpression): void => {
      const handler = mcp.handlers.enclosingToolHandler(node);
      if (!handler || handler.guarded || (!reportConvertedThrows && runtimeConvertsThrows(handler))) return;
      if (isCaught(node, handler.fn, mcp.handlers.catchingCall) || mcp.handlers.isInUnknownToolBranch(node, handler)) return;
      // In a nested function that runs where it is used, the calls of that function are reported instead.
      if (!runsInside(node, handler.fn, context.sourceCode)) return;
      const report = (chain: readonly string[], location: string): void => {
        context.report({
          node,
          messageId: "throwingCall",
          data: {
            chain: chain.map((name) => `\`${name}()\``).join(" → "),
            location,
            outcome: throwOutcome(handler, "its throw", mcp.settings.errorPrefix),
            hint: wrapperHint(handler),
          },
        });
      };
      const call = services.esTreeNodeToTSNodeMap.get(node);
      if (!typescript.isCallExpression(call) && !typescript.isNewExpression(call)) return;
      const library = analysis.libraryThrowAt(call);
      if (library) {
        report([library.name], library.source);
        return;
      }
      if (!typescript.isCallExpression(call)) return;
      const handlerNode = services.esTreeNodeToTSNodeMap.get(handler.fn);
      for (const target of analysis.targetsOf(call)) {
        // A function nested in the handler that runs where it is written is part of it: its throws are the handler's own.
        if (containsTs(handlerNode, target) && analysis.runsInside(target, handlerNode)) continue;
        if (analysis.handlesRejectionAt(call, target)) continue;
        const path = throwPathOf(call, target);
        if (!path) continue;
        const site = describeSite(program, path.site, context.cwd);
        report(path.chain, path.library ? `${site}, ${path.library.source}` : site);
        return;
      }
    };

    return { CallExpression: check, NewExpression: check };
  },
});
