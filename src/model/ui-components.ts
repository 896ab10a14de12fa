import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, returnedValues, unwrapExpression } from "../util/ast.js";
import { lastAnswer } from "../util/last-answer.js";

/*
 * A function that returns JSX renders UI and is no tool handler, in any handler position: xmcp renders a `.tsx`
 * tool's default-exported component in the client and registers a handler of its own for it, and no MCP SDK
 * takes JSX for a tool result.
 */

/** The text may hold JSX: every element or fragment ends with `</` or `/>`. Asked per handler, read once per file. */
export const mayHoldJsx = lastAnswer((text: string): boolean => text.includes("</") || text.includes("/>"));

/** `fn` returns JSX (`<Weather />`, `<>...</>`, a branch of `?:`): a UI component. */
export function rendersUi(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return mayHoldJsx(sourceCode.text) && returnedValues(fn, sourceCode.visitorKeys).some(isJsx);
}

function isJsx(node: TSESTree.Node): boolean {
  const value = unwrapExpression(node);
  if (value.type === AST_NODE_TYPES.ConditionalExpression) return isJsx(value.consequent) || isJsx(value.alternate);
  return value.type === AST_NODE_TYPES.JSXElement || value.type === AST_NODE_TYPES.JSXFragment;
}
