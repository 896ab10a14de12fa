import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { enclosingCatch, errorEvidence, returnSite } from "../model/error-evidence.js";
import { errorResultSource, isCaughtError, prefixedMessageSource } from "../model/error-result-text.js";
import { getMcpContext } from "../model/context.js";
import { contentItems, isErrorValue, toolResult, type ToolResult } from "../model/tool-results.js";
import { findProperty, unwrapExpression } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "require-is-error";

type SourceCode = Readonly<TSESLint.SourceCode>;

const EVIDENCE_DESCRIPTION = {
  catch: "it is returned from a `catch` or rejection callback",
  text: "its text reads as an error",
} as const;

/** `prop` followed by a spread in `object`: the spread may set `isError` after it. */
function isOverriddenBySpread(object: TSESTree.ObjectExpression, prop: TSESTree.Property): boolean {
  return object.properties.slice(object.properties.indexOf(prop) + 1).some((p) => p.type === AST_NODE_TYPES.SpreadElement);
}

/** The leading whitespace of the line `node` starts on, when nothing else precedes it there. */
function ownLineIndent(sourceCode: SourceCode, node: TSESTree.Node): string | undefined {
  const before = (sourceCode.lines[node.loc.start.line - 1] ?? "").slice(0, node.loc.start.column);
  return before.trim() === "" ? before : undefined;
}

/**
 * Fixes that add `text` as the last property of `object`, in its layout: `, text` on one line,
 * a new line at the other properties' indentation otherwise; a trailing comma is kept.
 */
function addLastProperty(
  fixer: TSESLint.RuleFixer,
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  text: string,
): TSESLint.RuleFix[] {
  const last = object.properties.at(-1);
  const closing = sourceCode.getLastToken(object);
  const afterLast = last && sourceCode.getTokenAfter(last);
  if (!last || !closing || !afterLast) return [];
  const trailingComma = ASTUtils.isCommaToken(afterLast);
  const indent = ownLineIndent(sourceCode, last);
  if (last.loc.end.line === closing.loc.start.line || indent === undefined) {
    return [trailingComma ? fixer.insertTextAfter(afterLast, ` ${text},`) : fixer.insertTextAfter(last, `, ${text}`)];
  }
  // After any comment that ends the last property's line, so the comment stays with its property.
  const end = sourceCode.getTokenBefore(closing, { includeComments: true }) ?? afterLast;
  const line = `\n${indent}${text}${trailingComma ? "," : ""}`;
  if (trailingComma || end.range[1] === last.range[1]) {
    return [fixer.insertTextAfterRange(end.range, trailingComma ? line : `,${line}`)];
  }
  return [fixer.insertTextAfter(last, ","), fixer.insertTextAfterRange(end.range, line)];
}

/** The fix removing `prop` and its comma from `object`; undefined when a comment would go with it. */
function removeProperty(
  fixer: TSESLint.RuleFixer,
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  prop: TSESTree.Property,
): TSESLint.RuleFix | undefined {
  // With the comma before it, or (when it comes first) the comma after it, up to the next property.
  const first = object.properties[0] === prop;
  const comma = first ? sourceCode.getTokenAfter(prop) : sourceCode.getTokenBefore(prop);
  const next = comma && sourceCode.getTokenAfter(comma);
  if (!comma || !next || !ASTUtils.isCommaToken(comma)) return undefined;
  const range: [number, number] = first ? [prop.range[0], next.range[0]] : [comma.range[0], prop.range[1]];
  if (sourceCode.getAllComments().some((comment) => comment.range[0] >= range[0] && comment.range[1] <= range[1])) {
    return undefined;
  }
  return fixer.removeRange(range);
}

type StringKind = "empty" | "string";

/**
 * Whether a returned expression is a string: a literal, a template, `+` with a string side,
 * `String(x)`, a caught error's `.message`, or a conditional of those. `""` is a deliberate fallback.
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
      return node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === "String" ? "string" : undefined;
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
      missingIsError:
        "This tool result reports a failure ({{evidence}}) but has no `isError: true`, so the client takes it for a success. Add `isError: true`.",
      isErrorNotTrue:
        "`isError: {{value}}` on a tool result{{why}}: a failed tool answers with `isError: true` (a boolean).",
      misplacedIsError:
        "`isError` is on a content item, where the client ignores it; it belongs on the tool result. Move it to the result.",
      successStringInCatch:
        "This `catch` returns the failure as plain text, which the client reads as a successful result. Return an error result with `isError: true`.",
      addIsError: "Add `isError: true` to the result.",
      setIsErrorTrue: "Set `isError: true`.",
      wrapAsErrorResult: "Return an error result with `isError: true` and the error prefix.",
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;
    const mcp = getMcpContext(context);

    function checkIsErrorValue(result: ToolResult, prop: TSESTree.Property): void {
      const value = isErrorValue(prop);
      if (value.kind !== "otherLiteral") return;
      const { literal } = value;
      if (literal.value === false && (isOverriddenBySpread(result.node, prop) || !errorEvidence(result, mcp))) return;
      context.report({
        node: literal,
        messageId: "isErrorNotTrue",
        data: { value: literal.raw, why: literal.value === false ? " that reports a failure" : "" },
        suggest: [{ messageId: "setIsErrorTrue", fix: (fixer) => fixer.replaceText(literal, "true") }],
      });
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
      ObjectExpression(node) {
        const result = toolResult(node);
        if (!result) return;
        if (result.isError) {
          checkIsErrorValue(result, result.isError);
          return;
        }
        // `{ ...base, content }`: the spread may carry `isError`.
        if (result.hasSpread || checkMisplaced(result)) return;
        const evidence = errorEvidence(result, mcp);
        if (!evidence) return;
        const fix = (fixer: TSESLint.RuleFixer) => addLastProperty(fixer, sourceCode, node, "isError: true");
        context.report({
          node,
          messageId: "missingIsError",
          data: { evidence: EVIDENCE_DESCRIPTION[evidence] },
          // The catch path is certain; a text that merely reads like an error might be reporting one.
          ...(evidence === "catch" ? { fix } : { suggest: [{ messageId: "addIsError", fix }] }),
        });
      },
      ReturnStatement(node) {
        const { argument } = node;
        if (!argument || stringKind(argument, sourceCode) !== "string") return;
        const site = returnSite(argument);
        if (!site?.statement || !mcp.handlers.isToolHandler(site.fn) || !enclosingCatch(node, site.fn)) return;
        context.report({
          node: argument,
          messageId: "successStringInCatch",
          suggest: [
            {
              messageId: "wrapAsErrorResult",
              fix: (fixer) =>
                fixer.replaceText(
                  argument,
                  errorResultSource(prefixedMessageSource(argument, sourceCode, mcp.settings.errorPrefix)),
                ),
            },
          ],
        });
      },
    };
  },
});
