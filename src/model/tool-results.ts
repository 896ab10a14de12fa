import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calledFunction,
  callGivenArgument,
  calleeName,
  constVariableOf,
  findProperty,
  onObjectWithProperty,
  propertyName,
  readReferences,
  returnedValues,
  type FunctionNode,
  unwrapExpression,
} from "../util/ast.js";
import type { McpSettings } from "./settings.js";
import { enclosingFunction } from "./estree-tree.js";
import { isEmptyText } from "./error-text.js";
import { lastAnswer } from "../util/last-answer.js";

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

/**
 * A listener for every tool result written in the file (see `onObjectWithProperty`), read once for all rules.
 * A test's expected value (`expect(result).toEqual({ content, isError: true })`) is not one: it says what the
 * code returns, and the rules check that where the code builds it.
 */
export function onToolResult(listener: (result: Readonly<ToolResult>) => void): TSESLint.RuleListener {
  return onObjectWithProperty("content", (object) => {
    const result = readToolResult(object);
    if (result) listener(result);
  });
}

/**
 * The object literals a result's spreads bring, when each spread brings only such literals, none of which spreads
 * again or sets `content` or `isError`: `...(schema ? { structuredContent } : {})`, `...(details && { structuredContent
 * })`. Undefined where a spread may bring anything (`...base`).
 */
export function spreadObjects(node: TSESTree.ObjectExpression): TSESTree.ObjectExpression[] | undefined {
  const objects: TSESTree.ObjectExpression[] = [];
  for (const member of node.properties) {
    if (member.type !== AST_NODE_TYPES.SpreadElement) continue;
    const value = unwrapExpression(member.argument);
    const branches =
      value.type === AST_NODE_TYPES.ConditionalExpression
        ? [value.consequent, value.alternate]
        : value.type === AST_NODE_TYPES.LogicalExpression && value.operator === "&&"
          ? [value.right]
          : [value];
    for (const branch of branches.map(unwrapExpression)) {
      if (
        branch.type !== AST_NODE_TYPES.ObjectExpression ||
        branch.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement) ||
        findProperty(branch, "content") ||
        findProperty(branch, "isError")
      )
        return undefined;
      objects.push(branch);
    }
  }
  return objects;
}

/**
 * Objects with a `content` array that are not tool results: a chat message (`{ role, content }`) or a
 * content block of another API (Anthropic's `{ type: "tool_result", content, is_error }`).
 */
const NOT_A_RESULT = ["role", "type", "is_error"];

