import type { TSESTree } from "@typescript-eslint/utils";
import type { SourceEdit } from "./replace-text-start.js";

/**
 * The expression that writes the message of a caught error named `name`, and only its message, whatever was thrown:
 * `error instanceof Error ? error.message : String(error)` (a plain `Error` written whole reads `Error: <message>`).
 */
export function errorMessageExpression(name: string): string {
  return `${name} instanceof Error ? ${name}.message : String(${name})`;
}

/** The edit that writes the caught error's message where `written` wrote the whole error (`${error}`, `String(error)`). */
export function writeErrorMessage(written: TSESTree.Node, caught: TSESTree.Identifier): SourceEdit {
  return { range: written.range, text: errorMessageExpression(caught.name) };
}
