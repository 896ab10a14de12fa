import { channel } from "node:diagnostics_channel";
import type ts from "typescript";
import { typescript } from "./typescript.js";
import { perProgram } from "./per-program.js";
import { resolveFunctions, returnedValuesTs } from "./resolve.js";
import {
  type BindingKind,
  type CatchingCall,
  escapes,
  FACTORY_DEPTH,
  type FactoryValue,
  chainHandlesRejection,
  settlesRejections,
  type ChainLink,
  isCaught,
  isAllowedRethrow,
  isAllowedThrow,
  isFollowedBinding,
  isInstanceFactory,
  isPromiseReject,
  isProtocolRequiredThrow,
  type RethrowGuard,
  rejectionExit,
  runsInside,
} from "../throw-semantics.js";
import {
  descendants,
  functionName,
  functionOfDeclaration,
  isConstDeclaration,
  isProjectSourceFile,
  isStatic,
  isTsFunction,
  outerTs,
  resolvedSymbol,
  type TsFunction,
  unwrapTs,
} from "./ts-nodes.js";
import { enclosingTsFunction, tsTree } from "./ts-tree.js";
import { wrapperCatchesTs } from "./converting-wrappers.js";
import type { McpSettings } from "../settings.js";
import { type LibraryThrow, libraryThrow } from "./throwing-library-calls.js";

export interface ThrowOptions {
  /** Error classes whose throws do not count (FastMCP's `UserError`). */
  allow: readonly string[];
  /** A declaration with a JSDoc `@throws` tag counts as throwing, `.d.ts` and packages included. */
  checkThrowsTags: boolean;
}

/**
 * How a function can throw: the names from the callee down, and the deepest throw (or `@throws`
 * declaration, or call of a throwing library function, which `library` then names).
 */
export interface ThrowPath {
  chain: readonly string[];
  site: ts.Node;
  library?: LibraryThrow;
}

/**
 * A function the analysis can follow: a function with a body in a project source file, or (with
 * `checkThrowsTags`) any declaration with a `@throws` tag.
 */
export type ThrowTarget = ts.Declaration | TsFunction;

interface Facts {
  /** The first throw or escaping `Promise.reject` in source order that the function does not catch. */
  own: ts.Node | undefined;
  /** The declaration itself when it has a `@throws` tag (and tags are checked). */
  tagged: ts.Node | undefined;
  /** Calls the function does not catch, in source order. */
  calls: readonly ts.CallExpression[];
  /** The first call of a throwing library function (`JSON.parse`, a zod `parse`) that the function does not catch. */
  library: { node: ts.Node; call: LibraryThrow } | undefined;
}

/**
 * `asyncHelper().catch(...)`, also after `.then(...)` links: the rejection an async callee turns its throws into is
 * handled on the spot (`chainHandlesRejection`).
 */
function isCatchReceiver(call: ts.CallExpression): boolean {
  if (isSettledElementTs(call)) return true;
  const links: ChainLink[] = [];
  for (let link = chainedCallTs(call); link; link = chainedCallTs(link.call)) links.push(link);
  return chainHandlesRejection(links);
}

/** `call` is an element of the array literal given first to `Promise.allSettled` (as the ESTree adapter's `isSettledElement`). */
function isSettledElementTs(call: ts.CallExpression): boolean {
  let child: ts.Node = call;
  while (typescript.isParenthesizedExpression(child.parent) || typescript.isAsExpression(child.parent)) child = child.parent;
  const array = child.parent;
  if (!typescript.isArrayLiteralExpression(array)) return false;
  let given: ts.Node = array;
  while (typescript.isParenthesizedExpression(given.parent) || typescript.isAsExpression(given.parent)) given = given.parent;
  const combinator = given.parent;
  if (!typescript.isCallExpression(combinator) || combinator.arguments[0] !== given) return false;
  const callee = unwrapTs(combinator.expression);
  if (!typescript.isPropertyAccessExpression(callee)) return false;
  const object = unwrapTs(callee.expression);
  return settlesRejections(typescript.isIdentifier(object) ? object.text : undefined, callee.name.text);
}

/** The method call made on `receiver`'s value, and its name (as the ESTree adapter's `chainedCall`). */
function chainedCallTs(receiver: ts.Node): (ChainLink & { call: ts.CallExpression }) | undefined {
  let child = receiver;
  while (typescript.isParenthesizedExpression(child.parent)) child = child.parent;
  const member = child.parent;
  if (!typescript.isPropertyAccessExpression(member) || member.expression !== child) return undefined;
  const call = member.parent;
  return typescript.isCallExpression(call) && call.expression === member
    ? { call, method: member.name.text, argumentCount: call.arguments.length }
    : undefined;
}

