import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

/** A value of a node's property that is itself a node. */
export function isNode(value: unknown): value is TSESTree.Node {
  return typeof value === "object" && value !== null && "type" in value && typeof value.type === "string";
}

/**
 * The deepest node whose range holds `offset`, as `SourceCode#getNodeByRangeIndex` finds it (the first
 * such child in visitor-key order), by descending the tree: ESLint's method walks with its traverser.
 */
export function nodeAt(sourceCode: Readonly<TSESLint.SourceCode>, offset: number): TSESTree.Node | undefined {
  const { ast, visitorKeys } = sourceCode;
  if (offset < ast.range[0] || offset >= ast.range[1]) return undefined;
  let node: TSESTree.Node = ast;
  descend: for (;;) {
    for (const key of visitorKeys[node.type] ?? []) {
      const value: unknown = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? (value as unknown[]) : [value]) {
        if (!isNode(child)) continue;
        if (child.range[0] > offset) break;
        if (offset < child.range[1]) {
          node = child;
          continue descend;
        }
      }
    }
    return node;
  }
}
