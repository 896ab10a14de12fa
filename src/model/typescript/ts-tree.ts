import type ts from "typescript";
import { enclosingFunctionOf, type ParentRole, type SyntaxTree } from "../throw-semantics.js";
import { isTransparentTs, isTsFunction } from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/** The TypeScript adapter of the throw semantics: the cross-file analysis' view of the program. */
export const tsTree: SyntaxTree<ts.Node> = {
  // The declarations type `parent` as always set; a source file has none.
  parent: (node) => (typescript.isSourceFile(node) ? undefined : node.parent),
  isFunction: isTsFunction,
  role(child: ts.Node, parent: ts.Node): ParentRole {
    if (isTransparentTs(parent)) return "transparent";
    if (typescript.isConditionalExpression(parent)) return parent.condition === child ? "other" : "conditionalBranch";
    if (typescript.isBinaryExpression(parent)) {
      const operator = parent.operatorToken.kind;
      const { SyntaxKind } = typescript;
      const logical =
        operator === SyntaxKind.QuestionQuestionToken ||
        operator === SyntaxKind.BarBarToken ||
        operator === SyntaxKind.AmpersandAmpersandToken;
      return logical && parent.right === child ? "logicalRight" : "other";
    }
    if (typescript.isAwaitExpression(parent)) return "awaited";
    if (typescript.isReturnStatement(parent)) return "returned";
    if (typescript.isArrowFunction(parent)) return parent.body === child ? "arrowBody" : "other";
    if (typescript.isTryStatement(parent)) return parent.tryBlock === child && parent.catchClause ? "caughtBlock" : "other";
    if (typescript.isCallExpression(parent)) {
      return parent.expression === child ? "callee" : parent.arguments.includes(child as ts.Expression) ? "argument" : "other";
    }
    if (typescript.isPropertyAssignment(parent)) return parent.initializer === child ? "propertyValue" : "other";
    if (typescript.isShorthandPropertyAssignment(parent)) return parent.name === child ? "propertyValue" : "other";
    if (typescript.isObjectLiteralExpression(parent)) return "objectMember";
    return "other";
  },
};

/** The nearest function containing `node` (itself excluded). */
export function enclosingTsFunction(node: ts.Node): ts.Node | undefined {
  return enclosingFunctionOf(tsTree, node);
}
