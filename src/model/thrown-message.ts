import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { unwrapExpression } from "../util/ast.js";

/** The message of a thrown value: the first argument of `new X(msg)` / `X(msg)`, else the value itself. */
export function thrownMessage(argument: TSESTree.Expression): TSESTree.Node {
  const thrown = unwrapExpression(argument);
  if (thrown.type !== AST_NODE_TYPES.NewExpression && thrown.type !== AST_NODE_TYPES.CallExpression) return argument;
  const first = thrown.arguments.at(0);
  return first && first.type !== AST_NODE_TYPES.SpreadElement ? first : argument;
}