const isAsync = (target: ThrowTarget): boolean => (typescript.getCombinedModifierFlags(target) & typescript.ModifierFlags.Async) !== 0;

/** Published once per analysis built (per program and options), for profiling and tests. */
export const throwAnalysisChannel = channel("mcp-tool-errors:throw-analysis");

/**
 * Which functions of a program can throw. Each function's body is read once (`facts`), each
 * call resolved once; queries walk the call graph breadth-first, so the chain reported is the
 * shortest and cycles end.
 */
export class ThrowAnalysis {
  private readonly checker: ts.TypeChecker;
  private readonly facts = new Map<ThrowTarget, Facts>();
  private readonly callTargets = new Map<ts.CallExpression, readonly ThrowTarget[]>();
  private readonly paths = new Map<string, Map<ThrowTarget, ThrowPath | null>>();
  /** Functions given to a call, and whether the call catches what they throw (`catchingCall`). */
  private readonly catchingArguments = new Map<ts.Node, boolean>();
  /** The followed reads of each nested function's name (`readsOfName`), null where there is none. */
  private readonly reads = new Map<ts.Node, readonly ts.Node[] | null>();

  constructor(
    private readonly program: ts.Program,
    private readonly options: ThrowOptions,
    private readonly settings: McpSettings,
  ) {
    this.checker = program.getTypeChecker();
  }

  /**
   * `CatchingCall` of the throw semantics on TypeScript nodes: a wrapper named in `handlers.wrappers`, or one read that
   * catches. Each function argument is decided once: every call and throw inside it asks again.
   */
  private readonly catchingCall: CatchingCall<ts.Node> = (call, argument) => {
    let known = this.catchingArguments.get(argument);
    if (known === undefined) {
      known =
        typescript.isCallExpression(call) &&
        wrapperCatchesTs(this.checker, call, call.arguments.indexOf(argument as ts.Expression), this.settings);
      this.catchingArguments.set(argument, known);
    }
    return known;
  };

  /** The functions a call can reach that the analysis follows. */
  targetsOf(call: ts.CallExpression): readonly ThrowTarget[] {
    let targets = this.callTargets.get(call);
    if (!targets) {
      const found = new Set<ThrowTarget>();
      const { functions, declarations } = resolveFunctions(this.checker, call.expression, { throughWrappers: false });
      for (const fn of functions) {
        if (isProjectSourceFile(this.program, fn.getSourceFile()) || this.hasThrowsTag(fn)) found.add(fn);
      }
      for (const declaration of declarations) {
        const fn = functions.find((candidate) => candidate === declaration || candidate.parent === declaration);
        if (!fn && this.hasThrowsTag(declaration)) found.add(declaration);
      }
      // A function declared in another that runs where it is used also runs in the calls it is passed to.
      for (const argument of call.arguments) {
        const value = unwrapTs(argument);
        const declaration = typescript.isIdentifier(value) ? this.checker.getSymbolAtLocation(value)?.valueDeclaration : undefined;
        const fn = declaration && functionOfDeclaration(declaration);
        const home = fn && enclosingTsFunction(fn);
        if (fn && home && !this.runsInside(fn, home)) found.add(fn);
      }
      targets = [...found];
      this.callTargets.set(call, targets);
    }
    return targets;
  }

  /** `runsInside` of the throw semantics in this program: `node` runs as part of `boundary`'s own run. */
  runsInside(node: ts.Node, boundary: ts.Node): boolean {
    return runsInside(tsTree, node, boundary, (fn) => {
      let reads = this.reads.get(fn);
      if (reads === undefined) {
        reads = readsOfName(this.checker, fn) ?? null;
        this.reads.set(fn, reads);
      }
      return reads ?? undefined;
    });
  }

  /**
   * The call's promise is handled on the spot (`isCatchReceiver`: `.catch(...)`, `Promise.allSettled([call])`) where
   * `target` is async, so that its throws become that promise's rejection.
   */
  handlesRejectionAt(call: ts.CallExpression, target: ThrowTarget): boolean {
    return isAsync(target) && isCatchReceiver(call);
  }

