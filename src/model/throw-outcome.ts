import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { calleeName, contains, isFunctionNode, someNode, tryAround, unwrapExpression } from "../util/ast.js";
import { isCaught, runsInside } from "./estree-tree.js";
import {
  type ConvertingFramework,
  convertingFramework,
  type HandlerPath,
  type HandlerShape,
  runtimeConvertsThrows,
} from "./handler-shapes.js";
import type { ToolHandler, ToolHandlers } from "./tool-handlers.js";
import { SDK_PROTOCOL_ERROR_NAMES } from "./protocol-errors.js";
import type { McpSettings } from "./settings.js";
import { thrownMessage } from "./thrown-message.js";

/*
 * What a throw from a tool handler really does on each runtime path, in the words the throw rules
 * (`no-throw-in-tool-handler`, `no-throwing-call-in-tool-handler`) put in their messages.
 */

/**
 * What happens to `subject` ("this `throw`", "its throw") on the handler's path: a JSON-RPC error in a low-level
 * dispatcher, the SDK's safety net in an `McpServer` registration, a framework's conversion where the plugin knows
 * the framework does one (`convertingFramework`), of `thrownClass` where it converts that class its own way,
 * otherwise just that it escapes.
 */
export function throwOutcome(
  handler: HandlerShape & { path: HandlerPath },
  subject: string,
  errorPrefix: string,
  thrownClass?: string,
): string {
  const prefix = JSON.stringify(errorPrefix);
  switch (handler.path) {
    case "dispatcher":
      return `in a low-level \`tools/call\` dispatcher ${subject} becomes a JSON-RPC error response; the client treats it as an infrastructure failure and the model never sees your message`;
    case "registration":
      return `the SDK's safety net turns ${subject} into an error result with the raw message and no ${prefix} prefix (a non-Error value reads "[object Object]")`;
    case "framework": {
      const framework = convertingFramework(handler);
      return framework ? FRAMEWORK_OUTCOMES[framework](subject, thrownClass) : `${subject} escapes the handler`;
    }
  }
}

/**
 * The error text a `throw` becomes where the handler's runtime answers a throw with the thrown message
 * (`failsByThrowing`: mcp-framework's `MCPTool`): the message of what leaves the handler (`thrownMessage`).
 * Undefined for any other throw, and for one caught in the handler.
 */
export function thrownErrorText(
  site: TSESTree.ThrowStatement,
  handlers: ToolHandlers,
  sourceCode: Readonly<TSESLint.SourceCode>,
  settings: McpSettings,
): TSESTree.Node | undefined {
  const handler = handlers.enclosingToolHandler(site);
  if (!handler || !handlers.failsByThrowing(handler.fn) || !runsInside(site, handler.fn, sourceCode)) return undefined;
  return isCaught(site, handler.fn, handlers.catchingCall) ? undefined : thrownMessage(site.argument, sourceCode, settings);
}

/**
 * What becomes of a protocol error that a tool handler throws (`throw new McpError(...)`, `site`): `caught` where the
 * model says the throw is caught in the handler (`isCaught`: a `try`, or a catching call around it) or a wrapper guards
 * the handler, unless the nearest `catch` throws again; the runtime's words (`throwOutcome`) where the handler's runtime
 * turns what leaves the handler into an error result (`McpServer`'s safety net), also after such a `catch`. Either way
 * no client sees its code. Undefined where it leaves as a JSON-RPC error, or the plugin cannot tell.
 */
export function thrownProtocolErrorFate(
  site: TSESTree.ThrowStatement,
  handlers: ToolHandlers,
  sourceCode: Readonly<TSESLint.SourceCode>,
  errorPrefix: string,
): { caught: true } | { converted: string } | undefined {
  const handler = handlers.enclosingToolHandler(site);
  if (!handler || !runsInside(site, handler.fn, sourceCode)) return undefined;
  if (handler.guarded) return { caught: true };
  if (isCaught(site, handler.fn, handlers.catchingCall)) {
    const clause = tryAround(site, handler.fn)?.handler;
    if (!clause || !rethrows(clause, sourceCode)) return { caught: true };
    // A `catch` that throws again passes the error on, or throws another: what leaves is the handler's own throw.
  }
  return runtimeConvertsThrows(handler) ? { converted: throwOutcome(handler, "it", errorPrefix) } : undefined;
}

