import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  type FunctionNode,
  type ClassSide,
  classMethod,
  classMethodOf,
  membersNamed,
  outerParent,
  propertyName,
  thisSide,
  TRANSPARENT_WRAPPERS,
  unwrapExpression,
} from "../util/ast.js";
import {
  bindingDeclaratorOf,
  enclosingFunction,
  estreeTree,
  followedReads,
  instanceReads,
  isCaught,
  isProtocolRequiredValue,
  rethrowGuard,
  runsInside,
} from "./estree-tree.js";
import { classNameReads } from "../util/method-reads.js";
import {
  callUsing,
  type CatchingCall,
  chainHandlesRejection,
  settlesRejections,
  type ChainLink,
  escapes,
  isAllowedRethrow,
  isAllowedThrow,
  isPromiseReject,
  type RejectionExit,
  rejectionExit,
} from "./throw-semantics.js";
import { nearestOwner } from "../util/per-file.js";

/*
 * Which failures can leave a function, for the throw rules: `throw` statements, `Promise.reject(...)`
 * that is returned or awaited, and calls of same-file functions that can throw in turn.
 * Everything is collected in the rule's one traversal and resolved once at `Program:exit`.
 */

/** A `throw` statement, or a `Promise.reject(...)` call whose rejection is returned or awaited. */
export type ThrowSite = TSESTree.CallExpression | TSESTree.ThrowStatement;

/** A same-file function that can throw, and the line of the throw it comes from. */
export interface ThrowingFunction {
  fn: FunctionNode;
  name: string;
  /** The throw at the end of the shortest chain of calls; the first in source order among equals. */
  line: number;
}

/** A call of a same-file function that can throw (whether the call is caught is the caller's question). */
export interface ThrowingCall {
  call: TSESTree.CallExpression;
  callee: ThrowingFunction;
}

/**
 * A same-file function that calls may name: a declaration, a `const`/`let`/`var` binding of a
 * function, or a method of a class that its siblings call as `this.<name>()`.
 */
interface Helper {
  fn: FunctionNode;
  /** How calls name it: `requireString`, `this.validate`. */
  name: string;
  /** The function declaration or the declarator, as scope analysis names the definition; the member for a method. */
  definition: TSESTree.FunctionDeclaration | TSESTree.VariableDeclarator | TSESTree.MethodDefinition | TSESTree.PropertyDefinition;
  /** Throws of its own, and calls or nested helpers through which it can throw, in source order. */
  steps: { start: number; line?: number; callee?: Helper }[];
  /** Length of the shortest call chain to a throw; undefined when it cannot throw. */
  level?: number;
  line?: number;
}

