import type ts from "typescript";
import { typescript } from "./typescript.js";
import { descendants, functionOfDeclaration, resolvedSymbol, symbolNode, type TsFunction, unwrapTs } from "./ts-nodes.js";
import { enclosingTsFunction } from "./ts-tree.js";

/** What an expression evaluates to, as far as the checker shows: functions with bodies, and every declaration met. */
export interface Resolution {
  functions: TsFunction[];
  /** The functions reached through a call of a wrapper in `ResolveOptions.wrappers` (`withToolErrors(fn)`). */
  guarded: Set<TsFunction>;
  /** Declarations on the way (overload signatures, `.d.ts` functions, interface members): where `@throws` tags live. */
  declarations: ts.Declaration[];
}

export interface ResolveOptions {
  /** Look through wrapper calls to their last argument: `withAuth(handler)`. */
  throughWrappers: boolean;
  /** Wrappers that turn throws into error results: what is reached through one is `guarded`. */
  isConvertingWrapper?: (call: ts.CallExpression, argumentIndex: number) => boolean;
}

/** Resolution steps per expression: aliases of aliases are rare; this bounds pathological code. */
const BUDGET = 64;
/** Factories resolved through factories (`const tool = registry.create()`) at most this deep: cycle-safe. */
const MAX_FACTORY_NESTING = 2;

/**
 * The functions `expression` can evaluate to, through the checker: imports and re-exports,
 * `const` aliases, object-literal properties and methods, class members (`this.method`), union
 * members (`tool.handler` over an array of tool objects), and, for `tool.handler` where `tool`
 * is a factory's result, the property of the object literal the factory returns.
 */
export function resolveFunctions(checker: ts.TypeChecker, expression: ts.Expression, options: ResolveOptions, nesting = 0): Resolution {
  const resolution: Resolution = { functions: [], guarded: new Set(), declarations: [] };
  const seen = new Set<ts.Node>();
  const pending: ts.Expression[] = [expression];
  // Expressions (and what they lead to) that stand inside a converting wrapper's call.
  const inWrapper = new Set<ts.Node>();
  const found = (fn: TsFunction, from: ts.Node): void => {
    resolution.functions.push(fn);
    if (inWrapper.has(from)) resolution.guarded.add(fn);
  };
  const follow = (next: ts.Node, from: ts.Node): void => {
    if (inWrapper.has(from)) inWrapper.add(next);
  };
  let budget = BUDGET;
  const addDeclaration = (declaration: ts.Declaration, from: ts.Node): void => {
    if (seen.has(declaration)) return;
    seen.add(declaration);
    resolution.declarations.push(declaration);
    const fn = functionOfDeclaration(declaration);
    if (fn) {
      found(fn, from);
      return;
    }
    if ((typescript.isVariableDeclaration(declaration) || typescript.isPropertyAssignment(declaration)) && declaration.initializer) {
      follow(declaration.initializer, from);
      pending.push(declaration.initializer);
    } else if (typescript.isShorthandPropertyAssignment(declaration)) {
      for (const value of checker.getShorthandAssignmentValueSymbol(declaration)?.declarations ?? []) addDeclaration(value, from);
    }
  };
  while (pending.length > 0 && budget-- > 0) {
    const next = pending.pop();
    if (!next) break;
    const node = unwrapTs(next);
    follow(node, next);
    if (seen.has(node)) continue;
    seen.add(node);
    if (typescript.isArrowFunction(node) || typescript.isFunctionExpression(node)) {
      found(node, node);
      continue;
    }
    if (typescript.isCallExpression(node)) {
      const callee = unwrapTs(node.expression);
      let inner: ts.Expression | undefined;
      if (typescript.isPropertyAccessExpression(callee) && callee.name.text === "bind") inner = callee.expression;
      else if (options.throughWrappers && node.arguments.length > 0) {
        const argumentIndex = node.arguments.length - 1;
        inner = node.arguments[argumentIndex];
        if (options.isConvertingWrapper?.(node, argumentIndex)) inWrapper.add(inner);
      }
      if (!inner) continue;
      follow(inner, node);
      pending.push(inner);
      continue;
    }
    const name = symbolNode(node);
    const symbol = name && resolvedSymbol(checker, name);
    const before = resolution.functions.length + pending.length;
    for (const declaration of symbol?.declarations ?? []) addDeclaration(declaration, node);
    if (
      resolution.functions.length + pending.length === before &&
      typescript.isPropertyAccessExpression(node) &&
      nesting < MAX_FACTORY_NESTING
    ) {
      const properties = factoryProperties(checker, node, nesting + 1);
      for (const value of properties.values) follow(value, node);
      pending.push(...properties.values);
      for (const method of properties.methods) found(method, node);
    }
  }
  return resolution;
}

