import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";

/** Type information for the file being linted, when the parser was given a project. */
export interface TypedServices {
  program: ts.Program;
  checker: ts.TypeChecker;
  file: ts.SourceFile;
  /** ESLint's `cwd`, which `toolFiles` globs are relative to. */
  cwd: string;
  toTs(node: TSESTree.Node): ts.Node | undefined;
}

/**
 * The program typescript-eslint built for this file, or undefined without type information
 * (never a second program: analyses must reuse this one).
 */
export function typedServices(sourceCode: Readonly<TSESLint.SourceCode>, cwd: string): TypedServices | undefined {
  const services = sourceCode.parserServices;
  const program = services?.program;
  const map = services?.esTreeNodeToTSNodeMap;
  if (!program || !map) return undefined;
  const toTs = (node: TSESTree.Node): ts.Node | undefined => map.get(node as never);
  const file = toTs(sourceCode.ast);
  if (!file) return undefined;
  return { program, checker: program.getTypeChecker(), file: file as ts.SourceFile, cwd, toTs };
}