  /** The throwing library function `node` calls, unless a `.catch()` on the spot handles its rejection. */
  libraryThrowAt(node: ts.CallExpression | ts.NewExpression): LibraryThrow | undefined {
    const found = libraryThrow(this.program, node);
    return found && !(found.rejects && typescript.isCallExpression(node) && isCatchReceiver(node)) ? found : undefined;
  }

  /** `no-throw-in-tool-handler` follows `call` to `target`, a function of `file`, and reports the call if `target` throws. */
  followsInFile(call: ts.CallExpression, target: ThrowTarget, file: ts.SourceFile): boolean {
    return isPerFileFunction(this.checker, target, file) && callsByName(this.checker, call, target);
  }

  /**
   * How `target` can throw within `maxDepth` functions, or undefined. With `within`, only the
   * functions the per-file rule follows count (function declarations and functions bound to a
   * variable, in that file; no `@throws` tags): what `no-throw-in-tool-handler` already reports.
   */
  throwPath(target: ThrowTarget, maxDepth: number, within?: ts.SourceFile): ThrowPath | undefined {
    const key = `${String(maxDepth)}:${within?.fileName ?? ""}`;
    let byTarget = this.paths.get(key);
    if (!byTarget) {
      byTarget = new Map();
      this.paths.set(key, byTarget);
    }
    let path = byTarget.get(target);
    if (path === undefined) {
      path = this.search(target, maxDepth, within) ?? null;
      byTarget.set(target, path);
    }
    return path ?? undefined;
  }

  private search(start: ThrowTarget, maxDepth: number, within: ts.SourceFile | undefined): ThrowPath | undefined {
    if (within && !isPerFileFunction(this.checker, start, within)) return undefined;
    const visited = new Set<ThrowTarget>([start]);
    let level: { target: ThrowTarget; chain: string[] }[] = [{ target: start, chain: [functionName(start)] }];
    for (let depth = 1; depth <= maxDepth && level.length > 0; depth++) {
      const next: typeof level = [];
      for (const { target, chain } of level) {
        const facts = this.factsOf(target);
        const site = facts.own ?? (within ? undefined : facts.tagged);
        if (site) return { chain, site };
        // The per-file rule does not see library calls: they are this rule's alone.
        if (facts.library && !within)
          return { chain: [...chain, facts.library.call.name], site: facts.library.node, library: facts.library.call };
        if (depth === maxDepth) continue;
        for (const call of facts.calls) {
          for (const callee of this.targetsOf(call)) {
            // A function nested in the caller that runs where it is written is part of its body, read already.
            if (visited.has(callee) || (contains(target, callee) && this.runsInside(callee, target))) continue;
            if (isAsync(callee) && isCatchReceiver(call)) continue;
            if (within && !(isPerFileFunction(this.checker, callee, within) && callsByName(this.checker, call, callee))) continue;
            visited.add(callee);
            next.push({ target: callee, chain: [...chain, functionName(callee)] });
          }
        }
      }
      level = next;
    }
    return undefined;
  }

  private factsOf(target: ThrowTarget): Facts {
    let facts = this.facts.get(target);
    if (!facts) {
      facts = this.readFacts(target);
      this.facts.set(target, facts);
    }
    return facts;
  }

  private readFacts(target: ThrowTarget): Facts {
    const tagged = this.hasThrowsTag(target) ? target : undefined;
    const calls: ts.CallExpression[] = [];
    let library: Facts["library"];
    if (!isTsFunction(target) || !target.body || !isProjectSourceFile(this.program, target.getSourceFile())) {
      return { own: undefined, tagged, calls, library };
    }
    for (const node of descendants(target.body)) {
      // A nested function that runs where it is used is a function of its own, reached through those calls.
      if (
        (typescript.isThrowStatement(node) || typescript.isCallExpression(node) || typescript.isNewExpression(node)) &&
        !this.runsInside(node, target)
      )
        continue;
      if (typescript.isThrowStatement(node)) {
        if (
          escapes(tsTree, node, target, undefined, this.catchingCall) &&
          !this.isAllowed(node.expression) &&
          !isAllowedRethrowStatement(node, this.options.allow)
        )
          return { own: node, tagged, calls, library };
      } else if (typescript.isCallExpression(node) || typescript.isNewExpression(node)) {
        if (typescript.isCallExpression(node) && isPromiseRejectCall(node)) {
          const exit = rejectionExit(tsTree, node);
          if (exit && escapes(tsTree, node, target, exit, this.catchingCall) && !this.isAllowed(node.arguments[0]))
            return { own: node, tagged, calls, library };
        } else if (!isCaught(tsTree, node, target, this.catchingCall)) {
          if (typescript.isCallExpression(node)) calls.push(node);
          if (!library) {
            const call = this.libraryThrowAt(node);
            if (call) library = { node, call };
          }
        }
      }
    }
    return { own: undefined, tagged, calls, library };
  }

