import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";

/**
 * The source of an `isError` that is true only where the failing branch of a conditional text is taken: `!isConnected`
 * for a failing `alternate`, `!!isConnected` for a failing `consequent` (a boolean either way).
 */
export function conditionalIsErrorSource(
  test: TSESTree.Expression,
  failing: "consequent" | "alternate",
  sourceCode: Readonly<TSESLint.SourceCode>,
): string {
  const written = sourceCode.getText(test);
  const simple =
    test.type === AST_NODE_TYPES.Identifier ||
    test.type === AST_NODE_TYPES.MemberExpression ||
    test.type === AST_NODE_TYPES.CallExpression ||
    test.type === AST_NODE_TYPES.UnaryExpression;
  const operand = simple ? written : `(${written})`;
  return failing === "alternate" ? `!${operand}` : `!!${operand}`;
}
