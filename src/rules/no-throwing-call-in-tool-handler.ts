import { ESLintUtils } from "@typescript-eslint/utils";
import { typescript } from "../model/typescript/typescript.js";
import { isCaught } from "../model/estree-tree.js";
import { getMcpContext } from "../model/context.js";
import { getThrowAnalysis, type ThrowPath, type ThrowTarget } from "../model/typescript/throwing-functions.js";
import { containsTs, fileLine } from "../model/typescript/ts-nodes.js";
import { runtimeConvertsThrows } from "../model/handler-shapes.js";
import { throwOutcome } from "../model/throw-outcome.js";
import { createRule } from "../util/create-rule.js";
import { allowedErrorClassesSchema, reportConvertedThrowsSchema } from "../util/options.js";

export const RULE_NAME = "no-throwing-call-in-tool-handler";

type Options = [{ maxDepth: number; checkThrowsTags: boolean; allow: string[]; reportConvertedThrows: boolean }];
type MessageIds = "throwingCall";

export default createRule<Options, MessageIds>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Disallow calls in a tool handler to functions in other files that can throw",
      recommended: "recommended",
      requiresTypeChecking: true,
    },
    messages: {
      throwingCall:
        "{{chain}} can throw ({{location}}); {{outcome}}. Catch it in the handler and return an error result (`isError: true`).",
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
    const services = ESLintUtils.getParserServices(context);
    const { program } = services;
    const mcp = getMcpContext(context);
    const analysis = getThrowAnalysis(program, { allow, checkThrowsTags });
    const file = services.esTreeNodeToTSNodeMap.get(context.sourceCode.ast);

    /**
     * How a callee can throw, unless `no-throw-in-tool-handler` reports the call already: a
     * function of this file that throws through this file's own functions.
     */
    const throwPathOf = (target: ThrowTarget): ThrowPath | undefined => {
      const path = analysis.throwPath(target, maxDepth);
      if (!path || target.getSourceFile() !== file) return path;
      return analysis.throwPath(target, maxDepth, file) ? undefined : path;
    };

    return {
      CallExpression(node) {
        const handler = mcp.handlers.enclosingToolHandler(node);
        if (!handler || handler.guarded || (!reportConvertedThrows && runtimeConvertsThrows(handler))) return;
        if (isCaught(node, handler.fn) || mcp.handlers.isInUnknownToolBranch(node, handler)) return;
        const call = services.esTreeNodeToTSNodeMap.get(node);
        if (!typescript.isCallExpression(call)) return;
        const handlerNode = services.esTreeNodeToTSNodeMap.get(handler.fn);
        for (const target of analysis.targetsOf(call)) {
          // A function declared inside the handler is part of it: its throws are the handler's own.
          if (containsTs(handlerNode, target)) continue;
          const path = throwPathOf(target);
          if (!path) continue;
          context.report({
            node,
            messageId: "throwingCall",
            data: {
              chain: path.chain.map((name) => `\`${name}()\``).join(" → "),
              location: fileLine(path.site, context.cwd),
              outcome: throwOutcome(handler.path, "its throw", mcp.settings.errorPrefix),
            },
          });
          return;
        }
      },
    };
  },
});