/** A `catch` clause that throws again, in its own code (not in a function it holds): it may pass the error on. */
function rethrows(clause: TSESTree.CatchClause, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return someNode(
    clause.body,
    sourceCode.visitorKeys,
    (node) => node.type === AST_NODE_TYPES.ThrowStatement,
    (node) => !isFunctionNode(node),
  );
}

/**
 * What each framework makes of a throw, of the class `thrownClass` where known. FastMCP answers a `UserError` with its
 * message as written and any other throw with its own "Tool '<name>' execution failed: <message>" (before 2.x,
 * `Error: ${error}`).
 */
const FRAMEWORK_OUTCOMES: Readonly<Record<ConvertingFramework, (subject: string, thrownClass: string | undefined) => string>> = {
  fastmcp: (subject, thrownClass) =>
    thrownClass === "UserError"
      ? `FastMCP's \`addTool\` answers ${subject} of a \`UserError\` with an error result whose text is its message as written`
      : `FastMCP's \`addTool\` turns ${subject} into an error result in FastMCP's words ("Tool '<name>' execution failed: <message>"), not yours`,
};

/**
 * For a handler passed through a wrapper the model could not read (`safe(async (args) => ...)` with
 * `safe` imported), or defined through a definition function (`tool({ handler })`) whose handlers the project may
 * run inside a `try`: how to tell the plugin that it catches. Empty for a handler not wrapped.
 */
export function wrapperHint({ unreadWrapper: name, kind, via }: ToolHandler): string {
  if (name === undefined) return "";
  return kind === "definition" && via === name
    ? ` If the code that runs \`${name}()\`'s handlers turns what they throw into an error result, name \`${name}\` in settings \`handlers.wrappers\`.`
    : unreadWrapperHint(name);
}

/**
 * The hint for a throw at `node` in `handler`: its wrapper's (`wrapperHint`), or, when `node` lies in the work the
 * handler hands as a thunk to a wrapper the model cannot read (`(args) => runTool("read_page", async () => { ...
 * throw ... })`, `unreadThunkWrapper`), that wrapper's.
 */
export function throwWrapperHint(handler: ToolHandler, node: TSESTree.Node, handlers: ToolHandlers): string {
  const hint = wrapperHint(handler);
  if (hint !== "") return hint;
  const thunkWrapper = handlers.unreadThunkWrapper(handler);
  return thunkWrapper && contains(thunkWrapper.call, node) ? unreadWrapperHint(thunkWrapper.name) : "";
}

/** The hint for a wrapper the model cannot read, given the handler or the handler's work (`unreadThunkWrapper`). */
export function unreadWrapperHint(name: string): string {
  return ` If \`${name}()\` turns what the handler throws into an error result, name it in settings \`handlers.wrappers\`.`;
}

/** The standard classes (and the SDK's protocol errors, another rule's concern): never a framework's own. */
const NOT_A_FRAMEWORK_CLASS: readonly string[] = [
  "Error",
  "AggregateError",
  "EvalError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "TypeError",
  "URIError",
  "DOMException",
  ...SDK_PROTOCOL_ERROR_NAMES,
];

/**
 * The class of a thrown `new UserError(...)` when it may be one a framework turns into an error
 * result (FastMCP's `UserError`, Apollo-style `UserInputError`): any class but the standard ones.
 */
export function frameworkErrorClass(thrown: TSESTree.Node | undefined): string | undefined {
  const value = thrown && unwrapExpression(thrown);
  if (value?.type !== AST_NODE_TYPES.NewExpression) return undefined;
  const name = calleeName(value.callee);
  return name !== undefined && !NOT_A_FRAMEWORK_CLASS.includes(name) ? name : undefined;
}
