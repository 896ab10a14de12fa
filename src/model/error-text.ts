import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  findProperty,
  ifTaken,
  isCaughtError,
  isFunctionNode,
  pathValues,
  propertyName,
  readReferences,
  singleValueOf,
  someNode,
  unwrapExpression,
} from "../util/ast.js";
import { DECORATION, LOCALIZED_ERROR_WORD, prefixChecker } from "./error-prefix.js";
import type { McpSettings } from "./settings.js";

/*
 * Reading the text of a result: its alternatives, the beginning known statically, and whether
 * that beginning reads as an error.
 */

/**
 * The alternatives a text can take: each branch of a (nested) conditional, each side of `||` and `??` (a value and
 * its fallback), wrappers looked through. With
 * `sourceCode`, also of a conditional that a constant holds (`const message = found ? "..." : "..."`, bound once as
 * `staticPrefix` reads constants), and each value a variable declared without one is given on its paths (`pathValues`);
 * such a branch lies outside `text`.
 */
export function textBranches(text: TSESTree.Node, sourceCode?: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  const branches: TSESTree.Node[] = [];
  const pending = [text];
  let constants = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const node = unwrapExpression(next);
    if (node.type === AST_NODE_TYPES.ConditionalExpression) {
      pending.push(node.alternate, node.consequent);
      continue;
    }
    // `upstream.error || "Failed to geocode address"`: the fallback is the text where the value is missing.
    if (node.type === AST_NODE_TYPES.LogicalExpression && (node.operator === "||" || node.operator === "??")) {
      pending.push(node.right, node.left);
      continue;
    }
    // A constant that holds a conditional, or a variable declared without a value and given one on each path (`let
    // message: string; if (...) message = "..."; else message = "..."`): each value is a branch.
    const identifier = node.type === AST_NODE_TYPES.Identifier && constants < MAX_CONSTANTS ? node : undefined;
    const value = identifier && sourceCode && singleValueOf(identifier, sourceCode)?.value;
    const values = value ? [value] : identifier && sourceCode && pathValues(identifier, sourceCode);
    if (
      values &&
      (values.length > 1 || (values.length === 1 && unwrapExpression(values[0]).type === AST_NODE_TYPES.ConditionalExpression))
    ) {
      constants++;
      pending.push(...values.reverse());
    } else {
      branches.push(node);
    }
  }
  return branches;
}

/**
 * The text is a variable read in more than one place (a constant, or one given a text on each path): editing a branch
 * of its value changes other texts.
 */
export function isSharedConstant(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const node = unwrapExpression(text);
  const variable = node.type === AST_NODE_TYPES.Identifier ? ASTUtils.findVariable(sourceCode.getScope(node), node) : undefined;
  return variable !== undefined && variable !== null && readReferences(variable).length > 1;
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
  /** The literal was reached through a constant read in more than one place: editing it changes other texts. */
  shared: boolean;
  /**
   * The literal's written parts with each interpolation standing as one word (`Error fetching content from …: …`):
   * what the text says about itself beyond its known beginning.
   */
  shape: string;
}

/** What stands for an interpolation in a text's shape: one word of unknown letters. */
const INTERPOLATION = "\u2026";

/** Constants followed to their literal at most this deep (`const A = B; const B = A` ends). */
const MAX_CONSTANTS = 8;

/**
 * The static prefix of one text branch: a string literal, a template literal whose first quasi is
 * not empty, or the static prefix of `a` in `a + b` and in `` `${a}...` ``. With `sourceCode`, an identifier bound once
 * in the file (a `const`, or a `let`/`var` never assigned again, or only appended to: `text += detail`) stands for
 * its value, through other such constants. Unknown (undefined) otherwise.
 */
