import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import type { TextLiteral } from "../model/error-text.js";
import { escapeForQuote, escapeForTemplate } from "./escape.js";

/** Where the source of a text literal's characters begins (after the opening quote or backtick). */
function literalContentStart(literal: TextLiteral): number {
  return literal.range[0] + 1;
}

/** The raw source of a text literal's first characters: a string's content, or a template's first quasi. */
export function literalRawStart(literal: TextLiteral): string {
  return literal.type === AST_NODE_TYPES.Literal ? literal.raw.slice(1, -1) : (literal.quasis[0]?.value.raw ?? "");
}

/** A source edit: replace `range` with `text`. */
export interface SourceEdit {
  range: [number, number];
  text: string;
}

/**
 * The edit that replaces the first `length` characters of a text literal's value with
 * `replacement` (escaped for the literal's quotes); undefined when escape sequences there make the
 * source and the value differ.
 */
export function replaceTextStart(literal: TextLiteral, length: number, replacement: string): SourceEdit | undefined {
  const raw = literalRawStart(literal).slice(0, length);
  const cooked = (literal.type === AST_NODE_TYPES.Literal ? literal.value : literal.quasis[0]?.value.cooked) ?? "";
  if (raw.includes("\\") || raw !== cooked.slice(0, length)) return undefined;
  const start = literalContentStart(literal);
  const text =
    literal.type === AST_NODE_TYPES.Literal ? escapeForQuote(replacement, literal.raw.charAt(0)) : escapeForTemplate(replacement);
  return { range: [start, start + length], text };
}
