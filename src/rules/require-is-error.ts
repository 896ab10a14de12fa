import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { addLastProperty } from "../fix/add-property.js";
import { conditionalIsErrorSource } from "../fix/conditional-is-error.js";
import { errorResultSource, prefixedMessageSource } from "../fix/error-result-source.js";
import { removeProperty } from "../fix/remove-property.js";
import { throwErrorInstead } from "../fix/throw-error.js";
import {
  conditionalFailure,
  errorEvidence,
  failureClause,
  readsAsErrorText,
  reportsCaughtFailureAsData,
  type ReturnSite,
  returnSite,
} from "../model/error-evidence.js";
import { getMcpContext } from "../model/context.js";
import { mayAnswerWithStrings } from "../model/handler-shapes.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import {
  isJsonErrorText,
  isJsonFailureReport,
  isJsonOfCaughtError,
  reportsFailureAsData,
  statesErrorStatus,
  statesVerdict,
  textBranches,
} from "../model/error-text.js";
import { ADDING_METHODS, contentItems, hasIsErrorTrue, isErrorValue, onToolResult, type ToolResult } from "../model/tool-results.js";
import { findProperty, isCaughtError, unwrapExpression } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "require-is-error";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** `result.content.push(item)`: an item added to a result's content later (`ADDING_METHODS`). */
const CONTENT_ADDING_CALL = `CallExpression[callee.property.name=/^(?:${[...ADDING_METHODS].join("|")})$/][callee.object.property.name='content']`;

const EVIDENCE_DESCRIPTION = {
  catch: "it is returned from a `catch` or rejection callback",
  errorBuilder: "it is built by a function that the file calls only to answer caught failures",
  namedErrorBuilder: "it is built by a function whose name says it builds an error result",
  quietCatch: "it is returned from a `catch` or rejection callback",
  invalidInput: "it is returned where the input failed validation",
  absence: "it is returned where something the tool needs is missing, and its text says so",
  failureFlag: "it says it failed (`success: false` or `ok: false`)",
  text: "its text reads as an error",
} as const;

/** `prop` followed by a spread in `object`: the spread may set `isError` after it. */
function isOverriddenBySpread(object: TSESTree.ObjectExpression, prop: TSESTree.Property): boolean {
  return object.properties.slice(object.properties.indexOf(prop) + 1).some((p) => p.type === AST_NODE_TYPES.SpreadElement);
}

/** A string or template literal returned as it is: `return "Error: no message ID given"`. */
const WRITTEN_TEXT_RETURN = "ReturnStatement > :matches(Literal, TemplateLiteral).argument";

/** The expressions a builder's message is written in at the call: the rule reads the text the handler writes there. */
const WRITTEN_TEXT: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.Literal,
  AST_NODE_TYPES.TemplateLiteral,
  AST_NODE_TYPES.BinaryExpression,
  AST_NODE_TYPES.ConditionalExpression,
  AST_NODE_TYPES.LogicalExpression,
]);

type StringKind = "empty" | "string";

/**
 * Whether a returned expression is a string: a literal, a template, `+` with a string side,
 * `String(x)`, a caught error's `.message`, a failure reported in JSON (`JSON.stringify({ success: false, error })`), the
 * JSON of data built from a caught error (`JSON.stringify(formatErrorResponse(error))`), or a conditional of those. `""` is a deliberate fallback.
 */
function stringKind(expression: TSESTree.Node, sourceCode: SourceCode): StringKind | undefined {
  const node = unwrapExpression(expression);
  switch (node.type) {
    case AST_NODE_TYPES.Literal:
      if (typeof node.value !== "string") return undefined;
      return node.value === "" ? "empty" : "string";
    case AST_NODE_TYPES.TemplateLiteral:
      return node.expressions.length === 0 && node.quasis[0]?.value.cooked === "" ? "empty" : "string";
    case AST_NODE_TYPES.BinaryExpression:
      return node.operator === "+" && [node.left, node.right].some((side) => isStringLiteral(side)) ? "string" : undefined;
    case AST_NODE_TYPES.CallExpression:
      // `String(x)`; `JSON.stringify(...)` only asked of a member call, most calls a catch returns being a helper's.
      if (node.callee.type === AST_NODE_TYPES.Identifier) return node.callee.name === "String" ? "string" : undefined;
      return node.callee.type === AST_NODE_TYPES.MemberExpression && (isJsonFailureReport(node) || isJsonOfCaughtError(node, sourceCode))
        ? "string"
        : undefined;
    case AST_NODE_TYPES.MemberExpression:
      return ASTUtils.getPropertyName(node) === "message" && isCaughtError(unwrapExpression(node.object), sourceCode)
        ? "string"
        : undefined;
    case AST_NODE_TYPES.ConditionalExpression: {
      const kinds = [stringKind(node.consequent, sourceCode), stringKind(node.alternate, sourceCode)];
      if (kinds.includes(undefined)) return undefined;
      return kinds.includes("string") ? "string" : "empty";
    }
    default:
      return undefined;
  }
}