export function staticPrefix(branch: TSESTree.Node, sourceCode?: Readonly<TSESLint.SourceCode>): StaticPrefix | undefined {
  let node = unwrapExpression(branch);
  let complete = true;
  let shared = false;
  for (let constants = 0; ; constants++) {
    for (;;) {
      const joined = node.type === AST_NODE_TYPES.CallExpression ? joinedFirstElement(node, sourceCode) : undefined;
      if (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "+") node = unwrapExpression(node.left);
      // `${summary}\n\nDetails: ...`: a template that opens with an interpolation starts with that value, as `a + b` does.
      else if (node.type === AST_NODE_TYPES.TemplateLiteral && node.expressions.length > 0 && node.quasis[0]?.value.cooked === "")
        node = unwrapExpression(node.expressions[0]);
      else if (joined) node = unwrapExpression(joined.element);
      else break;
      complete = false;
      shared ||= joined?.shared === true;
    }
    if (node.type !== AST_NODE_TYPES.Identifier || !sourceCode || constants === MAX_CONSTANTS) break;
    // A text built by appending keeps the beginning of the value it starts from.
    const constant = singleValueOf(node, sourceCode, { appends: true });
    if (!constant) return undefined;
    shared ||= readReferences(constant.variable).length > 1;
    complete &&= !constant.appended;
    node = unwrapExpression(constant.value);
  }
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") {
    return complete || node.value !== "" ? { text: node.value, complete, literal: node, shared, shape: node.value } : undefined;
  }
  if (node.type === AST_NODE_TYPES.TemplateLiteral) {
    const first = node.quasis[0]?.value.cooked ?? "";
    if (first === "" && (node.expressions.length > 0 || !complete)) return undefined;
    const shape = node.quasis.map((quasi) => quasi.value.cooked ?? "").join(INTERPOLATION);
    return { text: first, complete: complete && node.expressions.length === 0, literal: node, shared, shape };
  }
  return undefined;
}

/** What a text joined from an array may do with the array besides joining it: append lines, count them. */
const JOINED_ARRAY_READS: ReadonlySet<string> = new Set(["push", "join", "length"]);

/**
 * The first element of an array that a text joins (`lines.join("\n")`, `[summary, details].join(" ")`): the beginning
 * of the text. With `sourceCode`, the array may be a constant's literal that the file only appends to, counts or joins
 * (`const lines = [\`Error executing query (status ${status})\`]; if (hint) lines.push(hint)`); `shared` where it is
 * joined more than once. Undefined for a spread first, or an array passed on or changed otherwise (`lines.unshift`).
 */
function joinedFirstElement(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode> | undefined,
): { element: TSESTree.Expression; shared: boolean } | undefined {
  const { callee } = call;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || propertyName(callee) !== "join" || call.arguments.length > 1) return undefined;
  let array = unwrapExpression(callee.object);
  let shared = false;
  if (array.type === AST_NODE_TYPES.Identifier && sourceCode) {
    const constant = singleValueOf(array, sourceCode);
    if (!constant) return undefined;
    const uses = readReferences(constant.variable).map(({ identifier }) => {
      const { parent } = identifier;
      return parent.type === AST_NODE_TYPES.MemberExpression && parent.object === identifier ? propertyName(parent) : undefined;
    });
    if (!uses.every((use) => use !== undefined && JOINED_ARRAY_READS.has(use))) return undefined;
    shared = uses.filter((use) => use === "join").length > 1;
    array = unwrapExpression(constant.value);
  }
  const first = array.type === AST_NODE_TYPES.ArrayExpression ? array.elements[0] : undefined;
  return first && first.type !== AST_NODE_TYPES.SpreadElement ? { element: first, shared } : undefined;
}

/**
 * A text that tells the reader nothing: on every branch, a complete static text that is empty or only
 * white space (`""`, `` ` ` ``, a constant bound to `""`). Unknown texts are not empty.
 */
export function isEmptyText(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return textBranches(text, sourceCode).every((branch) => isEmptyPrefix(staticPrefix(branch, sourceCode)));
}

