/*
 * What "can throw" and "escapes" mean, written once over a syntax tree that either adapter
 * provides: ESTree for the rules (`./estree-tree.ts`), TypeScript nodes for the cross-file analysis
 * (`./typescript/ts-tree.ts`). The rules and the type-aware rule must agree on every answer here.
 */

/** How a node sits in its parent, as far as throws and rejections care. */
export type ParentRole =
  /** Parentheses, `as`, `satisfies`, `!`, `<T>x`: the same value. */
  | "transparent"
  /** `a ? <child> : <child>`. */
  | "conditionalBranch"
  /** `a ?? <child>`, `a || <child>`, `a && <child>`. */
  | "logicalRight"
  /** `await <child>`. */
  | "awaited"
  /** `return <child>`. */
  | "returned"
  /** `(...) => <child>`: the arrow's expression body. */
  | "arrowBody"
  /** The block of a `try` that has a `catch` clause. */
  | "caughtBlock"
  /** `<child>(...)`: the function a call calls. */
  | "callee"
  /** `f(<child>)`: an argument of a call. */
  | "argument"
  /** `{ key: <child> }`, `{ <child> }`: the value of a property of an object literal. */
  | "propertyValue"
  /** A property of the object literal `<parent>`. */
  | "objectMember"
  | "other";

/** The little a throw analysis needs to know of a syntax tree. */
export interface SyntaxTree<N> {
  parent(node: N): N | undefined;
  role(child: N, parent: N): ParentRole;
  isFunction(node: N): boolean;
}

/**
 * A call that catches what the function given to it as `argument` throws and answers with an error result: a
 * catching wrapper (`wrapperCatchesThrows`), such as `withServerConnection(async () => ...)` in a handler. The
 * adapter that reads wrappers answers it; without one, no call catches.
 */
export type CatchingCall<N> = (call: N, argument: N) => boolean;

/**
 * "Caught": `node` lies in the block of a `try` that has a `catch` clause, or in a function given to a catching
 * call (`catchingCall`), and that `try` or call is inside `boundary`. A node in a `catch` clause or a `finally`
 * block (a rethrow) is caught only by a further `try` around that whole statement.
 */
export function isCaught<N>(tree: SyntaxTree<N>, node: N, boundary: N, catchingCall?: CatchingCall<N>): boolean {
  let child = node;
  for (let parent = tree.parent(node); parent !== undefined && child !== boundary; child = parent, parent = tree.parent(parent)) {
    if (catchesChild(tree, child, parent, catchingCall)) return true;
  }
  return false;
}

/** `parent` catches what its child `child` throws: `child` is the block of a `try` with a `catch`, or a function given to a catching call. */
export function catchesChild<N>(tree: SyntaxTree<N>, child: N, parent: N, catchingCall?: CatchingCall<N>): boolean {
  const role = tree.role(child, parent);
  return (
    role === "caughtBlock" || (role === "argument" && catchingCall !== undefined && tree.isFunction(child) && catchingCall(parent, child))
  );
}

/** The nearest function containing `node` (itself excluded). */
export function enclosingFunctionOf<N>(tree: SyntaxTree<N>, node: N): N | undefined {
  for (let current = tree.parent(node); current !== undefined; current = tree.parent(current)) {
    if (tree.isFunction(current)) return current;
  }
  return undefined;
}

/**
 * The function whose value `node` is: the arrow whose expression body it is, or the function one of whose own
 * `return` statements returns it, through wrappers and the branches of `?:`; with `inObject`, also as a property value
 * of the object literal it returns (`return { action }`).
 */
export function returningFunction<N>(tree: SyntaxTree<N>, node: N, inObject = false): N | undefined {
  let child = node;
  for (let parent = tree.parent(node); parent !== undefined; child = parent, parent = tree.parent(parent)) {
    switch (tree.role(child, parent)) {
      case "propertyValue":
      case "objectMember":
        if (!inObject) return undefined;
        continue;
      case "transparent":
      case "conditionalBranch":
        continue;
      case "arrowBody":
        return parent;
      case "returned":
        return enclosingFunctionOf(tree, parent);
      default:
        return undefined;
    }
  }
  return undefined;
}

/**
 * Whether a function nested in another runs where it is written, as part of the function around it, or elsewhere. A
 * function declared by name (`reads`: the reads of its name, when calls by that name are followed) runs where it is
 * used when every read calls it, passes it to a call (which runs it there, as far as an analysis can tell:
 * `rows.forEach(checkRow)`), or hands it to the caller of the function it is declared in (`return { action }`); one
 * without a name (`reads` undefined) runs elsewhere when that function hands it to its caller (`return { action: async
 * () => ... }`). Any other nested function (an inline callback, a function stored) runs where it is written. A throw
 * in a function that runs elsewhere leaves through the calls that use it (`callUsing`), not where it is written.
 */