/** The tool result `node` is, if it has a `content` property whose value is an array literal. */
export function toolResult(node: TSESTree.ObjectExpression): ToolResult | undefined {
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

const readToolResult = lastAnswer((object: TSESTree.ObjectExpression): ToolResult | undefined => {
  const result = toolResult(object);
  return result && !isAssertionOperand(object) ? result : undefined;
});

/**
 * A function that answers as a tool does, wherever it is registered: it returns at least twice, and every value it
 * returns is a tool result written there (`async function acceptEvent(args) { ... return { content: [...] } }`, a
 * handler module listed in another file's tool table), or the result of a function of the file that only builds such
 * results (`return toResult(await res.text())`). Asked for each result such a function returns: answered once.
 */
export const answersOnlyWithToolResults = lastAnswer((fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): boolean => {
  const values = returnedValues(fn, sourceCode.visitorKeys);
  return (
    values.length > 1 && values.some(isWrittenResult) && values.every((value) => isWrittenResult(value) || isBuiltResult(value, sourceCode))
  );
});

/** A tool result written as an object literal. */
function isWrittenResult(value: TSESTree.Node): boolean {
  const node = unwrapExpression(value);
  return node.type === AST_NODE_TYPES.ObjectExpression && toolResult(node) !== undefined;
}

/** The (awaited) call of a function of the file every answer of which is a tool result written there: a result builder. */
function isBuiltResult(value: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let node = unwrapExpression(value);
  if (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrapExpression(node.argument);
  if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.Identifier) return false;
  const builder = calledFunction(node.callee, sourceCode);
  const answers = builder ? returnedValues(builder, sourceCode.visitorKeys) : [];
  return answers.length > 0 && answers.every(isWrittenResult);
}

/** Assertion methods: `expect(r).toMatchObject({...})`, `assert.deepStrictEqual(r, {...})`. */
const ASSERTION = /^(?:to[A-Z]\w*|(?:not)?(?:[Dd]eep)?(?:[Ss]trict)?[Ee]qual)$/u;

/** `node` is an argument of an assertion: a test's expected value, not a result the code returns. */
function isAssertionOperand(node: TSESTree.Node): boolean {
  const given = callGivenArgument(node);
  const name = given && calleeName(given.call.callee);
  return name !== undefined && ASSERTION.test(name);
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

/** `{ type: "text", ... }`. */
function hasTextType(item: TSESTree.ObjectExpression): boolean {
  const type = findProperty(item, "type");
  const value = type && unwrapExpression(type.value);
  return value?.type === AST_NODE_TYPES.Literal && value.value === "text";
}

function isTextItem(item: TSESTree.ObjectExpression): boolean {
  return hasTextType(item) && findProperty(item, "text") !== undefined;
}

/**
 * The result's content tells the reader nothing: `content: []`, or only `{ type: "text" }` items whose
 * text is empty (see `isEmptyText`). An element written otherwise (a variable, a spread, an image) may
 * say something, so the content is not empty; nor is content the code fills later (`isContentFilledLater`).
 */
export function hasEmptyContent(result: ToolResult, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const emptyAsWritten = result.content.elements.every((element) => {
    const item = element && unwrapExpression(element);
    if (
      item?.type !== AST_NODE_TYPES.ObjectExpression ||
      item.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement)
    )
      return false;
    if (!hasTextType(item)) return false;
    const text = findProperty(item, "text");
    return !text || isEmptyText(text.value, sourceCode);
  });
  return emptyAsWritten && !isContentFilledLater(result, sourceCode);
}

/**
 * The result is bound to a `const` whose content the code fills later: `result.content.push({ type: "text", text })`,
 * `result.content[0].text = message`, `result.content = blocks`.
 */
function isContentFilledLater(result: ToolResult, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const variable = constVariableOf(result.node, sourceCode);
  return (
    variable !== undefined &&
    readReferences(variable).some(({ identifier }) => {
      const member = identifier.parent;
      if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== identifier || propertyName(member) !== "content")
        return false;
      const use = member.parent;
      return (
        (use.type === AST_NODE_TYPES.MemberExpression && use.object === member) ||
        (use.type === AST_NODE_TYPES.AssignmentExpression && use.left === member)
      );
    })
  );
}

/** What an `isError` property's value is: a `true` literal, another literal, or an expression. */
export type IsErrorValue = { kind: "true" } | { kind: "otherLiteral"; literal: TSESTree.Literal } | { kind: "expression" };

export function isErrorValue(property: TSESTree.Property): IsErrorValue {
  const value = unwrapExpression(property.value);
  if (value.type !== AST_NODE_TYPES.Literal) return { kind: "expression" };
  return value.value === true ? { kind: "true" } : { kind: "otherLiteral", literal: value };
}

/** The result says `isError: true` (looked through `as const`). */
export function hasIsErrorTrue(result: ToolResult): boolean {
  return result.isError !== undefined && isErrorValue(result.isError).kind === "true";
}

/**
 * The result says `isError: true`, or it is bound to a `const` that the same function marks later:
 * `const result = { content, isError: false }; ... result.isError = true;`.
 */
export const isErrorResult = lastAnswer(
  (result: ToolResult, sourceCode: Readonly<TSESLint.SourceCode>): boolean =>
    hasIsErrorTrue(result) || isMarkedByAssignment(result, sourceCode),
);

function isMarkedByAssignment(result: ToolResult, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const variable = constVariableOf(result.node, sourceCode);
  return variable !== undefined && readReferences(variable).some(({ identifier }) => markingOf(identifier, result) !== undefined);
}

/** The `result.isError = true;` statement a read of the result's `const` is the object of, in the function that builds it. */
function markingOf(identifier: TSESTree.Node, result: ToolResult): TSESTree.ExpressionStatement | undefined {
  const member = identifier.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== identifier || propertyName(member) !== "isError")
    return undefined;
  const assignment = member.parent;
  if (assignment.type !== AST_NODE_TYPES.AssignmentExpression || assignment.left !== member || assignment.operator !== "=")
    return undefined;
  const value = unwrapExpression(assignment.right);
  const statement = assignment.parent;
  return value.type === AST_NODE_TYPES.Literal &&
    value.value === true &&
    statement.type === AST_NODE_TYPES.ExpressionStatement &&
    enclosingFunction(assignment) === enclosingFunction(result.node)
    ? statement
    : undefined;
}

