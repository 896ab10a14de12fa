import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { getMcpContext } from "../model/context.js";
import { thrownErrorText } from "../model/throw-outcome.js";
import { onErrorHelperCall } from "../model/error-helpers.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { type PrefixChecker, type PrefixFinding, prefixChecker } from "../model/error-prefix.js";
import {
  caughtErrorAfterErrorWord,
  ERROR_WORD_ONLY,
  isEmptyPrefix,
  isJsonObjectText,
  isSharedConstant,
  type StaticPrefix,
  staticPrefix,
  textBranches,
} from "../model/error-text.js";
import { errorMessageExpression, writeErrorMessage } from "../fix/error-message-expression.js";
import { prefixExpression } from "../fix/prefix-expression.js";
import { contains } from "../util/ast.js";
import { failureTextsAddedLater, hasIsErrorTrue, isErrorResult, onToolResult } from "../model/tool-results.js";
import { replaceTextStart, type SourceEdit } from "../fix/replace-text-start.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "error-text-prefix";

/** One branch of a text whose start is wrong. */
interface Fault {
  branch: TSESTree.Node;
  prefix: StaticPrefix;
  finding: PrefixFinding;
}

/** How a JSON text starts, for the message. */
const JSON_START = '"{..."';

/** How much of a text's start a message quotes. */
const QUOTED_LENGTH = 20;

/** How the text starts, for the message: `"Failed to fetch..."`. */
function quotedStart({ text, complete }: StaticPrefix): string {
  const cut = text.length > QUOTED_LENGTH + 3;
  const shown = cut ? text.slice(0, QUOTED_LENGTH).trimEnd() : text;
  return JSON.stringify(cut || !complete ? `${shown}...` : shown);
}

/**
 * The edit for one fault; none for a literal other texts share through a constant, nor for a prefix after decoration
 * (`❌ Error: ...`), where one put before it would be a second.
 */
function editFor({ prefix, finding }: Fault, replacement: string): SourceEdit | undefined {
  if (prefix.shared || finding.kind === "decorated") return undefined;
  return replaceTextStart(prefix.literal, finding.kind === "missing" || finding.kind === "word" ? 0 : finding.length, replacement);
}

