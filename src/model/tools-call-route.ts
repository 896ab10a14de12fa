import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calledFunction,
  calleeName,
  contains,
  findProperty,
  type FunctionNode,
  isFunctionNode,
  numericValue,
  singleValueOf,
  someNode,
  tryAround,
  unwrapExpression,
} from "../util/ast.js";
import { SAFE_PARSE_METHODS } from "./error-evidence.js";
import { enclosingFunction } from "./estree-tree.js";
import { isJsonRpcErrorResponse, isReservedJsonRpcCode } from "./json-rpc.js";
import { SDK_PROTOCOL_ERROR_NAMES } from "./protocol-errors.js";
import { type BindingDeclaration, readsOf } from "../util/references.js";

/*
 * A server that speaks JSON-RPC by hand, without the SDK, answers `tools/call` itself: in the branch of its method
 * dispatch for that method (`case "tools/call":`, `if (message.method === "tools/call")`, a `"tools/call"` entry of a
 * table of methods) and in the functions of the file that branch calls (`this.handleToolCall(id, params)`). A `catch`
 * there that a tool's failure reaches and that answers with a JSON-RPC error turns a tool execution error into a
 * protocol error: what `tools/call` of the SDK's dispatcher would have been, written out by hand.
 */

/** The JSON-RPC method a client calls a tool with. */
export const TOOLS_CALL_METHOD = "tools/call";

/** Only a file that writes the method's name can answer it by hand: the one test a file without one pays. */
export function mayAnswerToolsCall(text: string): boolean {
  return text.includes(TOOLS_CALL_METHOD);
}

/** How many functions deep the route is followed from its branch (`handleToolCall` → `handleShareLead`). */
const MAX_ROUTE_DEPTH = 3;

/** Calls that only check what the client sent (`JSON.parse(body)`, `Schema.parse(params)`): their failure is a protocol error. */
const VALIDATION_CALLS: ReadonlySet<string> = new Set([...SAFE_PARSE_METHODS, "parse", "parseAsync", "validate", "validateSync", "assert"]);

/**
 * An `if` in the `catch` that picks out a failure the ADR keeps at the protocol tier (an unknown tool, input that fails
 * the schema, a malformed request, a session or a sign-in to renew): what it answers is not a tool's failure.
 */
const PROTOCOL_FAILURE_TEST = /unknown|not[\s_-]?found|valid|zod|schema|parse|malformed|params|auth|session/iu;

/**
 * The branches of a method dispatch a `"tools/call"` literal selects: a `case`, a table's entry, a function registered
 * for it, the `if` whose test compares the method with it, or the `if`s testing a predicate of the file that only makes
 * that comparison (`if (isToolCallRequest(message))`).
 */
function selectedBranches(literal: TSESTree.Literal, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  const { parent } = literal;
  if (parent.type === AST_NODE_TYPES.SwitchCase) return parent.test === literal ? [parent] : [];
  // `"tools/call": async (params) => { ... }`, `async "tools/call"(params) { ... }`
  if (parent.type === AST_NODE_TYPES.Property) return parent.key === literal && isFunctionNode(parent.value) ? [parent.value] : [];
  // `requestHandlers.set("tools/call", async (id, params) => { ... })`, `router.on("tools/call", ...)`
  if (parent.type === AST_NODE_TYPES.CallExpression) {
    const handler = parent.arguments[0] === literal ? parent.arguments.at(1) : undefined;
    return isFunctionNode(handler) ? [handler] : [];
  }
  if (parent.type !== AST_NODE_TYPES.BinaryExpression || (parent.operator !== "===" && parent.operator !== "==")) return [];
  const test = conjunctionAround(parent);
  if (test.parent?.type === AST_NODE_TYPES.IfStatement && test.parent.test === test) return [test.parent.consequent];
  const predicate = test.parent?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(test.parent) : test.parent;
  if (!isFunctionNode(predicate) || !isOnlyAnswer(predicate, test)) return [];
  const binding = bindingOf(predicate);
  if (!binding) return [];
  return readsOf(binding.declaration, binding.id, sourceCode).flatMap((read) => {
    const { parent: call } = read;
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee !== read) return [];
    const around = conjunctionAround(call);
    return around.parent?.type === AST_NODE_TYPES.IfStatement && around.parent.test === around ? [around.parent.consequent] : [];
  });
}