/** `Promise.reject` (also `Promise["reject"]`). */
function isPromiseRejectCallee(callee: TSESTree.Node): boolean {
  const node = unwrapExpression(callee);
  if (node.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrapExpression(node.object);
  return isPromiseReject(object.type === AST_NODE_TYPES.Identifier ? object.name : undefined, propertyName(node));
}

/** The calls the collector reads: a member of `this` or a `reject` member called, or any callee in a type assertion. */
const CALLS_OF_THIS_OR_REJECT = [
  'CallExpression[callee.object.type="ThisExpression"]',
  'CallExpression[callee.property.name="reject"]',
  'CallExpression[callee.property.value="reject"]',
  'CallExpression[callee.property.type="TemplateLiteral"]',
  ...[...TRANSPARENT_WRAPPERS].map((type) => `CallExpression[callee.type="${type}"]`),
].join(", ");

/**
 * Collects, in one traversal of a file, its throws, its `Promise.reject` calls and its `this.<name>()`
 * calls; `Program:exit` handlers then ask what escapes a given function, and which calls of named
 * functions (found through their variables' references) can throw. Which functions calls can name is
 * decided only for those around a throw and, from there, around their calls: most functions of a file
 * are never looked at.
 */
export class ThrowCollector {
  /** Listeners to spread into the rule's visitor; they only record nodes. */
  readonly listeners: TSESLint.RuleListener;

  private readonly throwStatements: TSESTree.ThrowStatement[] = [];
  private readonly rejections = new Map<TSESTree.CallExpression, RejectionExit<TSESTree.Node>>();
  /** Each function looked at, and the helper it is (null: calls cannot name it), decided on first need. */
  private readonly helpers = new Map<FunctionNode, Helper | null>();
  /** The helpers that can throw, in breadth-first order from the throwers. */
  private readonly reached: Helper[] = [];
  /** Calls of the helpers that can throw, found through each one's references (no scope lookup per call). */
  private readonly calleeOf = new Map<TSESTree.CallExpression, Helper>();
  private readonly ownerOf = new Map<FunctionNode, Helper | null>();
  /** The `this.<name>()` calls, which may reach a method of their class. */
  private readonly thisCalls: { call: TSESTree.CallExpression; name: string }[] = [];
  private sorted: ThrowSite[] | undefined;
  private resolved = false;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly allow: readonly string[],
    private readonly catchingCall: CatchingCall<TSESTree.Node>,
  ) {
    this.listeners = {
      ThrowStatement: (node) => {
        if (this.isAllowed(node.argument)) return;
        // Most throws are no rethrow in an `if`: the guard's verdict is asked only of one that is.
        const guard = rethrowGuard(node);
        if (!guard || !isAllowedRethrow(guard, this.allow)) this.throwStatements.push(node);
      },
      // `this.validate()` and `Promise.reject()` (also `Promise["reject"]`), their callees maybe in a type
      // assertion: the selectors let through only such calls, not every member call of the file.
      [CALLS_OF_THIS_OR_REJECT]: (node: TSESTree.CallExpression) => {
        const callee = unwrapExpression(node.callee);
        if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.ThisExpression) {
          const name = propertyName(callee);
          if (name !== undefined) this.thisCalls.push({ call: node, name });
          return;
        }
        if (!isPromiseRejectCallee(node.callee)) return;
        const exit = rejectionExit(estreeTree, node);
        const first = node.arguments.at(0);
        if (exit && !(first && this.isAllowed(first))) this.rejections.set(node, exit);
      },
    };
  }

  /** Every `throw` and returned or awaited `Promise.reject`, allowed error classes left out. */
  sites(): readonly ThrowSite[] {
    // The traversal meets throw statements in source order: only rejections need merging in.
    this.sorted ??=
      this.rejections.size === 0
        ? this.throwStatements
        : [...this.throwStatements, ...this.rejections.keys()].sort((a, b) => a.range[0] - b.range[0]);
    return this.sorted;
  }

  /**
   * True when `site` leaves `boundary`: a throw not caught inside it; a rejection returned from
   * `boundary` itself (a `try` cannot catch that), or awaited or returned from a nested function
   * where not caught.
   */
  escapes(site: ThrowSite, boundary: FunctionNode): boolean {
    // A throw in a nested function that runs where it is called leaves through the calls.
    if (!runsInside(site, boundary, this.sourceCode)) return false;
    if (site.type !== AST_NODE_TYPES.CallExpression) return escapes(estreeTree, site, boundary, undefined, this.catchingCall);
    const exit = this.rejections.get(site);
    return exit !== undefined && escapes(estreeTree, site, boundary, exit, this.catchingCall);
  }

  /** Every call, by plain name (`requireString(args, "ref")`), of a same-file function that can throw. */
  throwingCalls(): ThrowingCall[] {
    this.resolve();
    const found: ThrowingCall[] = [];
    for (const [call, helper] of this.calleeOf) {
      const callee = throwing(helper);
      if (callee) found.push({ call, callee: isMethod(helper) ? { ...callee, name: calledName(call) ?? callee.name } : callee });
    }
    return found;
  }

  /** Every same-file function that can throw, in source order. */
  throwingFunctions(): ThrowingFunction[] {
    this.resolve();
    const found: ThrowingFunction[] = [];
    for (const helper of [...this.reached].sort(bySourceOrder)) {
      const callee = throwing(helper);
      if (callee) found.push(callee);
    }
    return found;
  }

  /**
   * `throw new UserError(...)`, `throw new errors.UserError(...)`, `throw UserError(...)` for allowed
   * names, and the throws the protocol requires (`UrlElicitationRequiredError`).
   */
  private isAllowed(thrown: TSESTree.Node): boolean {
    const node = unwrapExpression(thrown);
    if (node.type !== AST_NODE_TYPES.NewExpression && node.type !== AST_NODE_TYPES.CallExpression) return false;
    return isAllowedThrow(calleeName(node.callee), this.allow) || isProtocolRequiredValue(node);
  }

  /** The helper `fn` is, if calls can name it; each function is looked at once. */
  private helperOf(fn: FunctionNode): Helper | undefined {
    let helper = this.helpers.get(fn);
    if (helper === undefined) {
      helper = namedHelper(fn) ?? null;
      this.helpers.set(fn, helper);
    }
    return helper ?? undefined;
  }

  /** The helper that `this.<name>()` calls on `side` of a class. */
  private methodNamed(side: ClassSide, name: string): Helper | undefined {
    const fn = classMethod(side, name);
    return fn && this.helperOf(fn);
  }

  /**
   * The calls of a helper: of a method, the `this.<name>()` calls in its class; of another helper,
   * those found through the references of the variable it is bound to.
   */
  private callsOf(helper: Helper): TSESTree.CallExpression[] {
    const calls: TSESTree.CallExpression[] = [];
    // `asyncHelper().catch(...)` handles the rejection an async function turns its throws into.
    const handled = (call: TSESTree.CallExpression): boolean => helper.fn.async && isCatchReceiver(call);
    const { definition } = helper;
    if (definition.type === AST_NODE_TYPES.MethodDefinition || definition.type === AST_NODE_TYPES.PropertyDefinition) {
      for (const { call, name } of this.thisCalls) {
        const side = thisSide(call.callee);
        if (side && this.methodNamed(side, name) === helper && !handled(call)) calls.push(call);
      }
      const method = classMethodOf(helper.fn);
      if (!method) return calls;
      // `graph.addObservations(...)` on a variable that holds only instances of the class; `Router.dispatch(...)` on the class.
      const reads = method.isStatic ? classNameReads(method.classBody, this.sourceCode) : instanceReads(method.classBody, this.sourceCode);
      for (const member of membersNamed(reads, method.name)) {
        const call = outerParent(member);
        if (call.parent?.type === AST_NODE_TYPES.CallExpression && call.parent.callee === call.child && !handled(call.parent))
          calls.push(call.parent);
      }
      return calls;
    }
    const reads = followedReads(helper.fn, this.sourceCode);
    if (!reads) return calls;
    // A helper declared in a function also runs in the calls it is passed to (`rows.forEach(checkRow)`).
    const passedOn = enclosingFunction(helper.fn) !== undefined;
    for (const read of reads) {
      const call = callUsing(estreeTree, read);
      if (call?.type !== AST_NODE_TYPES.CallExpression || handled(call)) continue;
      if (passedOn || call.callee === outerParent(read).child) calls.push(call);
    }
    return calls;
  }

  /** The nearest helper containing `node` (a helper's nested functions are part of it). */
  private owner(node: TSESTree.Node): Helper | undefined {
    return nearestOwner(node.parent, this.ownerOf, (fn) => this.helperOf(fn));
  }

  /**
   * Which helpers can throw, each analysed once: a breadth-first walk back from the helpers that
   * throw themselves, through their calls and the helpers they are nested in, so cycles end and
   * each helper gets its shortest chain to a throw. Only a helper that can throw has its calls
   * looked up: the lookup reads its variable's references, which oxlint analyses scopes for.
   */
  private resolve(): void {
    if (this.resolved) return;
    this.resolved = true;
    const queue = this.reached;
    for (const site of this.sites()) {
      const owner = this.owner(site);
      if (!owner || !this.escapes(site, owner.fn)) continue;
      owner.steps.push({ start: site.range[0], line: site.loc.start.line });
      if (owner.level === undefined) queue.push(owner);
      owner.level = 0;
    }
    queue.sort(bySourceOrder);
    const reach = (caller: Helper | undefined, through: TSESTree.Node, callee: Helper, level: number): void => {
      if (!caller || isCaught(through, caller.fn, this.catchingCall)) return;
      caller.steps.push({ start: through.range[0], callee });
      if (caller.level !== undefined) return;
      caller.level = level;
      queue.push(caller);
    };
    // for...of also visits the callers pushed while it runs: a breadth-first walk.
    for (const helper of queue) {
      const level = (helper.level ?? 0) + 1;
      for (const call of this.callsOf(helper)) {
        this.calleeOf.set(call, helper);
        reach(this.owner(call), call, helper, level);
      }
      // A helper declared inside another is part of it, as for handlers, unless it runs where it is called.
      const owner = this.owner(helper.fn);
      if (owner && runsInside(helper.fn, owner.fn, this.sourceCode)) reach(owner, helper.fn, helper, level);
    }
    // In breadth-first order every callee one step closer to a throw already has its line.
    for (const helper of queue) {
      const level = helper.level ?? 0;
      helper.steps.sort((a, b) => a.start - b.start);
      for (const step of helper.steps) {
        // Only a callee one step closer to a throw: following the others could go round a cycle.
        if (step.callee && (step.callee.level ?? level) >= level) continue;
        helper.line = step.callee ? step.callee.line : step.line;
        break;
      }
    }
  }
}

