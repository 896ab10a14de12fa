import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { calleeName, enclosingCatch, type FunctionNode, isFunctionNode, outerParent, propertyName } from "../util/ast.js";
import type { McpContext } from "./context.js";
import { isErrorText, staticPrefix, textBranches } from "./error-text.js";
import { hasIsErrorTrue, type ToolResult } from "./tool-results.js";

/**
 * Why a tool result without `isError: true` is an error result: it is what a failure path returns
 * (`catch`), or its text reads like an error (`text`).
 */
export type ErrorEvidence = "catch" | "text";

/** Where a value leaves a function: a `return` argument, or an arrow function's expression body. */
export interface ReturnSite {
  fn: FunctionNode;
  /** The `return` statement; undefined for an arrow body. */
  statement: TSESTree.ReturnStatement | undefined;
}

/** The function `node` is returned from, looking through `as`/`satisfies` and conditional branches. */
export function returnSite(node: TSESTree.Node): ReturnSite | undefined {
  let { child, parent } = outerParent(node);
  while (parent?.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== child) {
    ({ child, parent } = outerParent(parent));
  }
  if (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === child) {
    return { fn: parent, statement: undefined };
  }
  if (parent?.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  for (let current: TSESTree.Node | undefined = parent.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return { fn: current, statement: parent };
  }
  return undefined;
}

/** The promise call `fn` handles rejections for: `p.catch(fn)` or `p.then(ok, fn)`. */
export function rejectionCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const { child, parent } = outerParent(fn);
  if (parent?.type !== AST_NODE_TYPES.CallExpression || parent.callee.type !== AST_NODE_TYPES.MemberExpression) {
    return undefined;
  }
  const method = propertyName(parent.callee);
  const index = parent.arguments.indexOf(child as TSESTree.CallExpressionArgument);
  return (method === "catch" && index === 0) || (method === "then" && index === 1) ? parent : undefined;
}

/** A function's returned value is on a failure path of tool code: a `catch` clause or a rejection callback. */
function isCatchPath(site: ReturnSite, mcp: McpContext): boolean {
  const clause = site.statement && enclosingCatch(site.statement, site.fn);
  if (clause) return mcp.handlers.isInToolCode(clause);
  const call = rejectionCall(site.fn);
  return call !== undefined && mcp.handlers.isInToolCode(call);
}

/** Assertion methods: `expect(r).toMatchObject({...})`, `assert.deepStrictEqual(r, {...})`. */
const ASSERTION = /^(?:to[A-Z]\w*|(?:not)?(?:[Dd]eep)?(?:[Ss]trict)?[Ee]qual)$/u;

/** `node` is an argument of an assertion: a test's expected value, not a result the code returns. */
function isAssertionOperand(node: TSESTree.Node): boolean {
  const { child, parent } = outerParent(node);
  if (parent?.type !== AST_NODE_TYPES.CallExpression || !parent.arguments.includes(child as TSESTree.CallExpressionArgument)) {
    return false;
  }
  const name = calleeName(parent.callee);
  return name !== undefined && ASSERTION.test(name);
}

/** Why `result` (which has no `isError: true`) is an error result, or undefined when nothing says so. */
export function errorEvidence(result: ToolResult, mcp: McpContext): ErrorEvidence | undefined {
  if (hasIsErrorTrue(result)) return undefined;
  const site = returnSite(result.node);
  if (site && isCatchPath(site, mcp)) return "catch";
  const { text } = result;
  if (!text || isAssertionOperand(result.node)) return undefined;
  const isError = textBranches(text).some((branch) => {
    const prefix = staticPrefix(branch);
    return prefix !== undefined && isErrorText(prefix, mcp.settings);
  });
  return isError ? "text" : undefined;
}
