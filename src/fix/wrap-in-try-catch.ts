import { AST_NODE_TYPES, AST_TOKEN_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, unwrapExpression } from "../util/ast.js";
import { caughtErrorMessageSource, errorResultSource } from "./error-result-source.js";
import { indentationOf } from "./indentation.js";

/**
 * Adds `unit` in front of every line of `text` after the first, except blank lines and lines that
 * start inside a template literal or string (indenting those would change the string).
 */
function indentFollowingLines(text: string, start: number, unit: string, templates: readonly TSESTree.Range[]): string {
  // A line break before a line that is not blank: one replacement per line, without splitting the text.
  return text.replace(/\n(?=[^\n]*\S)/gu, (lineBreak: string, offset: number) => {
    const lineStart = start + offset + 1;
    return templates.some(([from, to]) => from < lineStart && lineStart < to) ? lineBreak : `${lineBreak}${unit}`;
  });
}

/**
 * The replacement that wraps the whole body of `fn` in try/catch returning an error result; an
 * expression body becomes `return (expr);` so a comment before the expression cannot end it early. A call there
 * may return a promise, whose rejection a `try` catches only when it is awaited: `return await (expr);`, in a
 * function made `async` if it was not (a tool handler's result may be a promise).
 */
export function wrapInTryCatch(
  fn: FunctionNode,
  sourceCode: Readonly<TSESLint.SourceCode>,
  prefix: string,
): { range: TSESTree.Range; text: string } {
  const { body } = fn;
  const isBlock = body.type === AST_NODE_TYPES.BlockStatement;
  // `{` of a block body, `=>` of an expression body: the new block starts after it.
  const opening = isBlock ? sourceCode.getFirstToken(body) : sourceCode.getTokenBefore(body, ASTUtils.isArrowToken);
  const first = opening && sourceCode.getTokenAfter(opening, { includeComments: true });
  if (!opening || !first) throw new Error("a function body always has tokens");
  const base = indentationOf(sourceCode, opening.loc.start.line);
  const ownIndent = indentationOf(sourceCode, first.loc.start.line);
  const unit =
    isBlock && first.loc.start.line !== opening.loc.start.line && ownIndent.startsWith(base) && ownIndent.length > base.length
      ? ownIndent.slice(base.length)
      : "  ";
  const inner = `${base}${unit}`;
  const end = isBlock
    ? (sourceCode.getTokenBefore(sourceCode.getLastToken(body) ?? body, { includeComments: true })?.range[1] ?? body.range[1])
    : fn.range[1];
  const source = sourceCode.text.slice(first.range[0], end);
  // Strings and template parts that span lines, from the body's tokens: only a template or a line
  // continuation (a backslash before the line break) makes one. ESLint builds every suggestion as it reports.
  const templates = /`|\\\r?\n/u.test(source)
    ? sourceCode
        .getTokens(body)
        .filter(
          ({ type, loc }) => (type === AST_TOKEN_TYPES.String || type === AST_TOKEN_TYPES.Template) && loc.start.line !== loc.end.line,
        )
        .map(({ range }) => range)
    : [];
  const original = indentFollowingLines(source, first.range[0], unit, templates);
  const returned = isBlock ? undefined : unwrapExpression(body);
  const awaits = returned?.type === AST_NODE_TYPES.CallExpression || returned?.type === AST_NODE_TYPES.NewExpression;
  const statements = isBlock ? original : `return ${awaits ? "await " : ""}(${original});`;
  const catchText = caughtErrorMessageSource("error", prefix);
  const text = [
    isBlock ? "{" : " {",
    `${inner}try {`,
    `${inner}${unit}${statements}`,
    `${inner}} catch (error) {`,
    `${inner}${unit}return ${errorResultSource(catchText)};`,
    `${inner}}`,
    `${base}}`,
  ].join("\n");
  if (awaits && !fn.async)
    return { range: [fn.range[0], fn.range[1]], text: `async ${sourceCode.text.slice(fn.range[0], opening.range[1])}${text}` };
  return { range: [isBlock ? body.range[0] : opening.range[1], fn.range[1]], text };
}