/** The test `node` is a conjunct of: `message.method === "tools/call" && message.id !== undefined`. */
function conjunctionAround(node: TSESTree.Node): TSESTree.Node {
  let test = node;
  while (test.parent?.type === AST_NODE_TYPES.LogicalExpression && test.parent.operator === "&&") test = test.parent;
  return test;
}

/** `value` is all the function answers: its expression body, or its one statement's `return`. */
function isOnlyAnswer(fn: FunctionNode, value: TSESTree.Node): boolean {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return fn.body === value;
  const { body } = fn.body;
  return body.length === 1 && body[0].type === AST_NODE_TYPES.ReturnStatement && body[0].argument === value;
}

/** The declaration that names a function and its name: `function isToolCall(...)`, `const isToolCall = (...) => ...`. */
function bindingOf(fn: FunctionNode): { declaration: BindingDeclaration; id: TSESTree.Identifier } | undefined {
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return fn.id ? { declaration: fn, id: fn.id } : undefined;
  const { parent } = fn;
  return parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === fn && parent.id.type === AST_NODE_TYPES.Identifier
    ? { declaration: parent, id: parent.id }
    : undefined;
}

/** A function of the file that builds a JSON-RPC error response (`createErrorResponse(id, code, message)`, `sendError(id, message)`). */
function buildsJsonRpcError(fn: FunctionNode, visitorKeys: TSESLint.SourceCode.VisitorKeys): boolean {
  return someNode(fn.body, visitorKeys, (node) => node.type === AST_NODE_TYPES.ObjectExpression && isJsonRpcErrorResponse(node));
}

/**
 * The hand-written `tools/call` route of a file, from the `"tools/call"` literals it holds: the branches that answer the
 * method and the functions of the file they call.
 */
export class ToolsCallRoute {
  private readonly branches: TSESTree.Node[] = [];
  private readonly functions = new Set<FunctionNode>();

  constructor(
    literals: readonly TSESTree.Literal[],
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
  ) {
    for (const literal of literals) {
      for (const branch of selectedBranches(literal, sourceCode)) {
        this.branches.push(branch);
        this.addCalledFunctions(branch, 0);
      }
    }
  }

  /**
   * The functions of the file `route` calls with their value used or awaited, and theirs, `MAX_ROUTE_DEPTH` deep: a call
   * whose value the route neither uses nor awaits sends what is decided (`this.sendResponse(id, result)`).
   */
  private addCalledFunctions(route: TSESTree.Node, depth: number): void {
    someNode(route, this.sourceCode.visitorKeys, (node) => {
      if (node.type !== AST_NODE_TYPES.CallExpression || node.parent.type === AST_NODE_TYPES.ExpressionStatement) return false;
      const fn = calledFunction(node.callee, this.sourceCode);
      if (!fn || this.functions.has(fn)) return false;
      this.functions.add(fn);
      if (depth + 1 < MAX_ROUTE_DEPTH) this.addCalledFunctions(fn.body, depth + 1);
      return false;
    });
  }

  /**
   * The JSON-RPC error the `catch` answers a failed tool call with, when it is the route's: its first answer in the
   * source (`{ jsonrpc, id, error }`, a call of a function of the file that builds one, a call or object given a
   * reserved code). One per `catch`: the fix is the `catch`'s.
   */
  failureAnswer(clause: TSESTree.CatchClause): TSESTree.Node | undefined {
    if (this.branches.length === 0 || !this.catchesToolFailures(clause.parent)) return undefined;
    let first: TSESTree.Node | undefined;
    someNode(
      clause.body,
      this.sourceCode.visitorKeys,
      (node) => {
        if (this.isJsonRpcErrorAnswer(node) && (!first || node.range[0] < first.range[0])) first = node;
        return false;
      },
      (node) =>
        !isFunctionNode(node) &&
        !(node.type === AST_NODE_TYPES.IfStatement && PROTOCOL_FAILURE_TEST.test(this.sourceCode.getText(node.test))),
    );
    return first;
  }

