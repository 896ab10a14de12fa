import type ts from "typescript";
import type { McpSettings } from "../settings.js";
import { errorHelperOf } from "./error-helpers.js";
import { calleeLastName, resolveFunctions, returnedValuesTs } from "./resolve.js";
import { type TsFunction, unwrapTs } from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/** The name of an object literal's or class's member, when it is written as a name or a string. */
export function memberName(member: ts.ObjectLiteralElementLike | ts.ClassElement): string | undefined {
  const name = member.name;
  return name && (typescript.isIdentifier(name) || typescript.isStringLiteral(name)) ? name.text : undefined;
}

export function findMember(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((member) => memberName(member) === name);
}

/** `{ content, isError: true }` written as an object literal, or `{ ...block(text), isError: true }` (`isErrorResultObject`). */
function isErrorResultLiteral(value: ts.Expression): boolean {
  if (!typescript.isObjectLiteralExpression(value)) return false;
  if (!findMember(value, "content") && !value.properties.some((member) => typescript.isSpreadAssignment(member))) return false;
  const isError = findMember(value, "isError");
  return (
    isError !== undefined &&
    typescript.isPropertyAssignment(isError) &&
    unwrapTs(isError.initializer).kind === typescript.SyntaxKind.TrueKeyword
  );
}

/** `returnsOnlyErrorResults` of `../tool-results.ts` on TypeScript nodes. */
function returnsOnlyErrorResults(fn: TsFunction): boolean {
  const values = returnedValuesTs(fn);
  return values.length > 0 && values.every((value) => isErrorResultLiteral(unwrapTs(value)));
}

/**
 * `call` answers with an error result: it calls, in any file of the program, an error helper or a function that
 * returns only error results. The TypeScript side of `answersWithErrorResult`'s question, without configured names.
 */
export function callsErrorResultFunction(checker: ts.TypeChecker, call: ts.Node): boolean {
  if (!typescript.isCallExpression(call)) return false;
  return resolveFunctions(checker, call.expression, { throughWrappers: false }).functions.some(
    (fn) => !fn.getSourceFile().isDeclarationFile && (errorHelperOf(fn) !== undefined || returnsOnlyErrorResults(fn)),
  );
}

/**
 * `return { content, isError: true }`, or the return of a call of a configured error helper or of a function of the
 * project that answers with an error result: `returnsErrorResult` of `../tool-results.ts` on TypeScript nodes.
 */
export function returnsErrorResult(statement: ts.Statement, settings: McpSettings, checker: ts.TypeChecker): boolean {
  return (
    typescript.isReturnStatement(statement) &&
    statement.expression !== undefined &&
    isErrorAnswerTs(statement.expression, settings, checker)
  );
}

/** `isErrorAnswer` of `../tool-results.ts` on TypeScript nodes: a value that is an error result, or a call answering with one. */
export function isErrorAnswerTs(answer: ts.Expression, settings: McpSettings, checker: ts.TypeChecker): boolean {
  const value = unwrapTs(answer);
  if (typescript.isCallExpression(value)) {
    const name = calleeLastName(value.expression);
    return settings.errorHelpers.some((helper) => helper.name === name) || callsErrorResultFunction(checker, value);
  }
  return isErrorResultLiteral(value);
}