  /**
   * `new UserError(...)`, `new errors.UserError(...)`, `UserError(...)` with `UserError` in `allow`,
   * and the throws the protocol requires (`UrlElicitationRequiredError`).
   */
  private isAllowed(thrown: ts.Expression | undefined): boolean {
    if (!thrown) return false;
    const value = unwrapTs(thrown);
    if (!typescript.isNewExpression(value) && !typescript.isCallExpression(value)) return false;
    const name = lastName(value.expression);
    const first = value.arguments?.[0];
    const code = first && unwrapTs(first);
    return (
      isAllowedThrow(name, this.options.allow) ||
      isProtocolRequiredThrow(name, { name: code && lastName(code), value: code && numericTsValue(code) })
    );
  }

  private hasThrowsTag(node: ts.Node): boolean {
    return this.options.checkThrowsTags && typescript.getJSDocTags(node).some(isCountedThrowsTag);
  }
}

/** `statement` rethrows only what its `if` lets through for an allowed class, or the protocol requires. */
function isAllowedRethrowStatement(statement: ts.ThrowStatement, allow: readonly string[]): boolean {
  const guard = rethrowGuard(statement);
  return guard !== undefined && isAllowedRethrow(guard, allow);
}

/** `rethrowGuard` of the ESTree adapter on TypeScript nodes. */
function rethrowGuard(statement: ts.ThrowStatement): RethrowGuard<ts.Expression> | undefined {
  const thrown = unwrapTs(statement.expression);
  if (!typescript.isIdentifier(thrown)) return undefined;
  const block = statement.parent;
  const branch = typescript.isBlock(block) && block.statements.length === 1 ? block : statement;
  const holder = branch.parent;
  if (!typescript.isIfStatement(holder) || holder.thenStatement !== branch) return undefined;
  const guard: RethrowGuard<ts.Expression> = { test: holder.expression, className: undefined, code: {} };
  const isThrown = (node: ts.Expression): boolean => {
    const value = unwrapTs(node);
    return typescript.isIdentifier(value) && value.text === thrown.text;
  };
  const read = (operand: ts.Expression): void => {
    const node = unwrapTs(operand);
    if (!typescript.isBinaryExpression(node)) return;
    const operator = node.operatorToken.kind;
    if (operator === typescript.SyntaxKind.AmpersandAmpersandToken) {
      read(node.left);
      read(node.right);
    } else if (operator === typescript.SyntaxKind.InstanceOfKeyword && isThrown(node.left)) {
      guard.className = lastName(node.right);
    } else if (operator === typescript.SyntaxKind.EqualsEqualsEqualsToken || operator === typescript.SyntaxKind.EqualsEqualsToken) {
      const isCode = (side: ts.Expression): boolean => {
        const value = unwrapTs(side);
        return typescript.isPropertyAccessExpression(value) && value.name.text === "code" && isThrown(value.expression);
      };
      const other = isCode(node.left) ? node.right : isCode(node.right) ? node.left : undefined;
      if (other && typescript.isPropertyAccessExpression(unwrapTs(other))) guard.code.name = lastName(other);
      else if (other) guard.code.value = numericTsValue(unwrapTs(other));
    }
  };
  read(holder.expression);
  return guard;
}

/** `name` of `name` or `a.b.name`. */
function lastName(expression: ts.Expression): string | undefined {
  const node = unwrapTs(expression);
  if (typescript.isIdentifier(node)) return node.text;
  return typescript.isPropertyAccessExpression(node) ? node.name.text : undefined;
}

/** `-32042`, `32042`. */
function numericTsValue(expression: ts.Expression): number | undefined {
  if (typescript.isNumericLiteral(expression)) return Number(expression.text);
  if (typescript.isPrefixUnaryExpression(expression) && expression.operator === typescript.SyntaxKind.MinusToken) {
    const operand = unwrapTs(expression.operand);
    return typescript.isNumericLiteral(operand) ? -Number(operand.text) : undefined;
  }
  return undefined;
}

