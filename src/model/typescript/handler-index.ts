import { channel } from "node:diagnostics_channel";
import type ts from "typescript";
import { typescript } from "./typescript.js";
import { perProgram } from "./per-program.js";
import { resolveFunctions } from "./resolve.js";
import { descendants, isProjectSourceFile, projectSourceFiles, type TsFunction, unwrapTs } from "./ts-nodes.js";

/** How a function reached a handler position elsewhere: a registration method, or the low-level dispatcher. */
export type RegisteredKind = "registration" | "requestHandler";

/** One registration call in the program and the handler functions that flow into it. */
export interface Registration {
  call: ts.CallExpression;
  /** `registerTool`, `tool`, `setRequestHandler`, ... */
  method: string;
  kind: RegisteredKind;
  /** The argument in the handler position (`tool.handler`, `importedHandler`, `withAuth(fn)`). */
  handler: ts.Expression;
  functions: readonly TsFunction[];
}

export interface HandlerIndex {
  registrations: readonly Registration[];
  /** The kind of registration a function flows into, if any. */
  kindOf(fn: ts.Node): RegisteredKind | undefined;
}

/** Published once per index built (per program and registration methods), for profiling and tests. */
export const handlerIndexChannel = channel("mcp-tool-errors:handler-index");

const CALL_TOOL_SCHEMA = "CallToolRequestSchema";

/** `CallToolRequestSchema`, `types.CallToolRequestSchema` or the v2 method string `"tools/call"`. */
function isCallToolSelector(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  const selector = unwrapTs(node);
  if (typescript.isStringLiteralLike(selector)) return selector.text === "tools/call";
  if (typescript.isIdentifier(selector)) return selector.text === CALL_TOOL_SCHEMA;
  return typescript.isPropertyAccessExpression(selector) && selector.name.text === CALL_TOOL_SCHEMA;
}

/** The registration a call is, if any: `x.registerTool(..., handler)` (last argument) or `x.setRequestHandler(CallToolRequestSchema, handler)`. */
function registrationOf(
  call: ts.CallExpression,
  registrationMethods: readonly string[],
): Pick<Registration, "handler" | "kind" | "method"> | undefined {
  const callee = unwrapTs(call.expression);
  if (!typescript.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  if (method === "setRequestHandler") {
    const handler = call.arguments.at(1);
    return handler && isCallToolSelector(call.arguments[0]) ? { method, kind: "requestHandler", handler } : undefined;
  }
  const handler = call.arguments.at(-1);
  return handler && registrationMethods.includes(method) ? { method, kind: "registration", handler } : undefined;
}

function buildIndex(program: ts.Program, registrationMethods: readonly string[]): HandlerIndex {
  const checker = program.getTypeChecker();
  const registrations: Registration[] = [];
  const kinds = new Map<ts.Node, RegisteredKind>();
  for (const file of projectSourceFiles(program)) {
    for (const node of descendants(file)) {
      if (!typescript.isCallExpression(node)) continue;
      const registration = registrationOf(node, registrationMethods);
      if (!registration) continue;
      const functions = resolveFunctions(checker, registration.handler, { throughWrappers: true }).functions.filter((fn) =>
        isProjectSourceFile(program, fn.getSourceFile()),
      );
      registrations.push({ call: node, ...registration, functions });
      for (const fn of functions) if (!kinds.has(fn)) kinds.set(fn, registration.kind);
    }
  }
  return { registrations, kindOf: (fn) => kinds.get(fn) };
}

const indexFor = perProgram((program, key) => {
  const index = buildIndex(program, key.split("\n"));
  if (handlerIndexChannel.hasSubscribers) handlerIndexChannel.publish({ program });
  return index;
});

/**
 * Every function of the program that flows into the handler position of a tool registration
 * (in any file): built once per program and list of registration methods.
 */
export function getHandlerIndex(program: ts.Program, registrationMethods: readonly string[]): HandlerIndex {
  return indexFor(program, registrationMethods.join("\n"));
}
