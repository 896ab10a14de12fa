import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { isCaught } from "../model/estree-tree.js";
import { caughtErrorMessageSource, errorResultSource } from "../model/error-result-text.js";
import { getMcpContext } from "../model/context.js";
import type { ToolHandler } from "../model/tool-handlers.js";
import { contains, type FunctionNode } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "require-try-catch-in-tool-handler";

type GuardedWork = TSESTree.AwaitExpression | TSESTree.CallExpression | TSESTree.NewExpression;

/** Inside a `catch` clause between `node` and `boundary`: code there formats the error. */
function isInCatchClause(node: TSESTree.Node, boundary: TSESTree.Node): boolean {
  for (let current = node.parent; current && current !== boundary; current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause) return true;
  }
  return false;
}

function indentationOf(sourceCode: Readonly<TSESLint.SourceCode>, line: number): string {
  return /^[ \t]*/u.exec(sourceCode.lines[line - 1] ?? "")?.[0] ?? "";
}

/**
 * Adds `unit` in front of every line of `text` after the first, except blank lines and lines that
 * start inside a template literal or string (indenting those would change the string).
 */
function indentFollowingLines(text: string, start: number, unit: string, templates: readonly TSESTree.Range[]): string {
  let offset = start;
  return text
    .split("\n")
    .map((line, index) => {
      const lineStart = offset;
      offset += line.length + 1;
      if (index === 0 || line.trim() === "") return line;
      return templates.some(([from, to]) => from < lineStart && lineStart < to) ? line : `${unit}${line}`;
    })
    .join("\n");
}

/**
 * The replacement that wraps the whole body of `fn` in try/catch returning an error result; an
 * expression body becomes `return (expr);` so a comment before the expression cannot end it early.
 */
function wrapInTryCatch(
  fn: FunctionNode,
  sourceCode: Readonly<TSESLint.SourceCode>,
  prefix: string,
  multiLineStrings: readonly TSESTree.Range[],
): { range: TSESTree.Range; text: string } {
  const { body } = fn;
  const templates = multiLineStrings.filter(([from, to]) => body.range[0] <= from && to <= body.range[1]);
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
  const end = isBlock ? (sourceCode.getTokenBefore(sourceCode.getLastToken(body) ?? body, { includeComments: true })?.range[1] ?? body.range[1]) : fn.range[1];
  const original = indentFollowingLines(sourceCode.text.slice(first.range[0], end), first.range[0], unit, templates);
  const statements = isBlock ? original : `return (${original});`;
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
  return { range: [isBlock ? body.range[0] : opening.range[1], fn.range[1]], text };
}

export default createRule({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Require tool handlers to guard their work with try/catch",
      recommended: "strict",
    },
    hasSuggestions: true,
    messages: {
      unguarded:
        "This tool handler does work outside a try/catch, so anything that throws escapes it. Wrap the body in try/catch and return an error result (`isError: true`).",
      wrapInTryCatch: "Wrap the handler's body in try/catch returning an error result.",
    },
    schema: [],
  },
  create(context) {
    const mcp = getMcpContext(context);
    const { sourceCode } = context;
    // Each expression with the function it is directly in, so finding its handler costs no walk.
    const work: { node: GuardedWork; fn: FunctionNode }[] = [];
    const functions: FunctionNode[] = [];
    // Template parts and strings that span lines: the suggestion must not indent inside them.
    const multiLineStrings: TSESTree.Range[] = [];
    const collectMultiLine = (node: TSESTree.Literal | TSESTree.TemplateElement): void => {
      if (node.loc.start.line !== node.loc.end.line) multiLineStrings.push(node.range);
    };
    const collect = (node: GuardedWork): void => {
      const fn = functions.at(-1);
      if (fn) work.push({ node, fn });
    };
    const isUnguarded = (node: GuardedWork, handler: ToolHandler): boolean =>
      contains(handler.fn.body, node) &&
      !isCaught(node, handler.fn) &&
      !isInCatchClause(node, handler.fn) &&
      !mcp.handlers.isInUnknownToolBranch(node, handler);

    return {
      ":function"(node: FunctionNode) {
        functions.push(node);
      },
      ":function:exit"() {
        functions.pop();
      },
      AwaitExpression: collect,
      CallExpression: collect,
      NewExpression: collect,
      Literal: collectMultiLine,
      TemplateElement: collectMultiLine,
      "Program:exit"() {
        const decided = new Set<FunctionNode>();
        for (const { node, fn: innermost } of work) {
          const handler = mcp.handlers.enclosingToolHandler(innermost);
          if (!handler || decided.has(handler.fn)) continue;
          if (handler.guarded) {
            decided.add(handler.fn);
            continue;
          }
          if (!isUnguarded(node, handler)) continue;
          decided.add(handler.fn);
          const { fn } = handler;
          context.report({
            node: fn,
            loc: ASTUtils.getFunctionHeadLocation(fn, sourceCode),
            messageId: "unguarded",
            suggest: [
              {
                messageId: "wrapInTryCatch",
                fix: (fixer) => {
                  const { range, text } = wrapInTryCatch(fn, sourceCode, mcp.settings.errorPrefix, multiLineStrings);
                  return fixer.replaceTextRange(range, text);
                },
              },
            ],
          });
        }
      },
    };
  },
});
