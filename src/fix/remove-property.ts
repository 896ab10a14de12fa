import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The fix removing `prop` and its comma from `object`; undefined when a comment would go with it. */
export function removeProperty(
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