/**
 * The helper a function is when calls can name it: a named function declaration, a function bound to a
 * `const`/`let`/`var`, or a class's instance method or function-valued field (named `this.<name>`).
 */
function namedHelper(fn: FunctionNode): Helper | undefined {
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return fn.id ? { fn, name: fn.id.name, definition: fn, steps: [] } : undefined;
  const declarator = bindingDeclaratorOf(fn);
  if (declarator)
    return declarator.id.type === AST_NODE_TYPES.Identifier
      ? { fn, name: declarator.id.name, definition: declarator, steps: [] }
      : undefined;
  const { parent } = outerParent(fn);
  if (parent?.type !== AST_NODE_TYPES.MethodDefinition && parent?.type !== AST_NODE_TYPES.PropertyDefinition) return undefined;
  const name = propertyName(parent);
  if (name === undefined || !parent.value || unwrapExpression(parent.value) !== fn) return undefined;
  return { fn, name: `this.${name}`, definition: parent, steps: [] };
}

function isMethod({ definition }: Helper): boolean {
  return definition.type === AST_NODE_TYPES.MethodDefinition || definition.type === AST_NODE_TYPES.PropertyDefinition;
}

/** How a method is called on an instance, `graph.addObservations`; undefined for any other call. */
function calledName(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const object = unwrapExpression(callee.object);
  const name = propertyName(callee);
  return object.type === AST_NODE_TYPES.Identifier && name !== undefined ? `${object.name}.${name}` : undefined;
}