/** One branch's static prefix says it is empty: a complete text of white space at most. */
export function isEmptyPrefix(prefix: StaticPrefix | undefined): boolean {
  return prefix?.complete === true && prefix.text.trim() === "";
}

/**
 * `Error:`, `ERROR [`, `error - `, `Error – `, also after decoration (`❌ Error: `): the word, optional spaces, then `:`
 * or `[`, or a dash with a space after it. `Error rate: 2%`, `Errors: 0` and `Error-free: all checks passed` are not.
 */
const ERROR_WORD = new RegExp(String.raw`^${DECORATION}error\s*(?:[:[]|[-\u2013\u2014]\s)`, "iu");

/**
 * `Error fetching DNS report: `, `Error taking screenshot: `: the word, what failed as a verb in -ing and its object
 * (one to five words, an interpolation one of them: `` `Error fetching content from ${url}: ${error}` ``), then a
 * colon; after `while` or `when` the object may be left out (`Error while creating tracking category: `, `Error while
 * connecting: `); also after decoration. `Error handling: on` (no object) and `Error rate: 2%` are not. Tested on the
 * text's shape.
 */
const ERROR_DOING = new RegExp(
  String.raw`^${DECORATION}error\s+(?:(?:while|when)\s+\p{L}+ing(?:\s+[^\s:]+){0,5}|\p{L}+ing(?:\s+[^\s:]+){1,5}):`,
  "iu",
);

/**
 * `Failed to delete action`, `❌ Unable to retrieve a summary.`, `Could not determine the branch`, `Cannot rename ...`,
 * `Access denied: ...`, `Permission denied`: a text that opens (after decoration) by saying the tool could not do its
 * work. `Failures: 0` and `Failed tests: 2` do not: the words must be followed by what could not be done.
 */
const FAILURE_START = new RegExp(
  String.raw`^${DECORATION}(?:(?:failed to|unable to|could ?n[o']t|cannot|can't)\s+\p{L}|(?:access|permission) denied\b)`,
  "iu",
);

/** A static prefix opens by saying the tool could not do its work (`FAILURE_START`). */
export function opensWithFailure(prefix: Pick<StaticPrefix, "text">): boolean {
  return FAILURE_START.test(prefix.text);
}