/**
 * `@throws` / `@exception`, except `@throws {TypeError}`: that documents a wrong argument type, which
 * type checking rules out (every tag in `@types/node` is of this kind: `path.join`, `path.resolve`).
 */
function isCountedThrowsTag(tag: ts.JSDocTag): boolean {
  if (tag.tagName.text !== "throws" && tag.tagName.text !== "exception") return false;
  const type = typescript.isJSDocThrowsTag(tag) ? tag.typeExpression?.type : undefined;
  return !(type && typescript.isTypeReferenceNode(type) && typescript.isIdentifier(type.typeName) && type.typeName.text === "TypeError");
}

function contains(outer: ThrowTarget, inner: ThrowTarget): boolean {
  return outer.getSourceFile() === inner.getSourceFile() && outer.pos <= inner.pos && inner.end <= outer.end && outer !== inner;
}

/**
 * The name by which the per-file analysis follows calls of `target` (the throw semantics' followed bindings): a
 * function declaration's, or that of a `const`, `let` or `var` bound to the function and never assigned again.
 */
function followedName(checker: ts.TypeChecker, target: ThrowTarget): ts.Identifier | undefined {
  const declaration = typescript.isFunctionDeclaration(target) ? target : outerTs(target).parent;
  if (typescript.isFunctionDeclaration(declaration)) {
    return declaration.name && isFollowedBinding("function", isReassigned(checker, declaration.name)) ? declaration.name : undefined;
  }
  if (!(typescript.isArrowFunction(target) || typescript.isFunctionExpression(target))) return undefined;
  if (!typescript.isVariableDeclaration(declaration) || !typescript.isIdentifier(declaration.name)) return undefined;
  const list = declaration.parent;
  const { NodeFlags } = typescript;
  const kind: BindingKind = list.flags & NodeFlags.Const ? "const" : list.flags & NodeFlags.Let ? "let" : "var";
  return isFollowedBinding(kind, kind !== "const" && isReassigned(checker, declaration.name)) ? declaration.name : undefined;
}

/** What `no-throw-in-tool-handler` follows in a file: functions with a followed name (`followedName`), and methods. */
function isPerFileFunction(checker: ts.TypeChecker, target: ThrowTarget, file: ts.SourceFile): boolean {
  return target.getSourceFile() === file && (followedName(checker, target) !== undefined || followedMethodOf(target) !== undefined);
}

/** A method the throw semantics follows: a class's method or function-valued field, its class, and its side (`ClassSide`). */
interface FollowedMethod {
  name: string;
  owner: ts.ClassLikeDeclaration;
  isStatic: boolean;
}

function followedMethodOf(target: ThrowTarget): FollowedMethod | undefined {
  let member: ts.Node = target;
  if (typescript.isArrowFunction(target) || typescript.isFunctionExpression(target)) {
    const outer = outerTs(target);
    member = outer.parent;
    if (!typescript.isPropertyDeclaration(member) || member.initializer !== outer) return undefined;
  } else if (!typescript.isMethodDeclaration(target) || !target.body) {
    return undefined;
  }
  if (!typescript.isClassLike(member.parent)) return undefined;
  const name = staticNameTs((member as ts.MethodDeclaration | ts.PropertyDeclaration).name);
  return name === undefined ? undefined : { name, owner: member.parent, isStatic: isStatic(member) };
}

/** A member's static name, as `staticKeyName` reads it on ESTree: `a`, `"a"`, `["a"]`, `` [`a`] ``. */
function staticNameTs(name: ts.Node): string | undefined {
  const key = typescript.isComputedPropertyName(name) ? name.expression : name;
  if (typescript.isIdentifier(key) && key === name) return key.text;
  return typescript.isStringLiteral(key) || typescript.isNoSubstitutionTemplateLiteral(key) ? key.text : undefined;
}

/**
 * `this.<name>()` on the method's side of its class, or `<instance>.<name>()` on a variable that holds only instances
 * of it, or of a static method `<Class>.<name>()` (the throw semantics' followed methods; `instanceReads` and
 * `classNameReads` on ESTree).
 */
