import path from "node:path";
import type ts from "typescript";
import { typescript } from "./typescript.js";

/** A function with a body the analyses can read. */
export type TsFunction =
  | ts.ArrowFunction
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.MethodDeclaration
  | ts.GetAccessorDeclaration
  | ts.ConstructorDeclaration;

export function isTsFunction(node: ts.Node): node is TsFunction {
  return (
    typescript.isArrowFunction(node) ||
    typescript.isFunctionDeclaration(node) ||
    typescript.isFunctionExpression(node) ||
    typescript.isMethodDeclaration(node) ||
    typescript.isGetAccessorDeclaration(node) ||
    typescript.isConstructorDeclaration(node)
  );
}

/** Parentheses, `as`, `satisfies`, `!` or `<T>x`: what `unwrapTs` looks through. */
export function isTransparentTs(
  node: ts.Node,
): node is ts.ParenthesizedExpression | ts.AsExpression | ts.SatisfiesExpression | ts.NonNullExpression | ts.TypeAssertion {
  return (
    typescript.isParenthesizedExpression(node) ||
    typescript.isAsExpression(node) ||
    typescript.isSatisfiesExpression(node) ||
    typescript.isNonNullExpression(node) ||
    typescript.isTypeAssertionExpression(node)
  );
}

/** The expression under parentheses, `as`, `satisfies`, `!` and `<T>x`. */
export function unwrapTs(node: ts.Expression): ts.Expression {
  let current = node;
  while (isTransparentTs(current)) current = current.expression;
  return current;
}

/** `node` as its parent sees it: the outermost of the parentheses, `as`, `satisfies`, `!` and `<T>x` around it. */
export function outerTs(node: ts.Node): ts.Node {
  let current = node;
  while (isTransparentTs(current.parent)) current = current.parent;
  return current;
}

/** A class member declared `static`. */
export function isStatic(member: ts.Node): boolean {
  return (typescript.getCombinedModifierFlags(member as ts.Declaration) & typescript.ModifierFlags.Static) !== 0;
}

/** A variable declared with `const`. */
export function isConstDeclaration(node: ts.Node): node is ts.VariableDeclaration {
  return typescript.isVariableDeclaration(node) && (typescript.getCombinedNodeFlags(node) & typescript.NodeFlags.Const) !== 0;
}

/**
 * The function a declaration stands for: the function itself, or the function a variable,
 * property or class field is initialised with (`const requireString = (args, key) => ...`).
 */
export function functionOfDeclaration(declaration: ts.Node): TsFunction | undefined {
  if (isTsFunction(declaration)) return declaration.body ? declaration : undefined;
  if (
    (typescript.isVariableDeclaration(declaration) ||
      typescript.isPropertyAssignment(declaration) ||
      typescript.isPropertyDeclaration(declaration)) &&
    declaration.initializer
  ) {
    const value = unwrapTs(declaration.initializer);
    return typescript.isArrowFunction(value) || typescript.isFunctionExpression(value) ? value : undefined;
  }
  return undefined;
}

/** A file of the project itself: not a declaration file, not a package. */
export function isProjectSourceFile(program: ts.Program, file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file) && !file.fileName.includes("/node_modules/");
}

/** The source files of the project (see `isProjectSourceFile`). */
export function projectSourceFiles(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((file) => isProjectSourceFile(program, file));
}

/** True when `inner` lies within `outer` (same file). */
export function containsTs(outer: ts.Node, inner: ts.Node): boolean {
  return outer.getSourceFile() === inner.getSourceFile() && outer.pos <= inner.pos && inner.end <= outer.end;
}

/** Every node under `root` in source order, without recursion (deep ASTs must not overflow the stack). */
export function* descendants(root: ts.Node): Generator<ts.Node> {
  const stack: ts.Node[] = [root];
  // One array and one callback for the whole walk, not one per node: the handler index walks every file.
  const children: ts.Node[] = [];
  const collect = (child: ts.Node): undefined => {
    children.push(child);
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    yield node;
    typescript.forEachChild(node, collect);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    children.length = 0;
  }
}

/** The name a function goes by in messages: its own name, or the variable, property or method it is bound to. */
export function functionName(fn: ts.Node): string {
  const named = typescript.getNameOfDeclaration(fn as ts.Declaration) ?? typescript.getNameOfDeclaration(fn.parent as ts.Declaration);
  if (named && (typescript.isIdentifier(named) || typescript.isStringLiteral(named) || typescript.isPrivateIdentifier(named)))
    return named.text;
  return "(anonymous)";
}

/** `src/tools/utils.ts:52`: the node's file relative to `cwd` (with `/`) and its 1-based line. */
export function fileLine(node: ts.Node, cwd: string): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  const relative = path.relative(cwd, file.fileName).split(path.sep).join("/");
  return `${relative}:${String(line + 1)}`;
}

/** The symbol `node` names, looked through import/export aliases. */
export function resolvedSymbol(checker: ts.TypeChecker, node: ts.Node): ts.Symbol | undefined {
  const symbol = checker.getSymbolAtLocation(node);
  if (!symbol) return undefined;
  // `getAliasedSymbol` follows the whole chain of re-exports at once.
  return symbol.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * The method a declaration binds its name as (the ESTree `aliasedMethodName`): the key of an object pattern's element
 * (`registerTool` of `{ registerTool }`), or the method a `const` binds (`tool` of `const register = (server as
 * any).tool.bind(server)`).
 */
export function aliasedMethodNameTs(declaration: ts.Node | undefined): string | undefined {
  if (!declaration) return undefined;
  if (typescript.isBindingElement(declaration)) {
    if (!typescript.isObjectBindingPattern(declaration.parent)) return undefined;
    const key = declaration.propertyName ?? declaration.name;
    return typescript.isIdentifier(key) || typescript.isStringLiteral(key) ? key.text : undefined;
  }
  if (!isConstDeclaration(declaration) || !declaration.initializer) return undefined;
  const call = unwrapTs(declaration.initializer);
  const bind = typescript.isCallExpression(call) ? unwrapTs(call.expression) : undefined;
  const method = bind && typescript.isPropertyAccessExpression(bind) && bind.name.text === "bind" ? unwrapTs(bind.expression) : undefined;
  return method && typescript.isPropertyAccessExpression(method) ? method.name.text : undefined;
}

/** The node whose symbol a callee or reference is: the identifier, or the name of `a.b`. */
export function symbolNode(expression: ts.Expression): ts.Node | undefined {
  const node = unwrapTs(expression);
  if (typescript.isIdentifier(node)) return node;
  if (typescript.isPropertyAccessExpression(node)) return node.name;
  if (typescript.isElementAccessExpression(node) && typescript.isStringLiteralLike(node.argumentExpression)) return node.argumentExpression;
  return undefined;
}

/** The nearest `catch` clause around `node` inside `boundary` (a function): code there handles an error. */
export function enclosingCatchTs(node: ts.Node, boundary: ts.Node): ts.CatchClause | undefined {
  for (let current = node.parent; current !== boundary && !typescript.isSourceFile(current); current = current.parent) {
    if (typescript.isCatchClause(current)) return current;
  }
  return undefined;
}

/** The nearest `try` (with a `catch`) inside `boundary` whose block holds `node`. */
export function tryAround(node: ts.Node, boundary: ts.Node): ts.TryStatement | undefined {
  for (let current = node.parent; current !== boundary && !typescript.isSourceFile(current); current = current.parent) {
    if (typescript.isTryStatement(current) && current.catchClause && containsTs(current.tryBlock, node)) return current;
  }
  return undefined;
}