const applyEdits = (edits: readonly SourceEdit[]) => (fixer: TSESLint.RuleFixer) =>
  edits.map((edit) => fixer.replaceTextRange(edit.range, edit.text));

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
        "Error text {{start}} should start with {{prefix}} (settings errorPrefix), so that every failure reads the same way to the model and to people. If the project has a consistent prefix of its own, list it in settings acceptedErrorPrefixes.",
      doublePrefix: "This error text starts with {{prefix}} twice. Remove the extra one.",
      caughtErrorName:
        "`{{written}}` writes the caught error with its name, so a plain `Error` makes this text read `Error: Error: <message>`. Write the error's message instead.",
      addPrefix: "Start the text with {{prefix}}.",
      writeErrorMessage: "Write `{{replacement}}`.",
    },
    schema: [],
  },
  create(context) {
    const mcp = getMcpContext(context);
    if (!mcp) return {};
    const { settings, errorHelpers: helpers, sourceCode, handlers } = mcp;
    // A thrown message is the error text in the handlers of a runtime that answers a throw with it.
    const readsThrows = handlers.mayHoldThrowAnsweringHandlers() && mcp.gates.handlers;
    if (!mcp.gates.toolResults && !readsThrows) return {};

    /**
     * One report per text, however many branches of a conditional are at fault: on the branch when
     * one is, on the whole text otherwise. The fix mends every branch: a variant or a repeat is
     * replaced by the canonical prefix, a missing one inserted. A text that starts with the word in
     * a form of its own (`Error getting page: ...`) already says so: stacking a prefix there is a
     * suggestion.
     */
    function checkText(text: TSESTree.Node): void {
      const checker = prefixChecker(settings.errorPrefix, settings.acceptedErrorPrefixes);
      const faults: Fault[] = [];
      const branches = textBranches(text, sourceCode);
      // The branches whose start is unknown: a JSON text's is `{` (see `checkJsonText`).
      const unknown: TSESTree.Node[] = [];
      for (const branch of branches) {
        const prefix = staticPrefix(branch, sourceCode);
        if (prefix === undefined) unknown.push(branch);
        // An empty text lacks more than a prefix: error-result-content reports it.
        if (isEmptyPrefix(prefix)) continue;
        const finding = prefix && checker.check(prefix);
        // A branch of a constant's conditional is that constant's, which other texts may read.
        const shared = prefix !== undefined && !contains(text, branch) && isSharedConstant(text, sourceCode);
        if (prefix && finding) faults.push({ branch, prefix: shared ? { ...prefix, shared } : prefix, finding });
        // Only a text that starts with the word `Error:` alone may write a caught error after it.
        else if (prefix && !prefix.complete && ERROR_WORD_ONLY.test(prefix.text)) checkCaughtErrorName(branch);
      }
      const first = faults.at(0);
      if (!first) {
        if (unknown.length > 0) checkJsonText(text, branches.length, unknown, checker);
        return;
      }
      const edits = (words: boolean): SourceEdit[] =>
        faults.flatMap((fault) => ((fault.finding.kind === "word") === words ? (editFor(fault, checker.prefix) ?? []) : []));
      const fixes = edits(false);
      const suggestions = edits(true);
      const data = { prefix: JSON.stringify(settings.errorPrefix) };
      context.report({
        node: faults.length === 1 && contains(text, first.branch) ? first.branch : text,
        messageId: faults.every((fault) => fault.finding.kind === "double") ? "doublePrefix" : "missingPrefix",
        data: { ...data, start: quotedStart(first.prefix) },
        fix: fixes.length > 0 ? applyEdits(fixes) : null,
        suggest: suggestions.length > 0 ? [{ messageId: "addPrefix", data, fix: applyEdits(suggestions) }] : [],
      });
    }

    /**
     * A text written as the JSON of an object (`JSON.stringify({ error: message })`, among `unknown`, the branches of
     * `text` whose start is no literal) starts with `{`: no prefix, unless `{` is an accepted one. Putting the prefix before it may break a client that parses the text, so that edit is a
     * suggestion: `` `Error: ${JSON.stringify(...)}` ``.
     */
    function checkJsonText(text: TSESTree.Node, branchCount: number, unknown: readonly TSESTree.Node[], checker: PrefixChecker): void {
      const json = unknown.filter((branch) => isJsonObjectText(branch, sourceCode));
      if (json.length === 0 || checker.startsWithAccepted("{")) return;
      const prefix = JSON.stringify(checker.prefix);
      context.report({
        node: json.length === 1 && branchCount === 1 ? json[0] : text,
        messageId: "missingPrefix",
        data: { prefix, start: JSON_START },
        suggest: [
          {
            messageId: "addPrefix",
            data: { prefix },
            fix: applyEdits(json.map((branch) => prefixExpression(branch, checker.prefix, sourceCode))),
          },
        ],
      });
    }

    /**
     * A caught error written whole after the word `Error:` that starts the text (`` `Error: ${error}` ``), or, with
     * `added`, as the start of a message the helper prefixes with it: `Error: Error: ...` for a plain `Error`. Writing
     * only its message changes the text, so that is a suggestion.
     */
    function checkCaughtErrorName(branch: TSESTree.Node, added?: string): void {
      const found = caughtErrorAfterErrorWord(branch, sourceCode, added);
      if (!found) return;
      const replacement = errorMessageExpression(found.caught.name);
      const edit = writeErrorMessage(found.written, found.caught);
      context.report({
        node: found.written,
        messageId: "caughtErrorName",
        data: { written: sourceCode.getText(found.written) },
        suggest: [{ messageId: "writeErrorMessage", data: { replacement }, fix: applyEdits([edit]) }],
      });
    }

    /** The message given to a helper that adds `added` itself must not start with it too. */
    function checkPrefixedMessage(message: TSESTree.Node, added: string): void {
      const own = prefixChecker(added);
      for (const branch of textBranches(message)) {
        const prefix = staticPrefix(branch, sourceCode);
        const length = prefix ? own.leadingLength(prefix.text) : 0;
        if (!prefix || length === 0) {
          checkCaughtErrorName(branch, added);
          continue;
        }
        const edit = editFor({ branch, prefix, finding: { kind: "double", length } }, "");
        context.report({
          node: branch,
          messageId: "doublePrefix",
          data: { prefix: JSON.stringify(added) },
          fix: edit ? applyEdits([edit]) : null,
        });
      }
    }

    const throwListener: TSESLint.RuleListener = readsThrows
      ? {
          ThrowStatement(node) {
            const text = thrownErrorText(node, handlers, sourceCode, settings);
            if (text) checkText(text);
          },
        }
      : {};
    if (!mcp.gates.toolResults) return throwListener;
    return {
      ...throwListener,
      ...onToolResult((result) => {
        if (!isErrorResult(result, sourceCode)) return;
        if (result.text) checkText(result.text);
        // Texts are added later to a result that the code marks later.
        if (!hasIsErrorTrue(result)) for (const text of failureTextsAddedLater(result, sourceCode)) checkText(text);
      }),
      ...onErrorHelperCall(helpers, (call, helper) => {
        const message = helpers.messageOf(call, helper);
        if (!message) return;
        if (helper.addedPrefix === undefined) checkText(message);
        else checkPrefixedMessage(message, helper.addedPrefix);
      }),
    };
  },
});
