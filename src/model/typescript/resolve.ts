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
  /** Look through wrapper calls to their arguments: `withAuth(handler)`, `withTimeout(handler, { ms })`. */
  throughWrappers: boolean;
  /** Wrappers that turn throws into error results: what is reached through one is `guarded`. */
  isConvertingWrapper?: (call: ts.CallExpression, argumentIndex: number) => boolean;
  /** A wrapper's error reporter (`trackTool(name, callback, recordError)`): not looked through to. */
  isErrorCallback?: (call: ts.CallExpression, argumentIndex: number) => boolean;
  /** What a parameter is given: the arguments a local registrar's calls give it (`isRegistrarParameter`). */
  parameterArguments?: (parameter: ts.ParameterDeclaration) => readonly ts.Expression[];
  /** The functions a call's callee makes and returns, which the call evaluates to (`standsWhereMakerIsCalled`). */
  madeFunctions?: (call: ts.CallExpression) => readonly TsFunction[];
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
    } else if (typescript.isParameter(declaration) && options.parameterArguments) {
      for (const argument of options.parameterArguments(declaration)) {
        follow(argument, from);
        pending.push(argument);
      }
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
      if (typescript.isPropertyAccessExpression(callee) && callee.name.text === "bind") {
        follow(callee.expression, node);
        pending.push(callee.expression);
      } else if (options.throughWrappers) {
        // Any argument may be the handler a wrapper wraps, as the rules read it: `withTimeout(handler, { ms })`.
        node.arguments.forEach((argument, argumentIndex) => {
          if (options.isErrorCallback?.(node, argumentIndex)) return;
          if (options.isConvertingWrapper?.(node, argumentIndex)) inWrapper.add(argument);
          follow(argument, node);
          pending.push(argument);
        });
        for (const made of options.madeFunctions?.(node) ?? []) found(made, node);
      }
      continue;
    }
    // `tool.handler` of factories' results is read from the factories first: asking the checker for the
    // property would make it infer the union of every factory's return type, the whole program's handlers.
    const properties =
      typescript.isPropertyAccessExpression(node) && nesting < MAX_FACTORY_NESTING
        ? factoryProperties(checker, node, nesting + 1)
        : undefined;
    if (properties?.complete) {
      // The members the checker would name as the property's declarations.
      for (const member of properties.members) addDeclaration(member, node);
      continue;
    }
    const fromFactories = (): void => {
      for (const member of properties?.members ?? []) {
        const value = typescript.isPropertyAssignment(member)
          ? member.initializer
          : typescript.isShorthandPropertyAssignment(member)
            ? member.name
            : undefined;
        if (value) {
          follow(value, node);
          pending.push(value);
        } else if (typescript.isMethodDeclaration(member) && member.body) found(member, node);
      }
    };
    const name = symbolNode(node);
    const symbol = name && resolvedSymbol(checker, name);
    const before = resolution.functions.length + pending.length;
    for (const declaration of symbol?.declarations ?? []) addDeclaration(declaration, node);
    if (resolution.functions.length + pending.length === before) fromFactories();
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
 * `tool.handler` read from the factories `tool` comes from (`const tool = createReadFileTool(deps)`,
 * `for (const tool of [createA(), createB()])`): the `handler` values of the object literals they
 * return. Complete when every declaration of `tool` is such a variable, and every factory returns
 * only object literals, each with its own `handler`: then the checker has nothing to add.
 */
function factoryProperties(
  checker: ts.TypeChecker,
  access: ts.PropertyAccessExpression,
  nesting: number,
): { members: FactoryMember[]; complete: boolean } {
  const property = access.name.text;
  const object = symbolNode(access.expression);
  const declarations = (object && resolvedSymbol(checker, object)?.declarations) ?? [];
  const members: FactoryMember[] = [];
  let complete = declarations.length > 0;
  for (const declaration of declarations) {
    const calls = typescript.isVariableDeclaration(declaration) ? factoryCalls(checker, declaration) : [];
    complete &&= calls.length > 0 && typescript.isVariableDeclaration(declaration) && isFactoryLoopOrCall(declaration, calls.length);
    for (const call of calls) {
      const factories = resolveFunctions(checker, call.expression, { throughWrappers: false }, nesting).functions;
      complete &&= factories.length > 0;
      for (const factory of factories) {
        const literals = returnedObjects(factory);
        complete &&= factory.type === undefined && literals.length > 0 && literals.length === returnCount(factory);
        for (const literal of literals) {
          let own = false;
          for (const member of literal.properties) {
            complete &&= !typescript.isSpreadAssignment(member);
            if (!member.name || !typescript.isIdentifier(member.name) || member.name.text !== property) continue;
            own = true;
            if (
              typescript.isPropertyAssignment(member) ||
              typescript.isShorthandPropertyAssignment(member) ||
              typescript.isMethodDeclaration(member)
            )
              members.push(member);
            else complete = false;
          }
          complete &&= own;
        }
      }
    }
  }
  return { members, complete };
}

type FactoryMember = ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration;

/** The variable holds only what its factory calls return: no type annotation, and every element of a looped array is a call. */
function isFactoryLoopOrCall(declaration: ts.VariableDeclaration, calls: number): boolean {
  if (declaration.type) return false;
  if (declaration.initializer) return true;
  const loop = declaration.parent.parent;
  const iterated = typescript.isForOfStatement(loop) ? unwrapTs(loop.expression) : undefined;
  return iterated !== undefined && typescript.isArrayLiteralExpression(iterated) && iterated.elements.length === calls;
}

/** How many values a function returns: an arrow's expression body, or its own `return` statements with a value. */
function returnCount(fn: TsFunction): number {
  if (!fn.body) return 0;
  if (!typescript.isBlock(fn.body)) return 1;
  let count = 0;
  for (const node of descendants(fn.body)) {
    if (typescript.isReturnStatement(node) && node.expression && enclosingTsFunction(node) === fn) count++;
  }
  return count;
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

/** The values a function itself returns: an arrow's expression body, or the expressions of its own `return` statements. */
export function returnedValuesTs(fn: TsFunction): ts.Expression[] {
  if (!fn.body) return [];
  if (!typescript.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  for (const node of descendants(fn.body)) {
    if (typescript.isReturnStatement(node) && node.expression && enclosingTsFunction(node) === fn) found.push(node.expression);
  }
  return found;
}

/** The object literals a function returns (its own `return` statements, or an arrow's expression body). */
export function returnedObjects(fn: TsFunction): ts.ObjectLiteralExpression[] {
  return returnedValuesTs(fn)
    .map(unwrapTs)
    .filter((value) => typescript.isObjectLiteralExpression(value));
}