/** `name` of `name(...)` or of `a.b.name(...)`. */
export function calleeLastName(callee: ts.Expression): string | undefined {
  const node = unwrapTs(callee);
  if (typescript.isIdentifier(node)) return node.text;
  return typescript.isPropertyAccessExpression(node) ? node.name.text : undefined;
}

/**
 * `tool.handler` where the type says only "a function" (a `ToolDefinition` interface): the
 * `handler` values of the object literals that the factories `tool` comes from return
 * (`const tool = createReadFileTool(deps)`, `for (const tool of [createA(), createB()])`).
 */
function factoryProperties(
  checker: ts.TypeChecker,
  access: ts.PropertyAccessExpression,
  nesting: number,
): { values: ts.Expression[]; methods: ts.MethodDeclaration[] } {
  const property = access.name.text;
  const object = symbolNode(access.expression);
  const symbol = object && resolvedSymbol(checker, object);
  const values: ts.Expression[] = [];
  const methods: ts.MethodDeclaration[] = [];
  for (const declaration of symbol?.declarations ?? []) {
    if (!typescript.isVariableDeclaration(declaration)) continue;
    for (const call of factoryCalls(checker, declaration)) {
      for (const factory of resolveFunctions(checker, call.expression, { throughWrappers: false }, nesting).functions) {
        for (const member of returnedObjects(factory).flatMap((literal) => literal.properties)) {
          if (!member.name || !typescript.isIdentifier(member.name) || member.name.text !== property) continue;
          if (typescript.isPropertyAssignment(member)) values.push(member.initializer);
          else if (typescript.isShorthandPropertyAssignment(member)) values.push(member.name);
          else if (typescript.isMethodDeclaration(member) && member.body) methods.push(member);
        }
      }
    }
  }
  return { values, methods };
}

/** The factory calls a variable is initialised from: `= create()`, or `for (const tool of [createA(), createB()])`. */
function factoryCalls(checker: ts.TypeChecker, declaration: ts.VariableDeclaration): ts.CallExpression[] {
  if (declaration.initializer) {
    const init = unwrapTs(declaration.initializer);
    const awaited = typescript.isAwaitExpression(init) ? unwrapTs(init.expression) : init;
    return typescript.isCallExpression(awaited) ? [awaited] : [];
  }
  const loop = declaration.parent.parent;
  if (!typescript.isForOfStatement(loop)) return [];
  let iterated = unwrapTs(loop.expression);
  if (typescript.isIdentifier(iterated)) {
    const source = resolvedSymbol(checker, iterated)?.valueDeclaration;
    if (source && typescript.isVariableDeclaration(source) && source.initializer) iterated = unwrapTs(source.initializer);
  }
  if (!typescript.isArrayLiteralExpression(iterated)) return [];
  return iterated.elements.map((element) => unwrapTs(element)).filter((element) => typescript.isCallExpression(element));
}

/** The object literals a function returns (its own `return` statements, or an arrow's expression body). */
export function returnedObjects(fn: TsFunction): ts.ObjectLiteralExpression[] {
  const found: ts.ObjectLiteralExpression[] = [];
  const add = (value: ts.Expression | undefined): void => {
    const object = value && unwrapTs(value);
    if (object && typescript.isObjectLiteralExpression(object)) found.push(object);
  };
  if (!fn.body) return found;
  if (!typescript.isBlock(fn.body)) {
    add(fn.body);
    return found;
  }
  for (const node of descendants(fn.body)) {
    if (typescript.isReturnStatement(node) && enclosingTsFunction(node) === fn) add(node.expression);
  }
  return found;
}
