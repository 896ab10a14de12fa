import { AST_NODE_TYPES, AST_TOKEN_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { thisClassBody } from "./ast.js";
import { lastAnswer } from "./last-answer.js";
import { nodeAt } from "./node-at.js";

/** The `this.<name>` tokens of each class body asked about, by name: for the last file asked about (`lastAnswer`). */
const tokensOf = lastAnswer((ast: TSESTree.Program) => ({
  ast,
  byClass: new Map<TSESTree.ClassBody, Map<string, TSESTree.Token[]>>(),
}));

/**
 * The `this.<name>` members of a class body that belong to it (not to a nested class or a nested `function`'s own
 * `this`): what reads an instance method. The class's tokens are scanned once, and nodes found only for the names asked.
 */
export function thisMembersNamed(
  classBody: TSESTree.ClassBody,
  name: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.MemberExpression[] {
  const { byClass } = tokensOf(sourceCode.ast);
  let byName = byClass.get(classBody);
  if (!byName) {
    byName = new Map();
    const tokens = sourceCode.getTokens(classBody);
    for (let index = 0; index + 2 < tokens.length; index++) {
      const [self, dot, property] = [tokens[index], tokens[index + 1], tokens[index + 2]];
      if (self.value !== "this" || dot.value !== "." || property.type !== AST_TOKEN_TYPES.Identifier) continue;
      const known = byName.get(property.value);
      if (known) known.push(property);
      else byName.set(property.value, [property]);
    }
    byClass.set(classBody, byName);
  }
  const members: TSESTree.MemberExpression[] = [];
  for (const token of byName.get(name) ?? []) {
    const node = nodeAt(sourceCode, token.range[0]);
    const member = node?.parent;
    if (member?.type === AST_NODE_TYPES.MemberExpression && member.property === node && thisClassBody(member) === classBody)
      members.push(member);
  }
  return members;
}