function callsFollowedMethod(checker: ts.TypeChecker, call: ts.CallExpression, { name, owner, isStatic }: FollowedMethod): boolean {
  const callee = unwrapTs(call.expression);
  let object: ts.Expression;
  if (typescript.isPropertyAccessExpression(callee)) {
    if (staticNameTs(callee.name) !== name) return false;
    object = callee.expression;
  } else if (typescript.isElementAccessExpression(callee)) {
    const key = callee.argumentExpression;
    if (!(typescript.isStringLiteral(key) || typescript.isNoSubstitutionTemplateLiteral(key)) || key.text !== name) return false;
    object = callee.expression;
  } else {
    return false;
  }
  object = unwrapTs(object);
  if (object.kind === typescript.SyntaxKind.ThisKeyword) {
    const side = thisSideTs(object);
    return side?.owner === owner && side.isStatic === isStatic;
  }
  if (!typescript.isIdentifier(object) || !typescript.isClassDeclaration(owner)) return false;
  if (!isStatic) return holdsOnlyInstances(checker, object, owner);
  return owner.name !== undefined && checker.getSymbolAtLocation(object) === checker.getSymbolAtLocation(owner.name);
}

/** The class and side whose `this` is at `node`, as `thisSide` finds them on ESTree: arrows are looked through. */
function thisSideTs(node: ts.Node): { owner: ts.ClassLikeDeclaration; isStatic: boolean } | undefined {
  let child: ts.Node = node;
  for (let current = node.parent as ts.Node | undefined; current; child = current, current = current.parent) {
    if (typescript.isClassLike(current))
      return { owner: current, isStatic: typescript.isClassStaticBlockDeclaration(child) || isStatic(child) };
    if (typescript.isFunctionExpression(current) || typescript.isFunctionDeclaration(current)) {
      const member = current.parent;
      return typescript.isPropertyDeclaration(member) && typescript.isClassLike(member.parent)
        ? { owner: member.parent, isStatic: isStatic(member) }
        : undefined;
    }
    if (typescript.isMethodDeclaration(current) || typescript.isConstructorDeclaration(current) || typescript.isAccessor(current)) {
      return typescript.isClassLike(current.parent) ? { owner: current.parent, isStatic: isStatic(current) } : undefined;
    }
  }
  return undefined;
}

/**
 * `variable` is declared once, and its initialiser and every plain `=` it is given make an instance of `owner`: `new
 * <Class>(...)`, or a call of one of its factories, awaited or not (`isInstanceFactory`).
 */
function holdsOnlyInstances(checker: ts.TypeChecker, variable: ts.Identifier, owner: ts.ClassDeclaration): boolean {
  const declarations = checker.getSymbolAtLocation(variable)?.declarations;
  const declaration = declarations?.length === 1 ? declarations[0] : undefined;
  if (!owner.name || !declaration || !typescript.isVariableDeclaration(declaration) || !typescript.isIdentifier(declaration.name))
    return false;
  const ownerSymbol = checker.getSymbolAtLocation(owner.name);
  const namesOwner = (node: ts.Expression): node is ts.Identifier =>
    typescript.isIdentifier(node) && checker.getSymbolAtLocation(node) === ownerSymbol;
  const makesInstance = (value: ts.Expression | undefined): boolean => {
    if (value === undefined) return false;
    const made = unwrapTs(value);
    if (typescript.isNewExpression(made)) return namesOwner(made.expression);
    const call = typescript.isAwaitExpression(made) ? unwrapTs(made.expression) : made;
    if (!typescript.isCallExpression(call)) return false;
    const callee = unwrapTs(call.expression);
    return (
      typescript.isPropertyAccessExpression(callee) &&
      typescript.isIdentifier(callee.name) &&
      namesOwner(unwrapTs(callee.expression)) &&
      isInstanceFactoryTs(checker, owner, callee.name.text)
    );
  };
  if (declaration.initializer && !makesInstance(declaration.initializer)) return false;
  const assigned = assignmentsOf(checker, declaration.name);
  return (declaration.initializer !== undefined || assigned.length > 0) && assigned.every(makesInstance);
}

/** The static method `name` of `owner` is one of its factories (`isInstanceFactory`), as `instanceFactories` reads it on ESTree. */
function isInstanceFactoryTs(checker: ts.TypeChecker, owner: ts.ClassDeclaration, name: string): boolean {
  const className = owner.name?.text;
  const method = owner.members.findLast(
    (member): member is ts.MethodDeclaration =>
      typescript.isMethodDeclaration(member) && member.body !== undefined && isStatic(member) && staticNameTs(member.name) === name,
  );
  return (
    className !== undefined &&
    method !== undefined &&
    isInstanceFactory(returnedValuesTs(method).map((value) => factoryValueTs(checker, value, owner, className)))
  );
}