export function runsWhereWritten<N>(tree: SyntaxTree<N>, fn: N, reads: readonly N[] | undefined): boolean {
  const home = enclosingFunctionOf(tree, fn);
  if (home === undefined) return true;
  if (reads === undefined) return returningFunction(tree, fn, true) !== home;
  return !reads.every((read) => callUsing(tree, read) !== undefined || returningFunction(tree, read, true) === home);
}

/** The call that a read of a function's name calls it in, or passes it to: `checkRow(row)`, `rows.forEach(checkRow)`. */
export function callUsing<N>(tree: SyntaxTree<N>, read: N): N | undefined {
  let child = read;
  for (let parent = tree.parent(read); parent !== undefined; child = parent, parent = tree.parent(parent)) {
    const role = tree.role(child, parent);
    if (role === "transparent") continue;
    return role === "callee" || role === "argument" ? parent : undefined;
  }
  return undefined;
}

/**
 * True when `node` runs as part of `boundary`'s own run: neither it (a function) nor a function between them runs
 * elsewhere (`runsWhereWritten`). `readsOf` gives a function's followed reads of its name, as `runsWhereWritten` takes them.
 */
export function runsInside<N>(tree: SyntaxTree<N>, node: N, boundary: N, readsOf: (fn: N) => readonly N[] | undefined): boolean {
  for (let current: N | undefined = node; current !== undefined && current !== boundary; current = tree.parent(current)) {
    if (tree.isFunction(current) && !runsWhereWritten(tree, current, readsOf(current))) return false;
  }
  return true;
}

/** How a rejected promise leaves: returned from `fn`, or awaited where it stands. */
export type RejectionExit<N> = { kind: "await" } | { kind: "return"; fn: N };

/**
 * Where a `Promise.reject(...)` goes: through `?:` branches and the right side of `??`, `||` and
 * `&&`, to an `await`, a `return` or an arrow's expression body. Anywhere else it is a value the
 * code handles (stored, passed, `.catch`-ed).
 */
export function rejectionExit<N>(tree: SyntaxTree<N>, call: N): RejectionExit<N> | undefined {
  let child = call;
  for (let parent = tree.parent(call); parent !== undefined; child = parent, parent = tree.parent(parent)) {
    switch (tree.role(child, parent)) {
      case "transparent":
      case "conditionalBranch":
      case "logicalRight":
        continue;
      case "awaited":
        return { kind: "await" };
      case "arrowBody":
        return { kind: "return", fn: parent };
      case "returned": {
        const fn = enclosingFunctionOf(tree, parent);
        return fn === undefined ? undefined : { kind: "return", fn };
      }
      default:
        return undefined;
    }
  }
  return undefined;
}

/**
 * True when a throw site leaves `boundary`: a rejection returned from `boundary` itself (a `try`
 * cannot catch a returned promise); anything else when no `try` inside `boundary` catches it.
 */
export function escapes<N>(tree: SyntaxTree<N>, site: N, boundary: N, exit?: RejectionExit<N>, catchingCall?: CatchingCall<N>): boolean {
  if (exit?.kind === "return" && exit.fn === boundary) return true;
  return !isCaught(tree, site, boundary, catchingCall);
}

/** One link of a promise chain that a call's promise is the receiver of: `.then(onFulfilled)` has one argument. */
export interface ChainLink {
  method: string | undefined;
  argumentCount: number;
}

/** The argument of a promise method that handles a rejection: `.catch(onRejected)`'s first, `.then(ok, onRejected)`'s second. */
export function rejectionHandlerIndex(method: string | undefined): number | undefined {
  return method === "catch" ? 0 : method === "then" ? 1 : undefined;
}

/**
 * `Promise.allSettled([...])` settles the rejection of every promise in the array literal it is given: a call written
 * there is handled on the spot (`objectName` and `method` name the callee: `Promise`, `allSettled`).
 */
export function settlesRejections(objectName: string | undefined, method: string | undefined): boolean {
  return objectName === "Promise" && method === "allSettled";
}

/**
 * A promise chain handles its receiver's rejection on the spot: through `.then(onFulfilled)` and `.finally(...)` links,
 * it reaches a link given a rejection handler (`rejectionHandlerIndex`): `asyncWork().then(use).catch(report)`.
 */
export function chainHandlesRejection(links: readonly ChainLink[]): boolean {
  for (const { method, argumentCount } of links) {
    const index = rejectionHandlerIndex(method);
    if (index !== undefined && argumentCount > index) return true;
    if (method !== "then" && method !== "finally") return false;
  }
  return false;
}

/** `Promise.reject` (also `Promise["reject"]`; a library `Promise` such as bluebird's rejects the same way). */
export function isPromiseReject(object: string | undefined, method: string | undefined): boolean {
  return object === "Promise" && method === "reject";
}

/** A thrown `new UserError(...)` / `UserError(...)` whose class a rule's `allow` option names. */
export function isAllowedThrow(className: string | undefined, allow: readonly string[]): boolean {
  return className !== undefined && allow.includes(className);
}

