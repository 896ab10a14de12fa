import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

/** The leading whitespace of line `line` (1-based). */
export function indentationOf(sourceCode: Readonly<TSESLint.SourceCode>, line: number): string {
  return /^[ \t]*/u.exec(sourceCode.lines[line - 1] ?? "")?.[0] ?? "";
}

/** The leading whitespace of the line `node` starts on, when nothing else precedes it there. */
export function ownLineIndent(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): string | undefined {
  const before = (sourceCode.lines[node.loc.start.line - 1] ?? "").slice(0, node.loc.start.column);
  return before.trim() === "" ? before : undefined;
}
