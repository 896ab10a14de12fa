import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { calledFunction, type FunctionNode, propertyName, singleValueOf, someNode, unwrapExpression } from "../util/ast.js";
import { lastAnswer } from "../util/last-answer.js";
import type { ErrorHelpers } from "./error-helpers.js";
import { SAFE_PARSE_METHODS } from "./error-evidence.js";

/*
 * Calls that do no work a tool could fail at: logging (the console or a project's logger), conversions, type tests,
 * arithmetic, the clock, validation that answers in its result (`safeParse`), the project's error helpers, and the
 * file's functions that guard their whole body. A handler whose only calls are these needs no guard.
 */

/** Global functions that convert any value without throwing in practice. */
const FUNCTIONS = new Set(["String", "Number", "Boolean"]);

/** Members of global objects: every member (`true`), or the listed ones. */
const MEMBERS = new Map<string, true | ReadonlySet<string>>([
  ["console", true],
  ["Math", true],
  ["Array", new Set(["isArray"])],
  ["Object", new Set(["keys", "values", "entries"])],
  ["Date", new Set(["now"])],
]);

/** Methods that read a valid date and, given no argument, cannot throw (`toLocaleString("en-US", { timeZone })` can). */
const DATE_READS = new Set([
  "toISOString",
  "toJSON",
  "toString",
  "toUTCString",
  "toDateString",
  "toTimeString",
  "toLocaleString",
  "toLocaleDateString",
  "toLocaleTimeString",
  "getTime",
  "valueOf",
]);

/** What a project names its logger: `log`, `logger`, `this.logger`, `toolLog`, `requestLogger`. */
const LOGGER_NAME = /^(?:log|logger|\w*(?:Log|Logger))$/u;

/**
 * `logger.info(...)`, `this.log.debug(...)`, `log.child(...)`, `toolLog.warn(...)`: a project's logger does not fail the
 * work it logs (as `console` does not), whatever its methods are called.
 */
function isLoggerCall(callee: TSESTree.MemberExpression): boolean {
  const object = unwrapExpression(callee.object);
  const name =
    object.type === AST_NODE_TYPES.Identifier
      ? object.name
      : object.type === AST_NODE_TYPES.MemberExpression
        ? propertyName(object)
        : undefined;
  return name !== undefined && LOGGER_NAME.test(name);
}

/** The identifier names the global, not a binding of the file (`const console = createLogger()`). */
function isGlobal(identifier: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const variable = ASTUtils.findVariable(sourceCode.getScope(identifier), identifier);
  return !variable || variable.defs.length === 0;
}

/** `new Date()` with no argument: the time now, never an invalid date. */
function isNewDate(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const value = unwrapExpression(node);
  if (value.type !== AST_NODE_TYPES.NewExpression || value.arguments.length > 0) return false;
  const callee = unwrapExpression(value.callee);
  return callee.type === AST_NODE_TYPES.Identifier && callee.name === "Date" && isGlobal(callee, sourceCode);
}

/** `new Date()`, written there or bound to a `const`. */
function isNow(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const value = unwrapExpression(node);
  const bound = value.type === AST_NODE_TYPES.Identifier ? singleValueOf(value, sourceCode)?.value : value;
  return bound !== undefined && isNewDate(bound, sourceCode);
}

/**
 * Each function of the file looked at, and whether its call cannot fail (`cannotFail`; false while it is decided),
 * for one file model, which its error helpers stand for: the answer depends on them, so a tree linted again with other
 * settings is asked anew. Only the last model's is kept (see `perFile`).
 */
const failureFree = lastAnswer<[ErrorHelpers], Map<FunctionNode, boolean>>(() => new Map());

/**
 * A function of this file whose call cannot fail. Its body is one `try` statement, without `finally`, whose `catch`
 * clause cannot throw: no `throw` in it, and only calls that cannot throw (`isNonThrowingCall`)
 * (`async function searchDocs(q) { try { ... } catch (error) { return { success: false, text: String(error) }; } }`).
 * Or it only builds a value: its body holds no `throw`, no `await` and no call that may throw
 * (`function toToolResult(text) { return { content: [{ type: "text", text }] }; }`).
 */
function cannotFail(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>, errorHelpers: ErrorHelpers, depth: number): boolean {
  const known = failureFree(errorHelpers);
  let answer = known.get(fn);
  if (answer !== undefined) return answer;
  // A chain of callees this long (a ring of helpers) is not followed to its end: the call may fail.
  if (depth >= MAX_CALLEE_DEPTH) return false;
  known.set(fn, false);
  const only = fn.body.type === AST_NODE_TYPES.BlockStatement && fn.body.body.length === 1 ? fn.body.body[0] : undefined;
  const clause = only?.type === AST_NODE_TYPES.TryStatement && !only.finalizer ? only.handler : null;
  answer =
    clause !== null
      ? !canThrowIn(clause.body, sourceCode, errorHelpers, depth + 1)
      : !canThrowIn(fn.body, sourceCode, errorHelpers, depth + 1, true);
  known.set(fn, answer);
  return answer;
}

/** How deep `cannotFail` follows the functions of the file a function calls. */
const MAX_CALLEE_DEPTH = 16;

/** `node` holds a `throw`, or a call or `new` that may throw (`isNonThrowingCall`), or with `awaits`, an `await`. */
function canThrowIn(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  errorHelpers: ErrorHelpers,
  depth: number,
  awaits = false,
): boolean {
  return someNode(
    node,
    sourceCode.visitorKeys,
    (current) =>
      current.type === AST_NODE_TYPES.ThrowStatement ||
      (awaits && current.type === AST_NODE_TYPES.AwaitExpression) ||
      ((current.type === AST_NODE_TYPES.CallExpression || current.type === AST_NODE_TYPES.NewExpression) &&
        !isNonThrowingCall(current, sourceCode, errorHelpers, depth)),
  );
}

/**
 * `call` cannot throw: a call of a listed global function or member, of an error helper, `new Date()`, a read of
 * that date with no argument (`new Date().toISOString()`, `now.toLocaleString()`), a method of a logger (`isLoggerCall`) or
 * `safeParse`, or a call of a function of this file that cannot fail (`cannotFail`).
 */
export function isNonThrowingCall(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  errorHelpers: ErrorHelpers,
  depth = 0,
): boolean {
  if (call.type === AST_NODE_TYPES.NewExpression) return isNewDate(call, sourceCode);
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier && FUNCTIONS.has(callee.name)) return isGlobal(callee, sourceCode);
  if (errorHelpers.helperFor(call) !== undefined) return true;
  const called = calledFunction(callee, sourceCode);
  if (called) return cannotFail(called, sourceCode, errorHelpers, depth);
  if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.optional) {
    const object = unwrapExpression(callee.object);
    const members = object.type === AST_NODE_TYPES.Identifier ? MEMBERS.get(object.name) : undefined;
    const name = propertyName(callee);
    if (object.type === AST_NODE_TYPES.Identifier && members && name !== undefined && (members === true || members.has(name))) {
      return isGlobal(object, sourceCode);
    }
    if (name !== undefined && DATE_READS.has(name) && call.arguments.length === 0 && isNow(object, sourceCode)) return true;
    // `Schema.safeParse(input)` reports invalid input in its result.
    if ((name !== undefined && SAFE_PARSE_METHODS.has(name)) || isLoggerCall(callee)) return true;
  }
  return false;
}
