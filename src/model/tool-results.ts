import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { findProperty, unwrapExpression } from "../util/ast.js";
import { escapeForQuote, escapeForTemplate } from "./error-result-text.js";

/**
 * A tool result written as an object literal: `{ content: [...], isError?: ... }`, the shape of the
 * SDK's `CallToolResult`. Specific enough to be recognised in any file.
 */
export interface ToolResult {
  node: TSESTree.ObjectExpression;
  content: TSESTree.ArrayExpression;
  /** The first content element that is an object literal `{ type: "text", text }`. */
  textItem: TSESTree.ObjectExpression | undefined;
  /** The value of that element's `text` property. */
  text: TSESTree.Node | undefined;
  /** The result's own `isError` property. */
  isError: TSESTree.Property | undefined;
  /** The result spreads another object, which may carry `isError`. */
  hasSpread: boolean;
}

const results = new WeakMap<TSESTree.ObjectExpression, ToolResult | null>();

/** The tool result `node` is, if it has a `content` property whose value is an array literal. */
export function toolResult(node: TSESTree.ObjectExpression): ToolResult | undefined {
  let known = results.get(node);
  if (known === undefined) {
    known = readToolResult(node) ?? null;
    results.set(node, known);
  }
  return known ?? undefined;
}

/**
 * Objects with a `content` array that are not tool results: a chat message (`{ role, content }`) or a
 * content block of another API (Anthropic's `{ type: "tool_result", content, is_error }`).
 */
const NOT_A_RESULT = ["role", "type", "is_error"];

function readToolResult(node: TSESTree.ObjectExpression): ToolResult | undefined {
  const contentProperty = findProperty(node, "content");
  if (!contentProperty || NOT_A_RESULT.some((name) => findProperty(node, name))) return undefined;
  const content = unwrapExpression(contentProperty.value);
  if (content.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  const textItem = contentItems(content).find(isTextItem);
  return {
    node,
    content,
    textItem,
    text: textItem && findProperty(textItem, "text")?.value,
    isError: findProperty(node, "isError"),
    hasSpread: node.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement),
  };
}

/** The content elements written as object literals (`as const` looked through). */
export function contentItems(content: TSESTree.ArrayExpression): TSESTree.ObjectExpression[] {
  const items: TSESTree.ObjectExpression[] = [];
  for (const element of content.elements) {
    const item = element && unwrapExpression(element);
    if (item?.type === AST_NODE_TYPES.ObjectExpression) items.push(item);
  }
  return items;
}

function isTextItem(item: TSESTree.ObjectExpression): boolean {
  const type = findProperty(item, "type");
  const value = type && unwrapExpression(type.value);
  return value?.type === AST_NODE_TYPES.Literal && value.value === "text" && findProperty(item, "text") !== undefined;
}

/** What an `isError` property's value is: a `true` literal, another literal, or an expression. */
export type IsErrorValue =
  | { kind: "true" }
  | { kind: "otherLiteral"; literal: TSESTree.Literal }
  | { kind: "expression" };

export function isErrorValue(property: TSESTree.Property): IsErrorValue {
  const value = unwrapExpression(property.value);
  if (value.type !== AST_NODE_TYPES.Literal) return { kind: "expression" };
  return value.value === true ? { kind: "true" } : { kind: "otherLiteral", literal: value };
}

/** The result says `isError: true` (looked through `as const`). */
export function hasIsErrorTrue(result: ToolResult): boolean {
  return result.isError !== undefined && isErrorValue(result.isError).kind === "true";
}

/** The alternatives a text can take: each branch of a (nested) conditional, wrappers looked through. */
export function textBranches(text: TSESTree.Node): TSESTree.Node[] {
  const branches: TSESTree.Node[] = [];
  const pending = [text];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const node = unwrapExpression(next);
    if (node.type === AST_NODE_TYPES.ConditionalExpression) pending.push(node.alternate, node.consequent);
    else branches.push(node);
  }
  return branches;
}

/** The literal a text's known beginning comes from. */
export type TextLiteral = TSESTree.StringLiteral | TSESTree.TemplateLiteral;

/** The statically known beginning of a text. */
export interface StaticPrefix {
  text: string;
  /** `text` is the whole value (a string literal, or a template literal without expressions). */
  complete: boolean;
  /** The left-most literal: where a fix edits the text. */
  literal: TextLiteral;
}

/**
 * The static prefix of one text branch: a string literal, a template literal whose first quasi is
 * not empty, or the static prefix of `a` in `a + b`. Unknown (undefined) otherwise.
 */
export function staticPrefix(branch: TSESTree.Node): StaticPrefix | undefined {
  let node = unwrapExpression(branch);
  let complete = true;
  while (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "+") {
    complete = false;
    node = unwrapExpression(node.left);
  }
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") {
    return complete || node.value !== "" ? { text: node.value, complete, literal: node } : undefined;
  }
  if (node.type === AST_NODE_TYPES.TemplateLiteral) {
    const first = node.quasis[0]?.value.cooked ?? "";
    if (first === "" && (node.expressions.length > 0 || !complete)) return undefined;
    return { text: first, complete: complete && node.expressions.length === 0, literal: node };
  }
  return undefined;
}

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