/**
 * The first text each block adds to the content of a result bound to a `const` beside the statement that marks it
 * (`result.isError = true; result.content.push({ type: "text", text: "Unable to retrieve the summary" })`, in the same
 * block): the failure's texts. An item added in another branch is the success's.
 */
export function failureTextsAddedLater(result: ToolResult, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  const variable = constVariableOf(result.node, sourceCode);
  if (!variable) return [];
  const reads = readReferences(variable).map(({ identifier }) => identifier);
  const markedBlocks = new Set(reads.map((read) => markingOf(read, result)?.parent));
  // The first text a block adds says what failed; the ones after it add to it (a guide, the details).
  const texts = new Map<TSESTree.Node, TSESTree.Node>();
  for (const read of reads) {
    const content = read.parent;
    if (content.type !== AST_NODE_TYPES.MemberExpression || content.object !== read || propertyName(content) !== "content") continue;
    const method = content.parent;
    const call = method.parent;
    if (
      method.type !== AST_NODE_TYPES.MemberExpression ||
      method.object !== content ||
      !ADDING_METHODS.has(propertyName(method) ?? "") ||
      call?.type !== AST_NODE_TYPES.CallExpression ||
      call.callee !== method ||
      call.parent.type !== AST_NODE_TYPES.ExpressionStatement ||
      !markedBlocks.has(call.parent.parent) ||
      texts.has(call.parent.parent)
    )
      continue;
    const block = call.parent.parent;
    for (const argument of call.arguments) {
      const item = unwrapExpression(argument);
      const text = item.type === AST_NODE_TYPES.ObjectExpression && isTextItem(item) ? findProperty(item, "text")?.value : undefined;
      if (text && !texts.has(block)) texts.set(block, text);
    }
  }
  return [...texts.values()];
}

/** The array methods that add items to a result's content. */
export const ADDING_METHODS: ReadonlySet<string> = new Set(["push", "unshift"]);

/**
 * `{ content, isError: true }` written as an object literal, or `{ ...block(text), isError: true }`: a result whose
 * content a spread brings, marked as an error where it is written.
 */
function isErrorResultObject(value: TSESTree.Node): boolean {
  if (value.type !== AST_NODE_TYPES.ObjectExpression) return false;
  const result = toolResult(value);
  if (result) return hasIsErrorTrue(result);
  const isError = findProperty(value, "isError");
  return (
    isError !== undefined &&
    isErrorValue(isError).kind === "true" &&
    value.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement)
  );
}

/**
 * `fn` answers with an error result whatever it is given: every value it returns is `{ content, isError: true }`
 * (PostHog's `handleToolError(error, tool)`, which reports the error and builds the text itself).
 */
export function returnsOnlyErrorResults(fn: FunctionNode, visitorKeys: TSESLint.SourceCode.VisitorKeys): boolean {
  const values = returnedValues(fn, visitorKeys);
  return values.length > 0 && values.every((value) => isErrorResultObject(unwrapExpression(value)));
}

/**
 * `return { content, isError: true }`, or the return of a call that answers with an error result: of an error helper
 * configured by name, or one `answersWithErrorResult` knows (the file's own `toolError(message)`, a function that
 * returns only error results). A statement that answers with an error result.
 */
export function returnsErrorResult(
  statement: TSESTree.Statement,
  settings: McpSettings,
  answersWithErrorResult: (call: TSESTree.CallExpression) => boolean,
): boolean {
  return (
    statement.type === AST_NODE_TYPES.ReturnStatement &&
    statement.argument !== null &&
    isErrorAnswer(statement.argument, settings, answersWithErrorResult)
  );
}

/** A value that is an error result: `{ content, isError: true }`, or a call that answers with one (`returnsErrorResult`). */
export function isErrorAnswer(
  answer: TSESTree.Expression,
  settings: McpSettings,
  answersWithErrorResult: (call: TSESTree.CallExpression) => boolean,
): boolean {
  const value = unwrapExpression(answer);
  if (value.type === AST_NODE_TYPES.CallExpression) {
    const name = calleeName(value.callee);
    return settings.errorHelpers.some((helper) => helper.name === name) || answersWithErrorResult(value);
  }
  return isErrorResultObject(value);
}
