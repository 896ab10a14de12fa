import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { unwrapExpression } from "../util/ast.js";
import { prefixChecker } from "./error-prefix.js";
import type { McpSettings } from "./settings.js";

/*
 * Reading the text of a result: its alternatives, the beginning known statically, and whether
 * that beginning reads as an error.
 */

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

/** `Error:`, `error - `, `ERROR [`: the word followed by a separator ("Error rate: 2%" is not one). */
const ERROR_WORD = /^error\s*[:[-]/iu;

/**
 * A static prefix reads as an error text: the configured prefix or an accepted one (or a variant of
 * them), the word `error` and a separator, or a match of `errorTextPattern`.
 */
export function isErrorText(prefix: Pick<StaticPrefix, "text">, settings: McpSettings): boolean {
  const { text } = prefix;
  return (
    ERROR_WORD.test(text) ||
    prefixChecker(settings.errorPrefix, settings.acceptedErrorPrefixes).startsWithAccepted(text) ||
    (settings.errorTextPattern?.test(text) ?? false)
  );
}