  /** A tool's failure reaches the `try`'s `catch`: the try stands in the route and runs more than a validation. */
  private catchesToolFailures(statement: TSESTree.TryStatement): boolean {
    const inRoute =
      this.branches.some((branch) => contains(branch, statement)) || this.functions.has(enclosingFunction(statement) as FunctionNode);
    if (inRoute)
      return someNode(
        statement.block,
        this.sourceCode.visitorKeys,
        (node) => node.type === AST_NODE_TYPES.CallExpression && !isValidation(node),
      );
    // A `try` around the whole dispatch: the branch's own awaited calls fail into it, unless they catch themselves.
    return this.branches.some((branch) => contains(statement.block, branch) && this.awaitsUncaughtCall(branch, statement));
  }

  private awaitsUncaughtCall(branch: TSESTree.Node, statement: TSESTree.TryStatement): boolean {
    return someNode(branch, this.sourceCode.visitorKeys, (node) => {
      if (node.type !== AST_NODE_TYPES.AwaitExpression || node.argument.type !== AST_NODE_TYPES.CallExpression) return false;
      if (isValidation(node.argument) || tryAround(node, statement)) return false;
      const fn = calledFunction(node.argument.callee, this.sourceCode);
      return !fn || !answersFailures(fn);
    });
  }

  private isJsonRpcErrorAnswer(node: TSESTree.Node): boolean {
    if (node.type === AST_NODE_TYPES.ObjectExpression) {
      if (isJsonRpcErrorResponse(node)) return true;
      // `{ error: { code: -32603, message } }`, handed on to be sent
      const code = findProperty(node, "code");
      return code !== undefined && this.isReservedCode(code.value);
    }
    // `throw new McpError(ErrorCode.InternalError, "Tool execution failed")`: the route's caller answers it as one.
    if (node.type === AST_NODE_TYPES.ThrowStatement) {
      const thrown = unwrapExpression(node.argument);
      return thrown.type === AST_NODE_TYPES.NewExpression && SDK_PROTOCOL_ERROR_NAMES.includes(calleeName(thrown.callee) ?? "");
    }
    if (node.type !== AST_NODE_TYPES.CallExpression && node.type !== AST_NODE_TYPES.NewExpression) return false;
    if (node.arguments.some((argument) => this.isReservedCode(argument))) return true;
    const fn = node.type === AST_NODE_TYPES.CallExpression ? calledFunction(node.callee, this.sourceCode) : undefined;
    return fn !== undefined && buildsJsonRpcError(fn, this.sourceCode.visitorKeys);
  }

  /** A reserved code, written or held by a `const` of the file (`const JSON_RPC_INTERNAL_ERROR = -32603`). */
  private isReservedCode(node: TSESTree.Node): boolean {
    const value = unwrapExpression(node);
    const held = value.type === AST_NODE_TYPES.Identifier ? singleValueOf(value, this.sourceCode)?.value : undefined;
    return isReservedJsonRpcCode(numericValue(held ?? value));
  }
}

function isValidation(call: TSESTree.CallExpression): boolean {
  return VALIDATION_CALLS.has(calleeName(call.callee) ?? "");
}

/**
 * The function answers failures itself: a statement of its body is a `try` whose `catch` does not throw again. The tool
 * runs there, and what its `catch` answers is read as the route's; what fails before it (loading the list of tools)
 * is not a tool's failure.
 */
function answersFailures(fn: FunctionNode): boolean {
  return (
    fn.body.type === AST_NODE_TYPES.BlockStatement &&
    fn.body.body.some(
      (statement) =>
        statement.type === AST_NODE_TYPES.TryStatement &&
        statement.handler !== null &&
        !statement.handler.body.body.some((inCatch) => inCatch.type === AST_NODE_TYPES.ThrowStatement),
    )
  );
}
