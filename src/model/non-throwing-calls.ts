import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { propertyName, unwrapExpression } from "../util/ast.js";
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

/** The identifier names the global, not a binding of the file (`const console = createLogger()`). */
function isGlobal(identifier: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const variable = ASTUtils.findVariable(sourceCode.getScope(identifier), identifier);
  return !variable || variable.defs.length === 0;
}

/** `call` cannot throw: a call of a listed global function or member, or of an error helper. */
export function isNonThrowingCall(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  errorHelpers: ErrorHelpers,
): boolean {
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier && FUNCTIONS.has(callee.name)) return isGlobal(callee, sourceCode);
  if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.optional) {
    const object = unwrapExpression(callee.object);
    const members = object.type === AST_NODE_TYPES.Identifier ? MEMBERS.get(object.name) : undefined;
    const name = propertyName(callee);
    if (object.type === AST_NODE_TYPES.Identifier && members && name !== undefined && (members === true || members.has(name))) {
      return isGlobal(object, sourceCode);
    }
  }
  return errorHelpers.helperFor(call) !== undefined;
}
