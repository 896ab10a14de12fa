import type { TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { typescript } from "./typescript.js";
import type { ErrorHelper } from "../settings.js";
import { resolveFunctions, returnedObjects } from "./resolve.js";
import type { TypedServices } from "./services.js";
import { functionName, isProjectSourceFile, type TsFunction, unwrapTs } from "./ts-nodes.js";

/** The value of `name: value`, or the identifier of a shorthand `name`. */
function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of object.properties) {
    if (typescript.isPropertyAssignment(member) && member.name.getText() === name) return member.initializer;
    if (typescript.isShorthandPropertyAssignment(member) && member.name.text === name) return member.name;
  }
  return undefined;
}

function parameterIndex(fn: TsFunction, node: ts.Expression): number {
  const inner = unwrapTs(node);
  return typescript.isIdentifier(inner)
    ? fn.parameters.findIndex((parameter) => typescript.isIdentifier(parameter.name) && parameter.name.text === inner.text)
    : -1;
}

/** `text: message` or `` text: `Error: ${message}` `` with `message` a parameter of `fn`. */
function helperText(fn: TsFunction, text: ts.Expression): Pick<ErrorHelper, "messageArgument" | "addedPrefix"> | undefined {
  const direct = parameterIndex(fn, text);
  if (direct !== -1) return { messageArgument: direct, addedPrefix: undefined };
  const value = unwrapTs(text);
  if (!typescript.isTemplateExpression(value) || value.templateSpans.length !== 1) return undefined;
  const span = value.templateSpans.at(0);
  const index = span ? parameterIndex(fn, span.expression) : -1;
  return span && index !== -1 && span.literal.text === "" && value.head.text !== ""
    ? { messageArgument: index, addedPrefix: value.head.text }
    : undefined;
}

/**
 * `fn` returns `{ content: [{ type: "text", text: <parameter> }], isError: true }`, or `isError: <parameter>`
 * for a helper that builds either outcome (as the ESTree adapter's `helperResult`).
 */
function detect(fn: TsFunction): ErrorHelper | undefined {
  for (const result of returnedObjects(fn)) {
    const isError = property(result, "isError");
    const content = property(result, "content");
    if (!isError || !content || !typescript.isArrayLiteralExpression(content)) continue;
    const failureArgument = unwrapTs(isError).kind === typescript.SyntaxKind.TrueKeyword ? undefined : parameterIndex(fn, isError);
    if (failureArgument === -1) continue;
    const first = content.elements.at(0);
    const text = first && typescript.isObjectLiteralExpression(first) ? property(first, "text") : undefined;
    const helper = text && helperText(fn, text);
    if (helper && helper.messageArgument !== failureArgument) return { name: functionName(fn), ...helper, failureArgument };
  }
  return undefined;
}

/** Each function examined, and the error helper it is (null: none). Keyed by node, so a program's entries go with it. */
const examined = new WeakMap<TsFunction, ErrorHelper | null>();

/** The error helper `fn` is, if it is one. */
export function errorHelperOf(fn: TsFunction): ErrorHelper | undefined {
  let helper = examined.get(fn);
  if (helper === undefined) {
    helper = detect(fn) ?? null;
    examined.set(fn, helper);
  }
  return helper ?? undefined;
}

/**
 * With type information: the error helper a call calls when that helper is declared in another
 * source file of the program (the ADR project's `error(message)` in `src/tools/utils.ts`).
 * Each function is examined once per program.
 */
export function crossFileErrorHelper(typed: TypedServices, call: TSESTree.CallExpression): ErrorHelper | undefined {
  const node = typed.toTs(call);
  if (!node || !typescript.isCallExpression(node)) return undefined;
  for (const fn of resolveFunctions(typed.checker, node.expression, { throughWrappers: false }).functions) {
    const file = fn.getSourceFile();
    if (file === typed.file || !isProjectSourceFile(typed.program, file)) continue;
    const helper = errorHelperOf(fn);
    if (helper) return helper;
  }
  return undefined;
}
