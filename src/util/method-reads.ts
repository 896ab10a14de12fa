import { AST_NODE_TYPES, AST_TOKEN_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type ClassMethod, isSameSide, propertyName, thisSide } from "./ast.js";
import { lastAnswer } from "./last-answer.js";
import { nodeAt } from "./node-at.js";

/** The `this.<name>` tokens of each class body asked about, by name: for the last file asked about (`lastAnswer`). */
const tokensOf = lastAnswer((ast: TSESTree.Program) => ({
  ast,
  byClass: new Map<TSESTree.ClassBody, Map<string, TSESTree.Token[]>>(),
}));

/**
 * The members that read a class's method (`ClassMethod`): its `this.<name>` members (not a nested
 * class's or a nested `function`'s own `this`), and of a top-level class's static side, `<Class>.<name>` too. The
 * class's tokens are scanned once, and nodes found only for the names asked.
 */
export function methodReads(method: ClassMethod, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.MemberExpression[] {
  const { classBody, name } = method;
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
    if (member?.type === AST_NODE_TYPES.MemberExpression && member.property === node && isSameSide(thisSide(member), method))
      members.push(member);
  }
  if (!method.isStatic) return members;
  for (const read of classNameReads(classBody, sourceCode)) {
    const member = read.parent;
    if (member.type === AST_NODE_TYPES.MemberExpression && member.object === read && !member.computed && propertyName(member) === name)
      members.push(member);
  }
  return members;
}

/** The reads of a class declaration's name in its file (`ToolRouter` in `ToolRouter.dispatch(...)`), which reach its static members. */
export function classNameReads(classBody: TSESTree.ClassBody, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Identifier[] {
  const declaration = classBody.parent;
  const className = declaration.type === AST_NODE_TYPES.ClassDeclaration ? declaration.id?.name : undefined;
  if (className === undefined) return [];
  const reads: TSESTree.Identifier[] = [];
  // Two variables: the declaration's, and the class scope's own that the class body's references resolve to.
  for (const variable of sourceCode.getDeclaredVariables(declaration)) {
    if (variable.name !== className) continue;
    for (const reference of variable.references) {
      if (reference.isRead() && reference.identifier.type === AST_NODE_TYPES.Identifier) reads.push(reference.identifier);
    }
  }
  return reads;
}