/** Words that name a failure: `Could not list`, `Cannot read`, `Unable to`, `Failed`, `timed out`, `unreachable`. */
const FAILURE_WORDS =
  /\b(?:could ?n[o']t|cannot|can't|unable|fail(?:ed|ure|s)?|errors?|invalid|denied|refused|timed? ?out|unreachable|unavailable)\b/iu;

/**
 * The text names a failure in the written parts of its first line (`` `Could not list ${dir}` ``), on some branch.
 * `"Queue is empty (queue file does not exist)"` does not: a `catch` that answers it may be a probe whose miss is a
 * normal answer. Nor does a document whose later lines use such a word (a bundled fallback's "success and error cases").
 */
export function namesFailure(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return firstLineSays(text, FAILURE_WORDS, sourceCode);
}

/**
 * Words that say something the tool needs is absent: `Event ID is required`, `Actor 'scraper' not found`,
 * `PLATFORM_TOKEN is not set`, `Either flagId or flagKey must be provided`, `The branch does not exist`, `Document
 * storage not available`, `Plugin not connected`, `You are not authenticated` (credentials), `Not logged in`, `OAuth
 * credentials not set`, and a first line opening with what is missing or asking for it (`Missing 'config_name'. Example:
 * ...`, `Provide a full artifact, or policy_parameters + output_payload`). `No
 * results found`, `No missing variables`, `3 slots available` and `2 missing` do not: an empty answer is an answer.
 */
const ABSENCE_WORDS = new RegExp(
  String.raw`\b(?:not found|do(?:es)?\s*n[o']t exist|(?:is|are) (?:required|missing)|missing required|must be (?:provided|specified|given|set)|(?:must|please) (?:provide|specify|supply)|(?:is|are) not configured|not (?:set|configured|available|connected|authenticated|logged in))\b|^${DECORATION}(?:missing|provide|specify)\s+[\p{L}"'\u0060]`,
  "iu",
);

/**
 * A first line that opens with "No": an empty answer, whatever it adds (`No hover documentation found or LSIF data not
 * available for this file.`).
 */
const EMPTY_ANSWER = new RegExp(String.raw`^${DECORATION}no\s`, "iu");

/**
 * The text says, in the written parts of its first line, that something the tool needs is absent (`ABSENCE_WORDS`),
 * and does not open as an empty answer (`EMPTY_ANSWER`).
 */
export function namesAbsence(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return firstLineSays(text, ABSENCE_WORDS, sourceCode, EMPTY_ANSWER);
}

/**
 * A first line that opens by rejecting the tool's input: `Invalid color. Valid options: ...`, `Unknown operation
 * "export"`, `Unsupported format: tiff`, `Unrecognized region`. `Invalidated 3 caches` and `Unknowns: 2` do not.
 */
const REJECTED_INPUT = new RegExp(
  String.raw`^${DECORATION}(?:invalid|unknown|unsupported|unrecogni[sz]ed)\s+[\p{L}"'\u0060\u2018\u201c]`,
  "iu",
);

/** The text opens, in the written parts of its first line, by rejecting the tool's input (`REJECTED_INPUT`), on some branch. */
export function rejectsInput(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return firstLineSays(text, REJECTED_INPUT, sourceCode);
}

/**
 * A state that a status check may report either way, named negated: `Not connected to Strava`, `not logged in`,
 * `Invalid signature` (a validator's verdict beside `Valid signature`), and what an existence check may find missing:
 * `Image not found in Fly.io registry`, `The branch does not exist` (beside `Image exists in Fly.io registry`).
 */
const NEGATED_STATE = /\bnot (connected|authenticated|logged in|configured)\b|\bin(valid)\b|\bnot found\b|\bdo(?:es)?\s*n[o']t exist\b/iu;

/**
 * What the words of an existence check's answer that something is there say: `exists`, `exist`; not `already exists`,
 * a create tool's failure.
 */
const EXISTENCE = String.raw`(?<!already\s)exists?`;

/**
 * The state the text's first line says is not there (`NEGATED_STATE`), on some branch, as the words that say it is:
 * `connected`, and for what is not found or does not exist, that it exists (`EXISTENCE`).
 */
export function negatedState(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string | undefined {
  for (const branch of textBranches(text, sourceCode)) {
    const line = writtenFirstLine(branch, sourceCode);
    const match = line === undefined ? undefined : NEGATED_STATE.exec(line);
    if (!match) continue;
    // A group that did not take part in the match is undefined, which `RegExpExecArray`'s type leaves out.
    const [, state, valid] = match as readonly (string | undefined)[];
    return (state ?? valid)?.toLowerCase() ?? EXISTENCE;
  }
  return undefined;
}

/** The text's first line says `state` is there (`Connected to Strava as ${name}`, `Image exists`), not that it is not. */
export function statesPositively(text: TSESTree.Node, state: string, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return firstLineSays(text, new RegExp(`(?<!\\bnot\\s)\\b${state}\\b`, "iu"), sourceCode);
}

/** On some branch, the written parts of the text's first line match `words` (and not `unless`). */
function firstLineSays(text: TSESTree.Node, words: RegExp, sourceCode: Readonly<TSESLint.SourceCode>, unless?: RegExp): boolean {
  return textBranches(text, sourceCode).some((branch) => {
    const line = writtenFirstLine(branch, sourceCode);
    return line !== undefined && words.test(line) && !(unless?.test(line) ?? false);
  });
}

/** The written parts of one branch's first line (a template's quasis joined), where it has written parts. */
function writtenFirstLine(branch: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string | undefined {
  const node = unwrapExpression(branch);
  const written =
    node.type === AST_NODE_TYPES.TemplateLiteral
      ? node.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ")
      : staticPrefix(node, sourceCode)?.text;
  return written?.trimStart().split("\n", 1)[0];
}

/**
 * The text is the JSON of an object whose `error` is written text (`JSON.stringify({ error: "Document not found", path
 * })`; the JSON, its object, or the `error`'s text, also through a constant bound to it: `const errorMsg = \`File not found at path:
 * ${filePath}\``), or a value the branch it is answered in found there (`if (error) return ... JSON.stringify({ error
 * })`, `if (result.error)` and `{ error: result.error }`), or that says `success: false` or `ok: false`: it reports a
 * failure. An `error` of `null`, or one computed from data, does not say so.
 */
export function isJsonErrorText(branch: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const object = jsonOfObject(boundValue(branch, sourceCode), sourceCode);
  return object !== undefined && reportsFailureAsData(object, branch, sourceCode);
}

/**
 * The object, whose JSON is a text (`isJsonErrorText`) answered at `branch`, reports a failure: its `error` is written
 * text or what the branch found, or it says `success: false` or `ok: false`.
 */
export function reportsFailureAsData(
  object: TSESTree.ObjectExpression,
  branch: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (saysItFailed(object)) return true;
  const error = findProperty(object, "error");
  if (!error) return false;
  if (isFoundByBranch(error.value, branch, sourceCode)) return true;
  const value = boundValue(error.value, sourceCode);
  const written =
    (value.type === AST_NODE_TYPES.Literal && typeof value.value === "string") || value.type === AST_NODE_TYPES.TemplateLiteral;
  return written && !isEmptyText(value, sourceCode);
}

/**
 * `value` (a name or a member: `error`, `result.error`) is what the test of an `if` around `node`, in the same function,
 * found there: `if (error)`, `if (result.error && !retry)`.
 */
function isFoundByBranch(value: TSESTree.Node, node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const found = unwrapExpression(value);
  if (found.type !== AST_NODE_TYPES.Identifier && found.type !== AST_NODE_TYPES.MemberExpression) return false;
  const written = sourceCode.getText(found);
  const tests = (test: TSESTree.Node): boolean => {
    const tested = unwrapExpression(test);
    if (tested.type === AST_NODE_TYPES.LogicalExpression && tested.operator === "&&") return tests(tested.left) || tests(tested.right);
    return (
      (tested.type === AST_NODE_TYPES.Identifier || tested.type === AST_NODE_TYPES.MemberExpression) &&
      sourceCode.getText(tested) === written
    );
  };
  return ifTaken(node, (test, consequent) => consequent && tests(test)) !== undefined;
}

/**
 * `JSON.stringify({ ... })` of an object that has an `error` of any value, or says `success: false` or `ok: false`: a
 * failure reported in JSON (`JSON.stringify({ success: false, error: error.message })`).
 */
export function isJsonFailureReport(expression: TSESTree.Node): boolean {
  const object = jsonOfObject(expression);
  return object !== undefined && (findProperty(object, "error") !== undefined || saysItFailed(object));
}

/**
 * `JSON.stringify(...)` of data built from a caught error (`JSON.stringify(formatErrorResponse(error), null, 2)`, `{
 * message: err.message }`): the JSON of the failure a `catch` caught.
 */
export function isJsonOfCaughtError(expression: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const node = unwrapExpression(expression);
  if (node.type !== AST_NODE_TYPES.CallExpression || !isJsonStringify(node.callee)) return false;
  const data = node.arguments.at(0);
  return (
    data !== undefined &&
    someNode(data, sourceCode.visitorKeys, (child) => child.type === AST_NODE_TYPES.Identifier && isCaughtError(child, sourceCode))
  );
}

/**
 * `{ success: false, ... }` or `{ ok: false, ... }`: an outcome that says in so many words that it failed, in JSON or in
 * a tool result's own properties.
 */
export function saysItFailed(object: TSESTree.ObjectExpression): boolean {
  return ["success", "ok"].some((name) => {
    const flag = findProperty(object, name);
    const value = flag && unwrapExpression(flag.value);
    return value?.type === AST_NODE_TYPES.Literal && value.value === false;
  });
}

/** `{ status: "error", message }`: data whose written status says it failed. */
export function statesErrorStatus(object: TSESTree.ObjectExpression): boolean {
  const status = findProperty(object, "status");
  const value = status && unwrapExpression(status.value);
  return value?.type === AST_NODE_TYPES.Literal && value.value === "error";
}

/** The expression, or the value a constant of the file it names is bound to. */
function boundValue(expression: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node {
  const node = unwrapExpression(expression);
  return node.type === AST_NODE_TYPES.Identifier ? unwrapExpression(singleValueOf(node, sourceCode)?.value ?? node) : node;
}

/**
 * `JSON.stringify(verdict)` of an object that states a verdict in a boolean besides `success` and `ok` (`{ symbol,
 * isValid: false, exists: false, reason }`, also through constants): a check's answer, which its `catch` may give
 * when the lookup failed. Whether that is the tool's failure or its answer only the author can tell.
 */
export function statesVerdict(text: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const object = jsonOfObject(boundValue(text, sourceCode), sourceCode);
  return (
    object !== undefined &&
    object.properties.some((property) => {
      if (property.type !== AST_NODE_TYPES.Property || property.computed) return false;
      const name = propertyName(property);
      const value = unwrapExpression(property.value);
      return name !== "success" && name !== "ok" && value.type === AST_NODE_TYPES.Literal && value.value === false;
    })
  );
}

/**
 * A start that is the word `Error` and its colon, and nothing else: what a plain `Error`'s own text starts with. A rule
 * tests a text's static start with it before it asks `caughtErrorAfterErrorWord`, which most texts need not be asked.
 */
export const ERROR_WORD_ONLY = /^\s*error:\s*$/iu;

/** A caught error written into a text, where that writes it whole: `error`, `String(error)`, `error.toString()`. */
function renderedCaughtError(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Identifier | undefined {
  const value = unwrapExpression(node);
  if (isCaughtError(value, sourceCode)) return value;
  if (value.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrapExpression(value.callee);
  if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "String" && value.arguments.length === 1) {
    const argument = unwrapExpression(value.arguments[0]);
    return isCaughtError(argument, sourceCode) ? argument : undefined;
  }
  if (callee.type !== AST_NODE_TYPES.MemberExpression || value.arguments.length > 0 || propertyName(callee) !== "toString")
    return undefined;
  const object = unwrapExpression(callee.object);
  return isCaughtError(object, sourceCode) ? object : undefined;
}

/**
 * A caught error written whole right after the word `Error:` that starts a text (`` `Error: ${error}` ``, `` `Error:
 * ${String(error)}` ``), or, with `added`, the prefix a helper puts before its message, as that message's start
 * (`error(String(e))`): a plain `Error` writes itself as `Error: <message>`, so the text reads `Error: Error: ...`.
 */
export function caughtErrorAfterErrorWord(
  text: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  added?: string,
): { written: TSESTree.Node; caught: TSESTree.Identifier } | undefined {
  const node = unwrapExpression(text);
  const template = node.type === AST_NODE_TYPES.TemplateLiteral ? node : undefined;
  const start = template?.quasis[0]?.value.cooked;
  let written: TSESTree.Node | undefined;
  if (added === undefined) written = typeof start === "string" && ERROR_WORD_ONLY.test(start) ? template?.expressions[0] : undefined;
  else if (ERROR_WORD_ONLY.test(added)) written = template ? (start === "" ? template.expressions[0] : undefined) : node;
  const caught = written && renderedCaughtError(written, sourceCode);
  return written && caught && !onlyForNonErrors(written, caught) ? { written, caught } : undefined;
}

/**
 * `written` runs only where the caught error is no `Error`, which alone writes itself as `Error: <message>`: the other
 * branch of `err instanceof Error ? err.message : String(err)`, or code that an `if (err instanceof Error)` whose branch
 * leaves hands the rest (`if (err instanceof Error) return fail(err.message); return fail(String(err))`).
 */
function onlyForNonErrors(written: TSESTree.Node, caught: TSESTree.Identifier): boolean {
  const nonError = (test: TSESTree.Node, holds: boolean): boolean => {
    const verdict = testsForError(test, caught.name);
    return verdict !== undefined && verdict !== holds;
  };
  for (let child = written, parent = written.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== child && nonError(parent.test, parent.consequent === child))
      return true;
  }
  return ifTaken(written, (test, consequent) => nonError(test, consequent)) !== undefined;
}

/** `true` for `<name> instanceof Error`, `false` for its negation `!(<name> instanceof Error)`, else undefined. */
function testsForError(test: TSESTree.Node, name: string): boolean | undefined {
  const node = unwrapExpression(test);
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
    const inner = testsForError(node.argument, name);
    return inner === undefined ? undefined : !inner;
  }
  if (node.type !== AST_NODE_TYPES.BinaryExpression || node.operator !== "instanceof") return undefined;
  const left = unwrapExpression(node.left);
  const right = unwrapExpression(node.right);
  return left.type === AST_NODE_TYPES.Identifier && left.name === name && right.type === AST_NODE_TYPES.Identifier && right.name === "Error"
    ? true
    : undefined;
}

/**
 * The text is written as the JSON of an object (`JSON.stringify({ error: message, code })`, directly or through a
 * constant, of an object literal or of a constant bound to one): it starts with `{`, never with a prefix.
 */
export function isJsonObjectText(branch: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return jsonOfObject(boundValue(branch, sourceCode), sourceCode) !== undefined;
}

/**
 * The object literal of `JSON.stringify({ ... })`, with `sourceCode` also one a constant holds (`const errorResponse = {
 * error: ... }; JSON.stringify(errorResponse)`); undefined for any other expression.
 */
function jsonOfObject(expression: TSESTree.Node, sourceCode?: Readonly<TSESLint.SourceCode>): TSESTree.ObjectExpression | undefined {
  const node = unwrapExpression(expression);
  if (node.type !== AST_NODE_TYPES.CallExpression || !isJsonStringify(node.callee)) return undefined;
  const data = node.arguments.at(0);
  const object = data && (sourceCode ? boundValue(data, sourceCode) : unwrapExpression(data));
  return object?.type === AST_NODE_TYPES.ObjectExpression ? object : undefined;
}

/** `JSON.stringify`. */
export function isJsonStringify(callee: TSESTree.Node): boolean {
  const node = unwrapExpression(callee);
  if (node.type !== AST_NODE_TYPES.MemberExpression || propertyName(node) !== "stringify") return false;
  const object = unwrapExpression(node.object);
  return object.type === AST_NODE_TYPES.Identifier && object.name === "JSON";
}

/**
 * A static prefix reads as an error text: the configured prefix or an accepted one (or a variant of them), the word
 * `error` and a separator (or an error's label in another language, `LOCALIZED_ERROR_WORD`), the word and what failed
 * (`Error fetching report:`), or a match of `errorTextPattern`.
 */
export function isErrorText(prefix: Pick<StaticPrefix, "text" | "shape">, settings: McpSettings): boolean {
  const { text } = prefix;
  return (
    ERROR_WORD.test(text) ||
    LOCALIZED_ERROR_WORD.test(text) ||
    ERROR_DOING.test(prefix.shape) ||
    prefixChecker(settings.errorPrefix, settings.acceptedErrorPrefixes).startsWithAccepted(text) ||
    (settings.errorTextPattern?.test(text) ?? false)
  );
}
