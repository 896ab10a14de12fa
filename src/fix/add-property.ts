import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { ownLineIndent } from "./indentation.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Fixes that add `text` as the last property of `object`, in its layout: `, text` on one line,
 * a new line at the other properties' indentation otherwise; a trailing comma is kept.
 */
export function addLastProperty(
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