/** Helpers in the order of their definitions in the file. */
function bySourceOrder(a: Helper, b: Helper): number {
  return a.definition.range[0] - b.definition.range[0];
}

function throwing({ fn, name, line }: Helper): ThrowingFunction | undefined {
  return line === undefined ? undefined : { fn, name, line };
}

/**
 * `call.catch(...)`, also after `.then(...)` links, or `Promise.allSettled([call, ...])`: the call's promise is handled
 * on the spot (`chainHandlesRejection`, `settlesRejections`).
 */
function isCatchReceiver(call: TSESTree.CallExpression): boolean {
  if (isSettledElement(call)) return true;
  // The method calls chained on the call's value, in order.
  const links: ChainLink[] = [];
  for (let link = chainedCall(call); link; link = chainedCall(link.call)) links.push(link);
  return chainHandlesRejection(links);
}

/** The method call made on `receiver`'s value (`.then(use)` of `fetchPage(url).then(use)`), and its name. */
function chainedCall(receiver: TSESTree.Node): (ChainLink & { call: TSESTree.CallExpression }) | undefined {
  const { child, parent } = outerParent(receiver);
  if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== child) return undefined;
  const call = parent.parent;
  return call.type === AST_NODE_TYPES.CallExpression && call.callee === parent
    ? { call, method: propertyName(parent), argumentCount: call.arguments.length }
    : undefined;
}

/** `call` is an element of the array literal given first to a call that settles its promises (`settlesRejections`). */
function isSettledElement(call: TSESTree.CallExpression): boolean {
  const { child, parent: array } = outerParent(call);
  if (array?.type !== AST_NODE_TYPES.ArrayExpression || !array.elements.includes(child as TSESTree.Expression)) return false;
  const { child: given, parent: combinator } = outerParent(array);
  if (combinator?.type !== AST_NODE_TYPES.CallExpression || combinator.arguments[0] !== given) return false;
  const callee = unwrapExpression(combinator.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrapExpression(callee.object);
  return settlesRejections(object.type === AST_NODE_TYPES.Identifier ? object.name : undefined, propertyName(callee));
}