/** What a value a static method of `owner` returns is (`FactoryValue`), as `factoryValue` reads it on ESTree. */
function factoryValueTs(
  checker: ts.TypeChecker,
  node: ts.Expression,
  owner: ts.ClassDeclaration,
  className: string,
  depth = 0,
): FactoryValue {
  const value = unwrapTs(node);
  const valueOf = (next: ts.Expression): FactoryValue => factoryValueTs(checker, next, owner, className, depth + 1);
  if (typescript.isNewExpression(value)) {
    const callee = unwrapTs(value.expression);
    return callee.kind === typescript.SyntaxKind.ThisKeyword || (typescript.isIdentifier(callee) && callee.text === className)
      ? "instance"
      : "other";
  }
  if (typescript.isIdentifier(value)) {
    const bound = depth < FACTORY_DEPTH ? singleValueTs(checker, value) : undefined;
    return bound ? valueOf(bound) : "other";
  }
  if (typescript.isPropertyAccessExpression(value)) return isInstanceFieldTs(value, owner, className) ? "instanceField" : "other";
  if (!typescript.isBinaryExpression(value) || depth >= FACTORY_DEPTH) return "other";
  const { SyntaxKind } = typescript;
  const operator = value.operatorToken.kind;
  if (operator === SyntaxKind.EqualsToken) return valueOf(value.right);
  const both = operator === SyntaxKind.QuestionQuestionEqualsToken || operator === SyntaxKind.BarBarEqualsToken;
  return both && valueOf(value.left) !== "other" && valueOf(value.right) !== "other" ? "instanceField" : "other";
}

/** The one value `identifier` holds, as `singleValueOf` finds it on ESTree: a variable declared once, never assigned again. */
function singleValueTs(checker: ts.TypeChecker, identifier: ts.Identifier): ts.Expression | undefined {
  const declarations = checker.getSymbolAtLocation(identifier)?.declarations;
  const declaration = declarations?.length === 1 ? declarations[0] : undefined;
  if (!declaration || !typescript.isVariableDeclaration(declaration) || !typescript.isIdentifier(declaration.name)) return undefined;
  const { name, initializer } = declaration;
  return initializer && (isConstDeclaration(declaration) || !isReassigned(checker, name)) ? initializer : undefined;
}

/** `ApiClient.instance` or `this.instance`, a static field of `owner` declared with it as its type, as `isInstanceField` on ESTree. */
function isInstanceFieldTs(access: ts.PropertyAccessExpression, owner: ts.ClassDeclaration, className: string): boolean {
  const object = unwrapTs(access.expression);
  if (!typescript.isIdentifier(access.name)) return false;
  if (!(object.kind === typescript.SyntaxKind.ThisKeyword || (typescript.isIdentifier(object) && object.text === className))) return false;
  const name = access.name.text;
  const namesClass = (type: ts.TypeNode): boolean =>
    typescript.isTypeReferenceNode(type) && typescript.isIdentifier(type.typeName) && type.typeName.text === className;
  const orNothing = (type: ts.TypeNode): boolean =>
    namesClass(type) ||
    type.kind === typescript.SyntaxKind.UndefinedKeyword ||
    (typescript.isLiteralTypeNode(type) && type.literal.kind === typescript.SyntaxKind.NullKeyword);
  return owner.members.some((field) => {
    if (!typescript.isPropertyDeclaration(field) || !isStatic(field) || staticNameTs(field.name) !== name) return false;
    const { type } = field;
    return (
      type !== undefined &&
      (namesClass(type) || (typescript.isUnionTypeNode(type) && type.types.some(namesClass) && type.types.every(orNothing)))
    );
  });
}

/** The reads of a nested function's followed name in the function it is declared in, as `runsWhereWritten` takes them. */
function readsOfName(checker: ts.TypeChecker, fn: ts.Node): readonly ts.Node[] | undefined {
  const home = enclosingTsFunction(fn);
  const name = home && isTsFunction(fn) ? followedName(checker, fn) : undefined;
  if (!home || !name) return undefined;
  const symbol = checker.getSymbolAtLocation(name);
  const reads: ts.Node[] = [];
  for (const node of descendants(home)) {
    if (!typescript.isIdentifier(node) || node === name || node.text !== name.text) continue;
    const { parent } = node;
    const read =
      typescript.isShorthandPropertyAssignment(parent) && parent.name === node
        ? checker.getShorthandAssignmentValueSymbol(parent)
        : checker.getSymbolAtLocation(node);
    if (read === symbol) reads.push(node);
  }
  return reads;
}

