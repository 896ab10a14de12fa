import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  declaredName,
  isFunctionNode,
  isTransparentWrapper,
  numericValue,
  propertyName,
  unwrapExpression,
} from "../util/ast.js";
import {
  enclosingFunctionOf,
  isCaught as isCaughtIn,
  isProtocolRequiredThrow,
  type ParentRole,
  type SyntaxTree,
} from "./throw-semantics.js";
import type { FunctionNode } from "../util/ast.js";

/** The ESTree adapter of the throw semantics: the rules' view of a file. */
export const estreeTree: SyntaxTree<TSESTree.Node> = {
  // ESLint gives `Program` a `null` parent, not the `undefined` its types say.
  parent: (node) => node.parent ?? undefined,
  isFunction: isFunctionNode,
  role(child: TSESTree.Node, parent: TSESTree.Node): ParentRole {
    if (isTransparentWrapper(parent)) return "transparent";
    switch (parent.type) {
      case AST_NODE_TYPES.ConditionalExpression:
        return parent.test === child ? "other" : "conditionalBranch";
      case AST_NODE_TYPES.LogicalExpression:
        return parent.right === child ? "logicalRight" : "other";
      case AST_NODE_TYPES.AwaitExpression:
        return "awaited";
      case AST_NODE_TYPES.ReturnStatement:
        return "returned";
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return parent.body === child ? "arrowBody" : "other";
      case AST_NODE_TYPES.TryStatement:
        return parent.block === child && parent.handler !== null ? "caughtBlock" : "other";
      default:
        return "other";
    }
  },
};

/** `isCaught` of the throw semantics, on ESTree nodes. */
export function isCaught(node: TSESTree.Node, boundary: TSESTree.Node): boolean {
  return isCaughtIn(estreeTree, node, boundary);
}

/**
 * `fn`, inside the handler `handlerFn`, runs where it is called rather than as part of the handler's own run: it is,
 * or sits in, a function the handler declares by name (`const recordOutcome = () => ...`, `function describe() {}`).
 */
export function runsWhereCalled(fn: FunctionNode, handlerFn: FunctionNode): boolean {
  if (declaredName(fn) !== undefined) return true;
  for (let current = estreeTree.parent(fn); current !== undefined && current !== handlerFn; current = estreeTree.parent(current)) {
    if (isFunctionNode(current) && declaredName(current) !== undefined) return true;
  }
  return false;
}

/** The nearest function containing `node` (itself excluded). */
export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  return enclosingFunctionOf(estreeTree, node) as FunctionNode | undefined;
}

/** `isProtocolRequiredThrow` of the throw semantics for a thrown (or rejected) ESTree value. */
export function isProtocolRequiredValue(thrown: TSESTree.Node): boolean {
  const value = unwrapExpression(thrown);
  if (value.type !== AST_NODE_TYPES.NewExpression && value.type !== AST_NODE_TYPES.CallExpression) return false;
  const first = value.arguments.at(0);
  const code = first && unwrapExpression(first);
  return isProtocolRequiredThrow(calleeName(value.callee), {
    name: code?.type === AST_NODE_TYPES.MemberExpression ? propertyName(code) : undefined,
    value: code && numericValue(code),
  });
}