function isStringLiteral(node: TSESTree.Node): boolean {
  const inner = unwrapExpression(node);
  return (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") || inner.type === AST_NODE_TYPES.TemplateLiteral;
}

export default createRule({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Require `isError: true` on tool results that report a failure",
      recommended: "recommended",
    },
    fixable: "code",
    hasSuggestions: true,
    messages: {
      // eslint-disable-next-line eslint-plugin/no-unused-message-ids -- getMcpContext reports it for the rule
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      missingIsError:
        "This tool result reports a failure ({{evidence}}) but has no `isError: true`, so the client takes it for a success. Add `isError: true`.",
      isErrorNotTrue: "`isError: {{value}}` on a tool result{{why}}: a failed tool answers with `isError: true` (a boolean).",
      misplacedIsError:
        "`isError` is on a content item, where the client ignores it; it belongs on the tool result. Move it to the result.",
      successStringInCatch:
        "This `catch` returns the failure as plain text, which the client reads as a successful result. Return an error result with `isError: true`.",
      failureThroughPlainBuilder:
        "This failure is answered through `{{builder}}()`, which builds a result without `isError: true`, so the client takes it for a success. Return an error result with `isError: true`.",
      failureJsonString:
        "This tool handler returns a failure as JSON text that says it failed, which the client reads as a successful result. Return an error result with `isError: true`.",
      failureString:
        "This tool handler returns a failure as plain text, which the client reads as a successful result. Return an error result with `isError: true`.",
      addIsError: "Add `isError: true` to the result.",
      addConditionalIsError: "Add `isError: {{value}}`, true where the text's failing branch is taken.",
      setIsErrorTrue: "Set `isError: true`.",
      failureReturnedFromMcpTool:
        "mcp-framework's `MCPTool` sends whatever `execute` returns as a successful result (an object as its JSON text), so the client takes this failure for a success. Throw an `Error` with the message instead: `MCPTool` answers a throw with `isError: true` and the message as the text.",
      wrapAsErrorResult: "Return an error result with `isError: true` and the error prefix.",
      throwError: "Throw an `Error` with the message and the error prefix.",
    },
    schema: [],
  },
  create(context) {
    const model = getMcpContext(context);
    if (!model || (!model.gates.toolResults && !model.gates.handlers)) return {};
    // Bound again so the functions below (hoisted) see it narrowed.
    const mcp = model;
    const { sourceCode } = mcp;

    function checkIsErrorValue(result: ToolResult, prop: TSESTree.Property): void {
      const value = isErrorValue(prop);
      if (value.kind !== "otherLiteral") return;
      const { literal } = value;
      if (literal.value === false && (isOverriddenBySpread(result.node, prop) || !errorEvidence(result, mcp, sourceCode))) return;
      context.report({
        node: literal,
        messageId: "isErrorNotTrue",
        data: { value: literal.raw, why: literal.value === false ? " that reports a failure" : "" },
        suggest: [{ messageId: "setIsErrorTrue", fix: (fixer) => fixer.replaceText(literal, "true") }],
      });
    }

    /** The suggestion that replaces `node` with an error result whose text is `message` with the error prefix. */
    function wrapAsErrorResult(
      node: TSESTree.Node,
      message: TSESTree.Node = node,
    ): TSESLint.SuggestionReportDescriptor<"wrapAsErrorResult"> {
      return {
        messageId: "wrapAsErrorResult",
        fix: (fixer) => fixer.replaceText(node, errorResultSource(prefixedMessageSource(message, sourceCode, mcp.settings.errorPrefix))),
      };
    }

    /** Only a framework whose handlers answer with strings makes a returned string a tool's answer (`mayAnswerWithStrings`). */
    let stringAnswers: boolean | undefined;
    const answersWithStrings = (): boolean => (stringAnswers ??= mayAnswerWithStrings(sourceCode.text));

    /**
     * A failure returned where the handler's runtime answers only a throw as a failure (`answersThrowWithMessage`:
     * mcp-framework's `MCPTool`) is reported so, with a throw of `message` suggested where a `return` gives it.
     */
    function reportedAsThrowingTool(node: TSESTree.Node, message: TSESTree.Node | undefined, known?: ReturnSite): boolean {
      // The file's text first: most files name no such framework, and their results need no return site.
      if (!mcp.handlers.mayHoldThrowAnsweringHandlers()) return false;
      const site = known ?? returnSite(node);
      if (!site || !mcp.handlers.failsByThrowing(site.fn)) return false;
      const { statement } = site;
      context.report({
        node,
        messageId: "failureReturnedFromMcpTool",
        suggest:
          statement && message
            ? [
                {
                  messageId: "throwError",
                  fix: (fixer) => throwErrorInstead(fixer, statement, message, sourceCode, mcp.settings.errorPrefix),
                },
              ]
            : [],
      });
      return true;
    }

    function checkMisplaced(result: ToolResult): boolean {
      for (const item of contentItems(result.content)) {
        const misplaced = findProperty(item, "isError");
        if (!misplaced) continue;
        context.report({
          node: misplaced,
          messageId: "misplacedIsError",
          fix(fixer) {
            const removal = removeProperty(fixer, sourceCode, item, misplaced);
            return removal ? [removal, ...addLastProperty(fixer, sourceCode, result.node, sourceCode.getText(misplaced))] : null;
          },
        });
        return true;
      }
      return false;
    }

    return {
      ...onToolResult((result) => {
        const { node } = result;
        if (result.isError) {
          // An error result returned where only a throw answers as a failure.
          if (!hasIsErrorTrue(result) || !reportedAsThrowingTool(node, result.text)) checkIsErrorValue(result, result.isError);
          return;
        }
        mcp.errorHelpers.notePlainResult(result);
        // `{ ...base, content }`: the spread may carry `isError`.
        if (result.hasSpread || checkMisplaced(result)) return;
        const evidence = errorEvidence(result, mcp, sourceCode);
        if (!evidence || reportedAsThrowingTool(node, result.text)) return;
        // A text that fails on one branch of its conditional only: `isError` follows the conditional's test.
        const split = result.text && conditionalFailure(result.text, sourceCode, mcp.settings);
        if (split) {
          const value = conditionalIsErrorSource(split.test, split.failing, sourceCode);
          context.report({
            node,
            messageId: "missingIsError",
            data: { evidence: EVIDENCE_DESCRIPTION[evidence] },
            suggest: [
              {
                messageId: "addConditionalIsError",
                data: { value },
                fix: (fixer) => addLastProperty(fixer, sourceCode, node, `isError: ${value}`),
              },
            ],
          });
          return;
        }
        const fix = (fixer: TSESLint.RuleFixer) => addLastProperty(fixer, sourceCode, node, "isError: true");
        context.report({
          node,
          messageId: "missingIsError",
          data: { evidence: EVIDENCE_DESCRIPTION[evidence] },
          // The catch path that reads its error is certain; one that never does may be a probe whose miss is a normal
          // answer, and a text that merely reads like an error might be reporting one. So may a check's verdict in
          // JSON (`isValid: false`) that its catch gives.
          ...((evidence === "catch" && !(result.text && statesVerdict(result.text, sourceCode))) || evidence === "errorBuilder"
            ? { fix }
            : { suggest: [{ messageId: "addIsError", fix }] }),
        });
      }),
      // An item added later (`response.content.push({ type: "text", text, isError: true })`) is no literal of a result:
      // its misplaced `isError` is reported without a fix, the result being built elsewhere.
      [CONTENT_ADDING_CALL](node: TSESTree.CallExpression) {
        for (const argument of node.arguments) {
          const item = unwrapExpression(argument);
          if (item.type !== AST_NODE_TYPES.ObjectExpression || !findProperty(item, "type")) continue;
          const misplaced = findProperty(item, "isError");
          if (misplaced) context.report({ node: misplaced, messageId: "misplacedIsError" });
        }
      },
      // A handler that answers with strings (FastMCP's `execute`) may return a failure as JSON anywhere in its body.
      'ReturnStatement > CallExpression.argument[callee.property.name="stringify"]'(node: TSESTree.CallExpression) {
        const site = returnSite(node);
        if (!site?.statement || failureClause(site.statement, site.fn) || !isJsonErrorText(node, sourceCode)) return;
        if (!mcp.handlers.isToolHandler(site.fn) || reportedAsThrowingTool(node, node, site)) return;
        context.report({ node, messageId: "failureJsonString", suggest: [wrapAsErrorResult(node)] });
      },
      // `return textResult(\`Error fetching market: ${error.message}\`)`: a failure's text given to a plain result
      // builder of the file, found from the results met (`notePlainResult`) and its calls from its references.
      "Program:exit"() {
        if (!mcp.errorHelpers.hasPlainBuilders) return;
        for (const { call, helper: builder } of mcp.errorHelpers.plainBuilderCalls()) {
          const message = call.arguments.at(builder.messageArgument);
          if (!message) continue;
          // A builder of a text: each branch read once, whether any fails, and whether all do. A builder of the JSON of
          // its data: the object it is given says it failed (`{ error: \`Failed to fetch package: ...\` }`).
          const branches = builder.json ? [] : textBranches(message, sourceCode);
          const failing = builder.json
            ? Number(
                message.type === AST_NODE_TYPES.ObjectExpression &&
                  (reportsFailureAsData(message, call, sourceCode) || reportsCaughtFailureAsData(message, sourceCode)),
              )
            : WRITTEN_TEXT.has(message.type)
              ? branches.filter((branch) => readsAsErrorText(branch, sourceCode, mcp.settings, () => false)).length
              : 0;
          if (failing === 0) continue;
          // In a handler, or anywhere in tool code (a tool file's `createErrorResponse` built on the file's builder).
          const site = returnSite(call);
          if (!site || !(mcp.handlers.isToolFile || mcp.handlers.isToolHandler(site.fn))) continue;
          if (reportedAsThrowingTool(call, failing === branches.length ? message : undefined, site)) continue;
          context.report({
            node: call,
            messageId: "failureThroughPlainBuilder",
            data: { builder: sourceCode.getText(call.callee) },
            // A text that is a success on some branch (`ok ? "Order cancelled." : "Failed to cancel"`) gets no error
            // result, nor does data, whose text the builder writes.
            suggest: failing === branches.length ? [wrapAsErrorResult(call, message)] : [],
          });
        }
      },
      // A handler that answers with strings (FastMCP's `execute`, an xmcp tool) may return an error text anywhere in its body.
      [WRITTEN_TEXT_RETURN](node: TSESTree.Literal | TSESTree.TemplateLiteral) {
        if ((node.type === AST_NODE_TYPES.Literal && typeof node.value !== "string") || !answersWithStrings()) return;
        // A `catch`'s strings are `successStringInCatch`'s.
        const site = returnSite(node);
        if (!site?.statement || failureClause(site.statement, site.fn)) return;
        if (!readsAsErrorText(node, sourceCode, mcp.settings, () => false) || !mcp.handlers.isToolHandler(site.fn)) return;
        if (reportedAsThrowingTool(node, node, site)) return;
        context.report({ node, messageId: "failureString", suggest: [wrapAsErrorResult(node)] });
      },
      // `return { error: "Failed to ..." }` from an `MCPTool`'s `execute`: data that says it failed, sent as a success.
      "ReturnStatement > ObjectExpression.argument"(node: TSESTree.ObjectExpression) {
        if (!mcp.handlers.mayHoldThrowAnsweringHandlers() || findProperty(node, "content")) return;
        if (!reportsFailureAsData(node, node, sourceCode) && !statesErrorStatus(node)) return;
        const error = findProperty(node, "error")?.value;
        reportedAsThrowingTool(node, error && WRITTEN_TEXT.has(error.type) ? error : undefined);
      },
      // Only a return inside a catch clause can return the caught failure as a success string.
      "CatchClause ReturnStatement"(node: TSESTree.ReturnStatement) {
        const { argument } = node;
        // Most returns in a catch are results, not strings: the kind of the value first, which resolves a
        // caught error only for `.message`; the handler question last, as it reads a named function's references.
        if (!argument || stringKind(argument, sourceCode) !== "string") return;
        const site = returnSite(argument);
        if (!site?.statement || !failureClause(node, site.fn) || !mcp.handlers.isToolHandler(site.fn)) return;
        if (reportedAsThrowingTool(argument, argument, site)) return;
        context.report({ node: argument, messageId: "successStringInCatch", suggest: [wrapAsErrorResult(argument)] });
      },
    };
  },
});
