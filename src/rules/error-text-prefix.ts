import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { type PrefixFinding, prefixChecker } from "../model/error-prefix.js";
import { staticPrefix, type TextLiteral, textBranches } from "../model/error-text.js";
import { hasIsErrorTrue, toolResult } from "../model/tool-results.js";
import { replaceTextStart, type SourceEdit } from "../fix/replace-text-start.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "error-text-prefix";

const applyEdit = (edit: SourceEdit) => (fixer: TSESLint.RuleFixer) => fixer.replaceTextRange(edit.range, edit.text);

export default createRule({
  name: RULE_NAME,
  meta: {
    type: "suggestion",
    docs: {
      description: "Enforce the configured prefix at the start of every error result's text",
      recommended: "recommended",
    },
    fixable: "code",
    hasSuggestions: true,
    messages: {
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      missingPrefix:
        "Error text should start with {{prefix}} (settings errorPrefix), so that every failure reads the same way to the model and to people.",
      doublePrefix: "This error text starts with {{prefix}} twice. Remove the extra one.",
      addPrefix: "Start the text with {{prefix}}.",
    },
    schema: [],
  },
  create(context) {
    const mcp = getMcpContext(context);
    if (!mcp?.gates.toolResults) return {};
    const { settings, errorHelpers: helpers } = mcp;
    const checker = prefixChecker(settings.errorPrefix, settings.acceptedErrorPrefixes);
    const data = { prefix: JSON.stringify(settings.errorPrefix) };

    function report(node: TSESTree.Node, literal: TextLiteral, finding: PrefixFinding): void {
      if (finding.kind === "word") {
        // `Error getting page: ...` already says so in its own words: stacking a prefix is a choice.
        const edit = replaceTextStart(literal, 0, checker.prefix);
        context.report({
          node,
          messageId: "missingPrefix",
          data,
          suggest: edit ? [{ messageId: "addPrefix", data, fix: applyEdit(edit) }] : [],
        });
        return;
      }
      // A variant or a repeat is replaced by the canonical prefix; a missing one is inserted.
      const edit = replaceTextStart(literal, finding.kind === "missing" ? 0 : finding.length, checker.prefix);
      context.report({
        node,
        messageId: finding.kind === "double" ? "doublePrefix" : "missingPrefix",
        data,
        fix: edit ? applyEdit(edit) : null,
      });
    }

    function checkText(text: TSESTree.Node): void {
      for (const branch of textBranches(text)) {
        const prefix = staticPrefix(branch);
        const finding = prefix && checker.check(prefix);
        if (prefix && finding) report(branch, prefix.literal, finding);
      }
    }

    /** The message given to a helper that adds `added` itself must not start with it too. */
    function checkPrefixedMessage(message: TSESTree.Node, added: string): void {
      const own = prefixChecker(added);
      for (const branch of textBranches(message)) {
        const prefix = staticPrefix(branch);
        const length = prefix ? own.leadingLength(prefix.text) : 0;
        if (!prefix || length === 0) continue;
        const edit = replaceTextStart(prefix.literal, length, "");
        context.report({
          node: branch,
          messageId: "doublePrefix",
          data: { prefix: JSON.stringify(added) },
          fix: edit ? applyEdit(edit) : null,
        });
      }
    }

    return {
      ObjectExpression(node) {
        const result = toolResult(node);
        if (result?.text && hasIsErrorTrue(result)) checkText(result.text);
      },
      CallExpression(node) {
        const helper = helpers.helperFor(node);
        const message = helper && helpers.messageOf(node, helper);
        if (!helper || !message) return;
        if (helper.addedPrefix === undefined) checkText(message);
        else checkPrefixedMessage(message, helper.addedPrefix);
      },
    };
  },
});
