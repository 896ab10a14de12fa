import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { escapeForTemplate } from "./escape.js";
import type { SourceEdit } from "./replace-text-start.js";

/**
 * The edit that puts `prefix` before the text an expression makes, where no literal starts it
 * (`JSON.stringify({ error })` becomes `` `Error: ${JSON.stringify({ error })}` ``).
 */
export function prefixExpression(expression: TSESTree.Node, prefix: string, sourceCode: Readonly<TSESLint.SourceCode>): SourceEdit {
  return { range: expression.range, text: `\`${escapeForTemplate(prefix)}\${${sourceCode.getText(expression)}}\`` };
}
