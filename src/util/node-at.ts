import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

/** A value of a node's property that is itself a node. */
export function isNode(value: unknown): value is TSESTree.Node {
  return typeof value === "object" && value !== null && "type" in value && typeof value.type === "string";
}

/**
 * The deepest node whose range holds `offset`, as `SourceCode#getNodeByRangeIndex` finds it (the first
 * such child in visitor-key order), by descending the tree: ESLint's method walks with its traverser.
 * Given `near` (the node found for a nearby offset), the descent starts from its nearest ancestor that
 * holds `offset`: occurrences of a name are searched in order, and most share all but the last steps.
 */
export function nodeAt(sourceCode: Readonly<TSESLint.SourceCode>, offset: number, near?: TSESTree.Node): TSESTree.Node | undefined {
  const { ast, visitorKeys } = sourceCode;
  if (offset < ast.range[0] || offset >= ast.range[1]) return undefined;
  let node: TSESTree.Node = near ?? ast;
  // Siblings never overlap, so an ancestor holding the offset lies on the path from the root.
  while ((offset < node.range[0] || offset >= node.range[1]) && node.parent) node = node.parent;
  // Index loops: this runs for every occurrence searched, often before the optimising compiler has
  // removed a for...of loop's iterator objects.
  descend: for (;;) {
    const keys = visitorKeys[node.type] ?? [];
    for (let keyIndex = 0; keyIndex < keys.length; keyIndex++) {
      const value: unknown = (node as unknown as Record<string, unknown>)[keys[keyIndex] ?? ""];
      if (!Array.isArray(value)) {
        if (isNode(value) && value.range[0] <= offset && offset < value.range[1]) {
          node = value;
          continue descend;
        }
        continue;
      }
      for (let index = 0; index < value.length; index++) {
        const child: unknown = value[index];
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
