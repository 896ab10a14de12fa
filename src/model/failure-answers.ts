import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { McpContext } from "./context.js";
import { failureClause, returnSite } from "./error-evidence.js";
import { answersWithCallToolResult } from "./handler-shapes.js";
import { isErrorValue } from "./tool-results.js";
import { findProperty } from "../util/ast.js";

/*
 * A handler's answer to a failure that is no tool result: an object without `content` that a low-level dispatcher or an
 * `McpServer` callback returns, which the SDK reads as an empty successful result (`{ error: { code, message } }` from a
 * `catch`, `{ error: message, isError: true }`).
 */

/**
 * `object` is returned by a handler whose answer the SDK reads as a `CallToolResult`, has no `content` (nor a spread that
 * may bring one), and answers a failure: it says `isError: true`, or it holds an `error` and stands in the handler's
 * `catch`.
 */
export function isContentlessFailureAnswer(object: TSESTree.ObjectExpression, mcp: McpContext): boolean {
  if (findProperty(object, "content") || object.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement)) {
    return false;
  }
  const site = returnSite(object);
  const handler = site && mcp.handlers.enclosingToolHandler(object);
  if (!site || handler?.fn !== site.fn || !answersWithCallToolResult(handler)) return false;
  const isError = findProperty(object, "isError");
  if (isError && isErrorValue(isError).kind === "true") return true;
  return (
    findProperty(object, "error") !== undefined && site.statement !== undefined && failureClause(site.statement, site.fn) !== undefined
  );
}
