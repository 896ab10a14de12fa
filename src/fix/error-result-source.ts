import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { prefixChecker } from "../model/error-prefix.js";
import { isCaughtError, unwrapExpression } from "../util/ast.js";
import { errorMessageExpression } from "./error-message-expression.js";
import { escapeForQuote, escapeForTemplate } from "./escape.js";

/*
 * Source text for the error results that suggestions write: the ADR's
 * `{ content: [{ type: "text", text: "Error: ..." }], isError: true }`.
 */

/** `{ content: [{ type: "text", text: <textSource> }], isError: true }`. */
export function errorResultSource(textSource: string): string {
  return `{ content: [{ type: "text", text: ${textSource} }], isError: true }`;
}

/** The error text of a caught error named `name`: its message after `prefix`, never "Error: Error: ...". */
export function caughtErrorMessageSource(name: string, prefix: string): string {
  return `\`${escapeForTemplate(prefix)}\${${errorMessageExpression(name)}}\``;
}

/**
 * The source of `message` as an error text carrying `prefix`, never doubled: a string literal stays
 * one in its own quote style, a template literal keeps its expressions, a caught error renders its
 * message (so an Error never reads "Error: Error: ..."), anything else goes through `String()`.
 */
export function prefixedMessageSource(message: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, prefix: string): string {
  const node = unwrapExpression(message);
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") {
    const raw = sourceCode.getText(node);
    const quote = raw.startsWith("'") ? "'" : '"';
    // A leading variant or repeat of the prefix (`error: `, `Error: Error: `) becomes the prefix once.
    const text = `${prefix}${node.value.slice(prefixChecker(prefix).leadingLength(node.value))}`;
    return `${quote}${escapeForQuote(text, quote)}${quote}`;
  }
  if (node.type === AST_NODE_TYPES.TemplateLiteral) {
    const raw = sourceCode.getText(node);
    const first = node.quasis[0]?.value.cooked ?? "";
    // The same, where the source spells the leading characters as the value does (no escapes).
    const leading = prefixChecker(prefix).leadingLength(first);
    const replaced = raw.slice(1, 1 + leading) === first.slice(0, leading) ? leading : 0;
    if (replaced === 0 && first.startsWith(prefix)) return raw;
    return `\`${escapeForTemplate(prefix)}${raw.slice(1 + replaced)}`;
  }
  const source = sourceCode.getText(node);
  if (isCaughtError(node, sourceCode)) return caughtErrorMessageSource(source, prefix);
  return `\`${escapeForTemplate(prefix)}\${String(${source})}\``;
}
