import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { calleeName, unwrapExpression } from "../util/ast.js";
import { messageArgumentIndex } from "./throw-semantics.js";

/**
 * The message of a thrown value: the first argument of `new X(msg)` / `X(msg)` (the second of
 * `new McpError(code, msg)`), else the value itself.
 */
export function thrownMessage(argument: TSESTree.Expression): TSESTree.Node {
  const thrown = unwrapExpression(argument);
  if (thrown.type !== AST_NODE_TYPES.NewExpression && thrown.type !== AST_NODE_TYPES.CallExpression) return argument;
  const first = thrown.arguments.at(messageArgumentIndex(calleeName(thrown.callee)));
  return first && first.type !== AST_NODE_TYPES.SpreadElement ? first : argument;
}
