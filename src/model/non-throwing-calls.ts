import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { propertyName, singleValueOf, unwrapExpression } from "../util/ast.js";
import type { ErrorHelpers } from "./error-helpers.js";

/*
 * Calls that do no work a tool could fail at: logging, conversions, type tests, arithmetic, the
 * clock, and the project's error helpers. A handler whose only calls are these needs no guard.
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
 * `call` cannot throw: a call of a listed global function or member, of an error helper, `new Date()`, or a read of
 * that date with no argument (`new Date().toISOString()`, `now.toLocaleString()`).
 */
export function isNonThrowingCall(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  errorHelpers: ErrorHelpers,
): boolean {
  if (call.type === AST_NODE_TYPES.NewExpression) return isNewDate(call, sourceCode);
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier && FUNCTIONS.has(callee.name)) return isGlobal(callee, sourceCode);
  if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.optional) {
    const object = unwrapExpression(callee.object);
    const members = object.type === AST_NODE_TYPES.Identifier ? MEMBERS.get(object.name) : undefined;
    const name = propertyName(callee);
    if (object.type === AST_NODE_TYPES.Identifier && members && name !== undefined && (members === true || members.has(name))) {
      return isGlobal(object, sourceCode);
    }
    if (name !== undefined && DATE_READS.has(name) && call.arguments.length === 0 && isNow(object, sourceCode)) return true;
  }
  return errorHelpers.helperFor(call) !== undefined;
}
