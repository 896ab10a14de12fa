import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";

/**
 * "Caught" in the sense of the throw rules: `node` lies inside the `block` of a `try` that has a
 * `catch` clause, and that `try` is inside `boundary` (the tool handler, or a helper being analysed).
 * A node in a `catch` clause or `finally` block (a rethrow) is caught only by a further `try`
 * around that whole statement.
 */
export function isCaught(node: TSESTree.Node, boundary: TSESTree.Node): boolean {
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && child !== boundary; child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.TryStatement && parent.block === child && parent.handler !== null) return true;
  }
  return false;
}
