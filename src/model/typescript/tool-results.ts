import type ts from "typescript";
import type { McpSettings } from "../settings.js";
import { calleeLastName } from "./resolve.js";
import { unwrapTs } from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/** The name of an object literal's or class's member, when it is written as a name or a string. */
export function memberName(member: ts.ObjectLiteralElementLike | ts.ClassElement): string | undefined {
  const name = member.name;
  return name && (typescript.isIdentifier(name) || typescript.isStringLiteral(name)) ? name.text : undefined;
}

export function findMember(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((member) => memberName(member) === name);
}

/** `return { content, isError: true }` or `return <configured error helper>(...)`: `returnsErrorResult` of `../tool-results.ts` on TypeScript nodes. */
export function returnsErrorResult(statement: ts.Statement, settings: McpSettings): boolean {
  if (!typescript.isReturnStatement(statement) || !statement.expression) return false;
  const value = unwrapTs(statement.expression);
  if (typescript.isCallExpression(value)) {
    const name = calleeLastName(value.expression);
    return settings.errorHelpers.some((helper) => helper.name === name);
  }
  if (!typescript.isObjectLiteralExpression(value) || !findMember(value, "content")) return false;
  const isError = findMember(value, "isError");
  return (
    isError !== undefined &&
    typescript.isPropertyAssignment(isError) &&
    unwrapTs(isError.initializer).kind === typescript.SyntaxKind.TrueKeyword
  );
}