/** What the `if` around a rethrow (`if (error instanceof UserError) throw error;`) says of the error it lets through. */
export interface RethrowGuard<Expression> {
  test: Expression;
  /** The class of the test's `instanceof`. */
  className: string | undefined;
  /** The value the test compares the error's `code` with: a member name or a number. */
  code: { name?: string; value?: number };
}

/**
 * A rethrow whose `if` lets through only an error the handler may throw: one of an allowed class (a framework's
 * `UserError`, which the rule's `allow` option names), or the one the protocol requires (`isProtocolRequiredThrow`).
 */
export function isAllowedRethrow(guard: RethrowGuard<unknown>, allow: readonly string[]): boolean {
  return isAllowedThrow(guard.className, allow) || isProtocolRequiredThrow(guard.className, guard.code);
}

/** The SDK's (v1 and v2) error for a URL elicitation the client must complete before the tool can run. */
const URL_ELICITATION_ERROR = "UrlElicitationRequiredError";
/** Its protocol code, by its name in `ErrorCode`/`ProtocolErrorCode` and by value. */
const URL_ELICITATION_CODE = { name: "UrlElicitationRequired", value: -32042 } as const;
/** The SDK's generic protocol-error classes: v1 `McpError`, v2 `ProtocolError`. */
const PROTOCOL_ERROR_CLASSES: readonly string[] = ["McpError", "ProtocolError"];

/**
 * A throw the protocol requires of a tool handler: `new UrlElicitationRequiredError(...)`, or an
 * `McpError`/`ProtocolError` built with the `UrlElicitationRequired` code (by name or -32042).
 * `McpServer` rethrows it as the -32042 protocol error on purpose, so the client can elicit the URL.
 * `code` is the first argument as far as it is known: the member name (`ErrorCode.UrlElicitationRequired`)
 * or its numeric value.
 */
export function isProtocolRequiredThrow(className: string | undefined, code: { name?: string; value?: number }): boolean {
  if (className === URL_ELICITATION_ERROR) return true;
  return (
    className !== undefined &&
    PROTOCOL_ERROR_CLASSES.includes(className) &&
    (code.name === URL_ELICITATION_CODE.name || code.value === URL_ELICITATION_CODE.value)
  );
}

/** How a function is bound to the name its callers use. */
export type BindingKind = "const" | "function" | "let" | "var";

/**
 * The bindings a throw analysis follows from a call by name: function declarations, and `const`,
 * `let` and `var` bindings of a function, when never assigned again (one that is may no longer hold
 * the function when it is called).
 */
export function isFollowedBinding(kind: BindingKind, reassigned: boolean): boolean {
  return kind === "const" || !reassigned;
}

/*
 * The methods a throw analysis follows from a call, besides bindings: a class's own instance method or function-valued
 * field, called as `this.<name>()` where `this` is an instance of that class (arrows looked through), or as
 * `<instance>.<name>()` on a variable declared once whose every value is `new <Class>(...)` of that class, declared in
 * the file (`const graph = new KnowledgeGraphManager(path)`, or `let graph: KnowledgeGraphManager` given only
 * `graph = new KnowledgeGraphManager(path)`), or a call of one of the class's factories (`isInstanceFactory`), awaited
 * or not (`const table = await CurrencyTable.load()`, `const client = ApiClient.getInstance()`). Each adapter reads
 * this on its own tree: `instanceReads` (ESTree) and `callsFollowedMethod` (TypeScript).
 */

/**
 * What one value a class's static method returns is, for `isInstanceFactory`: a new instance of the class (`new
 * <Class>(...)`, or `new this(...)`), one of its static fields declared with the class as its type (`private static
 * instance: ApiClient | undefined`, read as `ApiClient.instance` or `this.instance`), or something else. A variable with
 * one value (a `const`, or a `let` never assigned again) is that value, and an assignment is what it assigns: `ApiClient.instance = new ApiClient()`, and `this.instance ??= new ApiClient()` when both sides
 * are instances.
 */
export type FactoryValue = "instance" | "instanceField" | "other";

/**
 * How many steps a returned value is followed through: a variable with one value (`const instance = new
 * LanguagesList(list); return instance`) and an assignment are one step each.
 */
export const FACTORY_DEPTH = 3;

/**
 * A static method of a class declared in the file is one of its factories when it returns, and every value it returns
 * is an instance of the class (`FactoryValue`): `static async load() { ...; return new CurrencyTable(codes) }`, or the
 * singleton's `static getInstance() { if (!ApiClient.instance) ApiClient.instance = new ApiClient(); return
 * ApiClient.instance }`. A method that may return a cached value of another type, or nothing, is not.
 */
export function isInstanceFactory(returned: readonly FactoryValue[]): boolean {
  return returned.length > 0 && returned.every((value) => value !== "other");
}
