import { removeProperty } from "../fix/remove-property.js";
import { getMcpContext } from "../model/context.js";
import { isErrorResultOrByEvidence } from "../model/error-evidence.js";
import { onErrorHelperCall } from "../model/error-helpers.js";
import { isEmptyText } from "../model/error-text.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { hasEmptyContent, hasIsErrorTrue, onToolResult, spreadObjects } from "../model/tool-results.js";
import type { TSESTree } from "@typescript-eslint/utils";
import { isContentlessFailureAnswer } from "../model/failure-answers.js";
import { findProperty, onObjectWithProperty } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "error-result-content";

export default createRule({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Require error results to say what went wrong in their content, without `structuredContent`",
      recommended: "recommended",
    },
    hasSuggestions: true,
    messages: {
      // eslint-disable-next-line eslint-plugin/no-unused-message-ids -- getMcpContext reports it for the rule
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      emptyContent:
        "This error result tells the model nothing: {{what}}. Say what went wrong in a text item (`Error: ...`), so that the model can correct its call or explain the failure.",
      structuredContent:
        "This error result carries `structuredContent`. A client on SDK v1.x validates it against the tool's success `outputSchema`, where the tool declares one, and fails the call with -32602 where it does not match; servers skip that validation for errors, so leave it out and say what went wrong in `content`.",
      removeStructuredContent: "Remove `structuredContent` from the error result.",
      noContent:
        'This answer to a failure has no `content`: the SDK reads it as an empty result, so the client takes it for a success and the model never sees what went wrong. Return `{ content: [{ type: "text", text: "Error: ..." }], isError: true }`.',
    },
    schema: [],
  },
  create(context) {
    const mcp = getMcpContext(context);
    if (!mcp?.gates.toolResults) return {};
    const { errorHelpers: helpers, sourceCode } = mcp;

    /** Objects a handler returns as its answer to a failure, checked once each. */
    const checked = new Set<TSESTree.ObjectExpression>();
    const checkContentless = (object: TSESTree.ObjectExpression): void => {
      if (checked.has(object)) return;
      checked.add(object);
      if (isContentlessFailureAnswer(object, mcp)) context.report({ node: object, messageId: "noContent" });
    };

    return {
      ...onObjectWithProperty("error", checkContentless),
      ...onObjectWithProperty("isError", checkContentless),
      ...onToolResult((result) => {
        const { node } = result;
        // A spread may bring `content`, `isError` or `structuredContent`: what the result holds is unknown, unless it
        // brings object literals only (`...(schema ? { structuredContent } : {})`).
        const brought = result.hasSpread ? spreadObjects(node) : [];
        if (!brought || !isErrorResultOrByEvidence(result, mcp, sourceCode)) return;
        if (hasEmptyContent(result, sourceCode)) {
          context.report({
            node: result.content,
            messageId: "emptyContent",
            data: { what: result.content.elements.length === 0 ? "its content is empty" : "its text is empty" },
          });
        }
        const structured = findProperty(node, "structuredContent");
        if (structured) {
          context.report({
            node: structured,
            messageId: "structuredContent",
            suggest: [
              {
                messageId: "removeStructuredContent",
                fix: (fixer) => removeProperty(fixer, sourceCode, node, structured) ?? null,
              },
            ],
          });
        }
        // One a spread brings sometimes, to a result that says `isError: true` itself (a result marked later may be marked
        // on the spread's own condition: `...(isError ? {} : { structuredContent })`); where to take it out is the author's.
        const spread =
          structured || !hasIsErrorTrue(result)
            ? undefined
            : brought.map((object) => findProperty(object, "structuredContent")).find(Boolean);
        if (spread) context.report({ node: spread, messageId: "structuredContent" });
      }),
      // The helper's own result is checked where the helper builds it; a call can only give it an empty message.
      ...onErrorHelperCall(helpers, (call, helper) => {
        const message = helpers.messageOf(call, helper);
        if (!message || !isEmptyText(message, sourceCode)) return;
        context.report({ node: message, messageId: "emptyContent", data: { what: `the message given to \`${helper.name}\` is empty` } });
      }),
    };
  },
});