/**
 * The per-file analysis finds calls by the binding's own name: `helper(...)`, not `alias(...)` or `obj.helper(...)`;
 * of a function declared in another, also the calls it is passed to (`rows.forEach(checkRow)`); of a method, the calls
 * on `this` or on an instance that `callsFollowedMethod` takes.
 */
function callsByName(checker: ts.TypeChecker, call: ts.CallExpression, callee: ThrowTarget): boolean {
  const method = followedMethodOf(callee);
  if (method) return callsFollowedMethod(checker, call, method);
  const declaration = typescript.isFunctionDeclaration(callee) ? callee : outerTs(callee).parent;
  const name = typescript.getNameOfDeclaration(declaration as ts.Declaration);
  if (name === undefined || !typescript.isIdentifier(name)) return false;
  const names = (expression: ts.Expression): boolean => {
    const node = unwrapTs(expression);
    return typescript.isIdentifier(node) && node.text === name.text;
  };
  return names(call.expression) || (enclosingTsFunction(callee) !== undefined && call.arguments.some(names));
}

/** A binding assigned again anywhere in its file (`helper = other`, `helper++`), or declared twice. */
function isReassigned(checker: ts.TypeChecker, name: ts.Identifier): boolean {
  const symbol = checker.getSymbolAtLocation(name);
  if (!symbol) return true;
  // Overload signatures are declarations too, not bindings.
  const bindings = symbol.declarations?.filter(
    (declaration) => !typescript.isFunctionDeclaration(declaration) || declaration.body !== undefined,
  );
  return (bindings?.length ?? 0) > 1 || assignmentsOf(checker, name).length > 0;
}

/** Each assignment of the binding `name` declares, anywhere in its file: the value of a plain `=`, undefined for `+=`, `++` and the like. */
function assignmentsOf(checker: ts.TypeChecker, name: ts.Identifier): (ts.Expression | undefined)[] {
  const symbol = checker.getSymbolAtLocation(name);
  const { SyntaxKind } = typescript;
  const found: (ts.Expression | undefined)[] = [];
  for (const node of descendants(name.getSourceFile())) {
    let target: ts.Node | undefined;
    let value: ts.Expression | undefined;
    if (
      typescript.isBinaryExpression(node) &&
      node.operatorToken.kind >= SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= SyntaxKind.LastAssignment
    ) {
      target = node.left;
      if (node.operatorToken.kind === SyntaxKind.EqualsToken) value = node.right;
    } else if (
      (typescript.isPrefixUnaryExpression(node) || typescript.isPostfixUnaryExpression(node)) &&
      (node.operator === SyntaxKind.PlusPlusToken || node.operator === SyntaxKind.MinusMinusToken)
    ) {
      target = node.operand;
    }
    if (target && typescript.isIdentifier(target) && target.text === name.text && resolvedSymbol(checker, target) === symbol)
      found.push(value);
  }
  return found;
}

function isPromiseRejectCall(call: ts.CallExpression): boolean {
  const callee = unwrapTs(call.expression);
  if (!typescript.isPropertyAccessExpression(callee)) return false;
  const object = unwrapTs(callee.expression);
  return isPromiseReject(typescript.isIdentifier(object) ? object.text : undefined, callee.name.text);
}

/** The analyses of each settings object (the validated settings are one object per raw settings), per program and options. */
const analysesBySettings = new WeakMap<McpSettings, (program: ts.Program, key: string) => ThrowAnalysis>();

/** The throw analysis of `program` for these options and settings, built once per program, options and settings. */
export function getThrowAnalysis(program: ts.Program, options: ThrowOptions, settings: McpSettings): ThrowAnalysis {
  let analysisFor = analysesBySettings.get(settings);
  if (!analysisFor) {
    analysisFor = perProgram((built, key) => {
      const analysis = new ThrowAnalysis(built, JSON.parse(key) as ThrowOptions, settings);
      if (throwAnalysisChannel.hasSubscribers) throwAnalysisChannel.publish({ program: built });
      return analysis;
    });
    analysesBySettings.set(settings, analysisFor);
  }
  return analysisFor(program, JSON.stringify({ allow: [...options.allow].sort(), checkThrowsTags: options.checkThrowsTags }));
}
