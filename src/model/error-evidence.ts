import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  childNodes,
  constDeclaratorOf,
  constVariableOf,
  contains,
  declaredName,
  findProperty,
  type FunctionNode,
  ifTaken,
  isFunctionNode,
  isNullish,
  outerParent,
  propertyName,
  readReferences,
  returnedValues,
  singleValueOf,
  unwrapExpression,
  unwrapOptionalChain,
} from "../util/ast.js";
import { lastAnswer } from "../util/last-answer.js";
import type { McpContext } from "./context.js";
import {
  isErrorText,
  isJsonErrorText,
  namesAbsence,
  namesFailure,
  negatedState,
  opensWithFailure,
  rejectsInput,
  saysItFailed,
  staticPrefix,
  statesPositively,
  textBranches,
} from "./error-text.js";
import { enclosingFunction } from "./estree-tree.js";
import { answersOnlyWithToolResults, isErrorResult, type ToolResult, toolResult } from "./tool-results.js";
import type { McpSettings } from "./settings.js";
import { rejectionHandlerIndex } from "./throw-semantics.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Why a result is an error result: it describes the failure on a `catch` path that reads the error it caught, or
 * whose text names a failure (`catch`); it answers on a path that never reads the error with a text that names none
 * (`quietCatch`: the `catch` may be a probe whose miss is a normal answer, `catch { return "Queue is empty" }`); it
 * describes, in tool code, why the input failed validation (`invalidInput`: `if (!parsed.success) return ...`); its
 * text reads as an error; it says, where a value is missing, that something the tool needs is absent (`absence`: `if
 * (!args.eventId) return ... "Event ID is required"`); in tool code, it says so in a flag of its own (`failureFlag`: `{
 * success: false, message, content }`, `ok: false`).
 */
export type ErrorEvidence =
  "catch" | "errorBuilder" | "namedErrorBuilder" | "quietCatch" | "invalidInput" | "absence" | "failureFlag" | "text";

/** Where a value leaves a function: a `return` argument, or an arrow function's expression body. */
export interface ReturnSite {
  fn: FunctionNode;
  /** The `return` statement; undefined for an arrow body. */
  statement: TSESTree.ReturnStatement | undefined;
}

/** The function `node` is returned from, looking through `as`/`satisfies` and conditional branches. */
export function returnSite(node: TSESTree.Node): ReturnSite | undefined {
  let { child, parent } = outerParent(node);
  while (parent?.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== child) {
    ({ child, parent } = outerParent(parent));
  }
  if (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === child) {
    return { fn: parent, statement: undefined };
  }
  if (parent?.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  for (let current: TSESTree.Node | undefined = parent.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return { fn: current, statement: parent };
  }
  return undefined;
}

/** The promise call `fn` handles rejections for: `p.catch(fn)` or `p.then(ok, fn)`. */
export function rejectionCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const { child, parent } = outerParent(fn);
  if (parent?.type !== AST_NODE_TYPES.CallExpression || parent.callee.type !== AST_NODE_TYPES.MemberExpression) {
    return undefined;
  }
  const index = parent.arguments.indexOf(child as TSESTree.CallExpressionArgument);
  return index !== -1 && index === rejectionHandlerIndex(propertyName(parent.callee)) ? parent : undefined;
}

/**
 * A failure path (a `catch` clause, or a function whose first parameter holds the error), and what makes it tool
 * code's: it is in tool code (`toolCode`), in a function that answers only with tool results (`toolAnswers`, see
 * `answersOnlyWithToolResults`), or it is an error builder (`errorBuilder`, see `errorBuilderPath`).
 */
interface FailurePath {
  node: TSESTree.CatchClause | FunctionNode;
  of: "toolCode" | "toolAnswers" | "errorBuilder";
}

/**
 * Where a returned value is on a failure path of tool code: the `catch` clause, or the rejection
 * callback (`.catch(cb)`, `.then(ok, cb)`). Undefined when it is not.
 */
function failurePath(site: ReturnSite, mcp: McpContext): FailurePath | undefined {
  const clause = site.statement && failureClause(site.statement, site.fn);
  if (clause) {
    const of = answerOwner(clause, site.fn, mcp);
    return of && { node: clause, of };
  }
  const call = rejectionCall(site.fn);
  return call !== undefined && mcp.handlers.isInToolCode(call) ? { node: site.fn, of: "toolCode" } : undefined;
}

/**
 * Whose answer `node` (in `fn`) is: tool code's (`isInToolCode`), or a function's that answers only with tool results
 * wherever it is registered (`answersOnlyWithToolResults`); undefined for any other code.
 */
function answerOwner(node: TSESTree.Node, fn: FunctionNode, mcp: McpContext): "toolCode" | "toolAnswers" | undefined {
  if (mcp.handlers.isInToolCode(node)) return "toolCode";
  return answersOnlyWithToolResults(fn, mcp.sourceCode) ? "toolAnswers" : undefined;
}

/**
 * The `catch` clause whose failure `node` (a statement of `fn`) answers: the nearest one around it, unless a `try` block
 * inside that clause holds `node` (`catch { try { return ok } ... }`: that block's returns are its success path).
 */
export function failureClause(node: TSESTree.Node, fn: FunctionNode): TSESTree.CatchClause | undefined {
  for (let child = node, current = node.parent; current && current !== fn; child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause) return current;
    if (current.type === AST_NODE_TYPES.TryStatement && current.block === child) return undefined;
  }
  return undefined;
}

/**
 * The failure path a result leaves through: returned from it directly, or bound to a `const` that
 * the same function returns there (`const result = { content }; return result;`).
 */
function failurePathOf(result: ToolResult, mcp: McpContext, sourceCode: SourceCode): FailurePath | undefined {
  const site = returnSite(result.node);
  if (site) return failurePath(site, mcp) ?? errorBuilderPath(site.fn, mcp, sourceCode);
  const variable = constVariableOf(result.node, sourceCode);
  for (const { identifier } of variable ? readReferences(variable) : []) {
    const returned = returnSite(identifier);
    const path =
      returned && contains(returned.fn, result.node) && (failurePath(returned, mcp) ?? errorBuilderPath(returned.fn, mcp, sourceCode));
    if (path) return path;
  }
  return undefined;
}

/**
 * A function of the file that only builds the answers to caught failures (`function handleError(error, tool) { ...
 * return { content: [...] } }`): not exported, and every reference to it a call that a failure path of tool code
 * returns, handing it the caught error first (`catch (error) { return handleError(error, name); }`). What it returns
 * is on those paths, its first parameter holding the error (as a rejection callback's does). Undefined for any other
 * function. Asked for each result a function returns: answered once.
 */
const errorBuilderPath = lastAnswer((fn: FunctionNode, mcp: McpContext, sourceCode: SourceCode): FailurePath | undefined => {
  const declaration = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : constDeclaratorOf(fn)?.parent;
  const name = declaredName(fn);
  if (!declaration || name === undefined || fn.params.length === 0) return undefined;
  const holder = declaration.parent.type;
  if (holder === AST_NODE_TYPES.ExportNamedDeclaration || holder === AST_NODE_TYPES.ExportDefaultDeclaration) return undefined;
  const variable = sourceCode.getDeclaredVariables(declaration).find((candidate) => candidate.name === name);
  const reads = variable ? readReferences(variable) : [];
  const answersCaughtFailure = ({ identifier }: TSESLint.Scope.Reference): boolean => {
    const { child, parent: call } = outerParent(identifier);
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== child) return false;
    const error = call.arguments.at(0);
    const site = returnSite(call);
    const path = site && failurePath(site, mcp);
    if (!error || !path) return false;
    return readsAnyOf(error, caughtErrorVariables(path.node, sourceCode));
  };
  return reads.length > 0 && reads.every(answersCaughtFailure) ? { node: fn, of: "errorBuilder" } : undefined;
});

/**
 * The variables that hold the caught error on a failure path: the `catch` parameter (or the
 * rejection callback's), and the variables declared there from them (`const message = err.message`). Asked several
 * times about the same path (the text, the composed message, the first line): answered once.
 */
const caughtErrorVariables = lastAnswer(findCaughtErrorVariables);

function findCaughtErrorVariables(path: TSESTree.CatchClause | FunctionNode, sourceCode: SourceCode): Set<TSESLint.Scope.Variable> {
  const parameter = path.type === AST_NODE_TYPES.CatchClause ? path.param : path.params[0];
  return withDerivedVariables(
    parameter ? sourceCode.getDeclaredVariables(path).filter((variable) => variable.defs.some((def) => contains(parameter, def.name))) : [],
    path.body,
    sourceCode,
  );
}

/** `variables`, and the variables declared in `body` from them (`const message = err.message`), through any chain. */
function withDerivedVariables(
  variables: Iterable<TSESLint.Scope.Variable>,
  body: TSESTree.Node,
  sourceCode: SourceCode,
): Set<TSESLint.Scope.Variable> {
  const found = new Set(variables);
  for (const variable of found) {
    for (const { identifier } of readReferences(variable)) {
      let declarator: TSESTree.Node | undefined = identifier.parent;
      while (declarator && declarator !== body && declarator.type !== AST_NODE_TYPES.VariableDeclarator) declarator = declarator.parent;
      if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || !declarator.init || !contains(declarator.init, identifier)) continue;
      for (const derived of sourceCode.getDeclaredVariables(declarator)) found.add(derived);
    }
  }
  return found;
}

/**
 * `{ error: message }` given in a `catch` whose error its `error` reads (the caught error, or a variable the clause
 * declares from it: `caughtErrorVariables`): the data of the failure the clause caught, which a builder of the JSON of
 * its data (`textJson({ error: message })`) sends as a success.
 */
export function reportsCaughtFailureAsData(object: TSESTree.ObjectExpression, sourceCode: SourceCode): boolean {
  const error = findProperty(object, "error");
  const fn = error && enclosingFunction(object);
  const clause = fn && failureClause(object, fn);
  return error !== undefined && clause !== undefined && readsAnyOf(error.value, caughtErrorVariables(clause, sourceCode));
}

/** `node` reads one of `variables` (`` `Could not list: ${error.message}` `` reads `error`). */
function readsAnyOf(node: TSESTree.Node, variables: Iterable<TSESLint.Scope.Variable>): boolean {
  for (const variable of variables) if (variable.references.some(({ identifier }) => contains(node, identifier))) return true;
  return false;
}

/**
 * A result on a failure path reports the failure unless it is a fallback: its text is computed data
 * (a call, a variable) that does not use the caught error. A string or template literal written
 * there describes the failure; so does a text built from the error.
 */
function reportsFailure(result: ToolResult, path: TSESTree.CatchClause | FunctionNode, sourceCode: SourceCode): boolean {
  const { text } = result;
  if (!text) return true;
  const described = textBranches(text, sourceCode).some(
    (branch) => staticPrefix(branch, sourceCode) !== undefined || isWrittenText(branch),
  );
  if (described) return true;
  const errors = caughtErrorVariables(path, sourceCode);
  const readsError = (node: TSESTree.Node): boolean => readsAnyOf(node, errors);
  return readsError(text) || isComposedMessage(text, path, sourceCode, readsError);
}

/**
 * The text is a variable that the failure path declares and gives only written text or the caught error, in whatever
 * branches: `let message = "Failed to stop the session"; if (error instanceof Error) message = \`...${error.message}\``.
 */
function isComposedMessage(
  text: TSESTree.Node,
  path: TSESTree.CatchClause | FunctionNode,
  sourceCode: SourceCode,
  readsError: (node: TSESTree.Node) => boolean,
): boolean {
  const node = unwrapExpression(text);
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = ASTUtils.findVariable(sourceCode.getScope(node), node);
  const definition = variable?.defs.at(0);
  if (!variable || definition?.type !== TSESLint.Scope.DefinitionType.Variable || !contains(path, definition.node)) return false;
  const values = variable.references.flatMap(({ writeExpr }) => (writeExpr ? [writeExpr] : []));
  return values.length > 0 && values.every((value) => isWrittenText(unwrapExpression(value)) || readsError(value));
}

/** A literal text, or one with a literal in it: `` `${count} files skipped` ``, `label + ": unavailable"`. */
function isWrittenText(branch: TSESTree.Node): boolean {
  if (branch.type === AST_NODE_TYPES.TemplateLiteral) return branch.quasis.some((quasi) => quasi.value.cooked !== "");
  if (branch.type === AST_NODE_TYPES.Literal) return typeof branch.value === "string";
  return (
    branch.type === AST_NODE_TYPES.BinaryExpression &&
    branch.operator === "+" &&
    (isWrittenText(branch.left) || isWrittenText(branch.right))
  );
}

/** Methods whose result says whether the input passed a schema: zod's (and valibot's) `safeParse`. */
export const SAFE_PARSE_METHODS: ReadonlySet<string> = new Set(["safeParse", "safeParseAsync"]);

/** The `if` around a `return` statement whose branch holding it `taken` says is taken (`ifTaken`); none for an arrow body. */
function branchTaken(
  site: ReturnSite,
  taken: (test: TSESTree.Expression, consequent: boolean) => boolean,
): TSESTree.IfStatement | undefined {
  return site.statement && ifTaken(site.statement, taken);
}

/** `!parsed.success`, `parsed.success === false` (or `==`), for a `safeParse` result. */
function isFailedValidation(test: TSESTree.Expression, sourceCode: SourceCode): boolean {
  const node = unwrapExpression(test);
  let success: TSESTree.Node | undefined;
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") success = node.argument;
  else if (node.type === AST_NODE_TYPES.BinaryExpression && (node.operator === "===" || node.operator === "==")) {
    const isFalse = (side: TSESTree.Node): boolean => {
      const value = unwrapExpression(side);
      return value.type === AST_NODE_TYPES.Literal && value.value === false;
    };
    success = isFalse(node.right) ? node.left : isFalse(node.left) ? node.right : undefined;
  }
  const member = success && unwrapExpression(success);
  if (member?.type !== AST_NODE_TYPES.MemberExpression || propertyName(member) !== "success") return false;
  let value = unwrapExpression(member.object);
  if (value.type === AST_NODE_TYPES.Identifier) {
    const bound = singleValueOf(value, sourceCode);
    value = bound ? unwrapExpression(bound.value) : value;
  }
  if (value.type === AST_NODE_TYPES.AwaitExpression) value = unwrapExpression(value.argument);
  return value.type === AST_NODE_TYPES.CallExpression && SAFE_PARSE_METHODS.has(calleeName(value.callee) ?? "");
}

/**
 * A result's text reads as an error: a branch of it opens as an error text (`isErrorText`), is JSON that says it
 * failed, or opens with a failure (`Failed to ...`) where the result does not also answer in data.
 */
export function readsAsErrorText(
  text: TSESTree.Node,
  sourceCode: SourceCode,
  settings: McpSettings,
  answersInData: () => boolean,
): boolean {
  return textBranches(text, sourceCode).some((branch) => {
    const prefix = staticPrefix(branch, sourceCode);
    if (prefix === undefined) return isJsonErrorText(branch, sourceCode);
    return isErrorText(prefix, settings) || (opensWithFailure(prefix) && !answersInData());
  });
}

/**
 * Why `result` (which has no `isError: true`) is an error result, or undefined when nothing says so.
 * Asked by several rules about the same result in turn: answered once.
 */
export const errorEvidence = lastAnswer(findErrorEvidence);

function findErrorEvidence(result: ToolResult, mcp: McpContext, sourceCode: SourceCode): ErrorEvidence | undefined {
  if (isErrorResult(result, sourceCode)) return undefined;
  const path = failurePathOf(result, mcp, sourceCode);
  const { text } = result;
  // A result that also answers in data may open with "Could not deduce the schema" to explain an empty answer, or say
  // that what was asked for is absent.
  const answersInData = (): boolean => findProperty(result.node, "structuredContent") !== undefined;
  // Asked on several paths below: read once.
  let textReadsAsError: boolean | undefined;
  const readsAsError = (): boolean =>
    (textReadsAsError ??= text !== undefined && readsAsErrorText(text, sourceCode, mcp.settings, answersInData));
  // A `catch` that answers with what a fallback fetched is a success, whatever its data says of the failure.
  if (path?.node.type === AST_NODE_TYPES.CatchClause && text && answersWithFallback(text, path.node, sourceCode, mcp.settings))
    return undefined;
  if (path && reportsFailure(result, path.node, sourceCode)) {
    // A follow-up step's answer built from what the work before it produced is that work's partial success
    // (`${summary(obs)}\n\n*Explanation unavailable: ${error.message}*`), unless its first line names the failure or
    // quotes the error.
    if (
      text &&
      answersWithEarlierWork(text, path.node, sourceCode) &&
      !readsAsError() &&
      !namesFailure(text, sourceCode) &&
      !firstLineReadsError(text, path.node, sourceCode)
    )
      return undefined;
    if (text === undefined || readsAsError() || describesCaughtFailure(result, text, path.node, sourceCode))
      return path.of === "errorBuilder" ? "errorBuilder" : "catch";
    // Only tool code's own `catch` may be a quiet one: elsewhere a quiet answer may be any fallback.
    if (path.of === "toolCode") return "quietCatch";
    return readsAsError() ? "text" : undefined;
  }
  if (!path && isInvalidInputAnswer(result, mcp, sourceCode)) return "invalidInput";
  if (saysItFailed(result.node) && mcp.handlers.isInToolCode(result.node)) return "failureFlag";
  if (readsAsError()) return "text";
  if (!path && isNamedErrorBuilderResult(result)) return "namedErrorBuilder";
  // "Payout details not found" beside `structuredContent: { data: null }`: the data answers that there is none.
  return !path && !answersInData() && isAbsenceAnswer(result, mcp, sourceCode) ? "absence" : undefined;
}

/**
 * The name of a function that builds the answer to a failure: `createErrorResponse`, `toolError`, `errorResult`,
 * `buildToolErrorReply`, `mcpError`.
 */
const ERROR_BUILDER_NAME =
  /^(?:(?:create|make|build|format|to|new)(?:Mcp|Tool)?Error|(?:mcp|tool)?error|(?:mcp|tool)Error)(?:Response|Result|Reply|Content)?$/u;

/**
 * The result is what a function named as an error result's builder (`ERROR_BUILDER_NAME`) returns from what it is given,
 * with a text item (`function createErrorResponse({ message }) { return { content: [{ type: "text", text: message }] };
 * }`): every failure the project answers through it is sent as a success.
 */
function isNamedErrorBuilderResult(result: ToolResult): boolean {
  // A text item: an object whose `content` holds other data (`{ status: "Error", content: pages }`) is no tool result.
  if (result.text === undefined) return false;
  const site = returnSite(result.node);
  const name = site && declaredName(site.fn);
  return site !== undefined && site.fn.params.length > 0 && name !== undefined && ERROR_BUILDER_NAME.test(name);
}

/**
 * A result on a failure path describes the failure it caught: the path reads the error (or the text names a failure),
 * and the result is no answer the code chose. Two are: a branch for one kind of error whose text names no failure
 * (`if (message.includes("already booted")) return { ... "Simulator is already booted" }`), and a probe's verdict, a
 * `catch` that never reads its error beside a `try` that answers with a constant text too (`try { new URL(value);
 * return "valid" } catch { return "invalid" }`).
 */
function describesCaughtFailure(
  result: ToolResult,
  text: TSESTree.Node,
  path: TSESTree.CatchClause | FunctionNode,
  sourceCode: SourceCode,
): boolean {
  const errors = caughtErrorVariables(path, sourceCode);
  const reads = (node: TSESTree.Node): boolean => readsAnyOf(node, errors);
  const namesIt = namesFailure(text, sourceCode);
  // `catch (error) { log(error); ... }` reads the error it caught; `catch { ... }` does not.
  if (![...errors].some((variable) => readReferences(variable).length > 0))
    return namesIt && !(path.type === AST_NODE_TYPES.CatchClause && answersWithConstantText(path.parent.block, sourceCode));
  return namesIt || reads(text) || (!inBranchOnError(result.node, path, reads) && !isFollowUpStep(path));
}

/**
 * A `catch` of a `try` that runs inside another `try` block of the function: a follow-up step's failure after the work
 * before it succeeded (`const report = await create(); try { await poll(report) } catch (e) { return "Report created;
 * rendering not finished" }`), whose answer may be the partial success.
 */
function isFollowUpStep(path: TSESTree.CatchClause | FunctionNode): boolean {
  return path.type === AST_NODE_TYPES.CatchClause && workBeforeStep(path) !== undefined;
}

/**
 * Of a follow-up step's `catch` (see `isFollowUpStep`), the statements of the outer `try` block that ran before the
 * step; undefined for any other `catch`.
 */
function workBeforeStep(clause: TSESTree.CatchClause): TSESTree.Statement[] | undefined {
  let step: TSESTree.Node = clause.parent;
  let child: TSESTree.Node = clause.parent;
  for (let parent: TSESTree.Node | undefined = child.parent; parent && !isFunctionNode(parent); parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.TryStatement && parent.block === child) {
      const index = parent.block.body.indexOf(step as TSESTree.Statement);
      return parent.block.body.slice(0, Math.max(index, 0));
    }
    step = child;
    child = parent;
  }
  return undefined;
}

/**
 * The first line of the text reads the caught error: an interpolation before the template's first line break, or,
 * for a text of another kind, anywhere.
 */
function firstLineReadsError(text: TSESTree.Node, path: TSESTree.CatchClause | FunctionNode, sourceCode: SourceCode): boolean {
  const errors = caughtErrorVariables(path, sourceCode);
  const reads = (node: TSESTree.Node): boolean => readsAnyOf(node, errors);
  const node = unwrapExpression(text);
  if (node.type !== AST_NODE_TYPES.TemplateLiteral) return reads(node);
  for (const [index, quasi] of node.quasis.entries()) {
    if ((quasi.value.cooked ?? "").includes("\n")) return false;
    const expression = node.expressions.at(index);
    if (expression && reads(expression)) return true;
  }
  return false;
}

/** The text of a follow-up step's answer reads a variable that the work before the step declared (`obs`). */
function answersWithEarlierWork(text: TSESTree.Node, path: TSESTree.CatchClause | FunctionNode, sourceCode: SourceCode): boolean {
  const earlier = path.type === AST_NODE_TYPES.CatchClause ? workBeforeStep(path) : undefined;
  return (earlier ?? []).some(
    (statement) => statement.type === AST_NODE_TYPES.VariableDeclaration && readsAnyOf(text, sourceCode.getDeclaredVariables(statement)),
  );
}

/**
 * A `catch` that recovers: it fetches its answer anew (`const result = await generateWith(fallback, prompt)`, an awaited
 * call given nothing of the caught error) and answers with text built from what it got, whose written start does not
 * read as an error. The caught error may still be mentioned in that data (a `warnings` list, an `error` note beside the
 * data): the answer is the fallback's success.
 */
function answersWithFallback(text: TSESTree.Node, clause: TSESTree.CatchClause, sourceCode: SourceCode, settings: McpSettings): boolean {
  const errors = caughtErrorVariables(clause, sourceCode);
  const fetched: TSESLint.Scope.Variable[] = [];
  const pending: TSESTree.Node[] = [clause.body];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (isFunctionNode(node)) continue;
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.init) {
      const value = unwrapExpression(node.init);
      const call = value.type === AST_NODE_TYPES.AwaitExpression ? unwrapExpression(value.argument) : undefined;
      if (call?.type === AST_NODE_TYPES.CallExpression && !readsAnyOf(call, errors)) fetched.push(...sourceCode.getDeclaredVariables(node));
      continue;
    }
    pending.push(...childNodes(node, sourceCode.visitorKeys));
  }
  if (fetched.length === 0 || !readsAnyOf(text, withDerivedVariables(fetched, clause.body, sourceCode))) return false;
  return textBranches(text, sourceCode).every((branch) => {
    const prefix = staticPrefix(branch, sourceCode);
    return prefix === undefined || !(isErrorText(prefix, settings) || opensWithFailure(prefix) || namesFailure(branch, sourceCode));
  });
}

/** `node` lies in a branch of the failure path taken on a test of the caught error (`if (error instanceof X)`). */
function inBranchOnError(node: TSESTree.Node, path: TSESTree.CatchClause | FunctionNode, reads: (test: TSESTree.Node) => boolean): boolean {
  for (let child = node, parent = node.parent; parent && parent !== path; child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test !== child && reads(parent.test)) return true;
  }
  return false;
}

/** A `try` block returns a tool result whose text is a complete constant (`return { content: [{ type: "text", text: "valid" }] }`). */
function answersWithConstantText(block: TSESTree.BlockStatement, sourceCode: SourceCode): boolean {
  const pending: TSESTree.Node[] = [block];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (isFunctionNode(node)) continue;
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (node.argument && isFixedWordsResult(node.argument, sourceCode)) return true;
      continue;
    }
    pending.push(...childNodes(node, sourceCode.visitorKeys));
  }
  return false;
}

/**
 * A result of tool code returned where the input failed validation (`if (!parsed.success)` of a `safeParse`), whose
 * written text says why; or, where a check of the input failed (`if (color && !COLORS.includes(color))`, `if (!run)`
 * after a lookup, `if (!isValidAccession(id))`), a text that rejects it (`rejectsInput`: `Invalid color. Valid options:
 * ...`), in tool code or a function that answers only with tool results, unless the tool is a validator whose verdict
 * that is (`isStatusCheck`: `Valid signature` beside `Invalid signature`).
 */
function isInvalidInputAnswer(result: ToolResult, mcp: McpContext, sourceCode: SourceCode): boolean {
  const site = returnSite(result.node);
  if (!site) return false;
  const { text } = result;
  const validation = branchTaken(site, (test, consequent) => consequent && isFailedValidation(test, sourceCode));
  if (validation)
    return (
      mcp.handlers.isInToolCode(validation) &&
      (text === undefined ||
        textBranches(text, sourceCode).some((part) => staticPrefix(part, sourceCode) !== undefined || isWrittenText(part)))
    );
  // The branch first, as for an absence: most results stand in no such `if`.
  if (!text) return false;
  const check = branchTaken(site, (test, consequent) => (consequent ? isAbsenceTest(test) : isPresenceTest(test)));
  return (
    check !== undefined &&
    rejectsInput(text, sourceCode) &&
    answerOwner(check, site.fn, mcp) !== undefined &&
    !isStatusCheck(site.fn, result.node, text, sourceCode)
  );
}

/**
 * A result returned where something the tool needs is absent, saying so in written text: in the branch of an `if` taken
 * when a value is missing (`if (!args.eventId)`, `if (!actor)`, `if (token === undefined || token === "")`), a text
 * such as `Event ID is required` or `` `Actor ${id} not found` `` (`namesAbsence`). In tool code, or in a function that
 * answers only with tool results (a handler module of another file's table). `if (!results.length) return "No results
 * found"` is an empty answer, not a failure: its text names no absence.
 */
function isAbsenceAnswer(result: ToolResult, mcp: McpContext, sourceCode: SourceCode): boolean {
  const { text } = result;
  const site = text && returnSite(result.node);
  if (!site) return false;
  // The branch first: most results stand in no such `if`, and the walk up to the function is the cheapest question.
  const branch = branchTaken(site, (test, consequent) => (consequent ? isAbsenceTest(test) : isPresenceTest(test)));
  if (branch === undefined) return isAbsentBranchText(text, sourceCode) && answerOwner(text, site.fn, mcp) !== undefined;
  return (
    namesAbsence(text, sourceCode) &&
    answerOwner(branch, site.fn, mcp) !== undefined &&
    !isStatusCheck(site.fn, result.node, text, sourceCode)
  );
}

/**
 * A text that is a conditional on a value whose branch taken where it is missing says so (`result ? \`Moved
 * ${name}\` : \`Object ${name} not found\``, `absentBranch`), unless the other branch says the state it negates is
 * there (`exists ? "Image exists" : "Image not found"`: an existence check's verdict).
 */
function isAbsentBranchText(text: TSESTree.Node, sourceCode: SourceCode): boolean {
  const node = unwrapExpression(text);
  if (node.type !== AST_NODE_TYPES.ConditionalExpression) return false;
  const absent = absentBranch(node);
  if (!absent || !namesAbsence(absent, sourceCode)) return false;
  const state = negatedState(absent, sourceCode);
  const other = absent === node.consequent ? node.alternate : node.consequent;
  return state === undefined || !statesPositively(other, state, sourceCode);
}

/** The branch of a conditional taken where the value its test reads is missing: `b` of `page ? a : b`, `a` of `!page ? a : b`. */
function absentBranch(conditional: TSESTree.ConditionalExpression): TSESTree.Expression | undefined {
  if (isAbsenceTest(conditional.test)) return conditional.consequent;
  return isPresenceTest(conditional.test) ? conditional.alternate : undefined;
}

/**
 * `fn` is a status check whose missing value is one of its verdicts: its other answers are fixed words
 * (`answersOnlyInWords`), or one of them says the state the absence negates (`answersBothStates`).
 */
function isStatusCheck(fn: FunctionNode, result: TSESTree.ObjectExpression, text: TSESTree.Node, sourceCode: SourceCode): boolean {
  return answersOnlyInWords(fn, result, sourceCode) || answersBothStates(fn, result, text, sourceCode);
}

/**
 * A status check that answers a state both ways: beside `Not connected to Strava`, another answer of `fn` says
 * `Connected to Strava as ${athlete}` (`negatedState`, `statesPositively`). Its "not connected" is a verdict, not a
 * failure.
 */
function answersBothStates(fn: FunctionNode, result: TSESTree.ObjectExpression, text: TSESTree.Node, sourceCode: SourceCode): boolean {
  const state = negatedState(text, sourceCode);
  if (state === undefined) return false;
  return returnedValues(fn, sourceCode.visitorKeys).some((value) => {
    const answer = unwrapExpression(value);
    const other = answer !== result && answer.type === AST_NODE_TYPES.ObjectExpression ? toolResult(answer)?.text : undefined;
    return other !== undefined && statesPositively(other, state, sourceCode);
  });
}

/**
 * Every answer of `fn` but `result` is a tool result whose text is a complete constant: a status check whose verdicts
 * are fixed words (`if (!tokens) return "Not authenticated"; return "Authenticated and ready"`), where a missing value is
 * one of the answers. A tool that does work answers with data, or reports its failures in a text it builds.
 */
function answersOnlyInWords(fn: FunctionNode, result: TSESTree.ObjectExpression, sourceCode: SourceCode): boolean {
  const others = returnedValues(fn, sourceCode.visitorKeys).filter((value) => unwrapExpression(value) !== result);
  return others.length > 0 && others.every((value) => isFixedWordsResult(value, sourceCode));
}

/** A tool result written where it is returned whose text is a complete constant (`{ content: [{ type: "text", text: "valid" }] }`). */
function isFixedWordsResult(value: TSESTree.Node, sourceCode: SourceCode): boolean {
  const answer = unwrapExpression(value);
  const text = answer.type === AST_NODE_TYPES.ObjectExpression ? toolResult(answer)?.text : undefined;
  return text !== undefined && staticPrefix(text, sourceCode)?.complete === true;
}

/**
 * True when the test holds where a value is there, so that its `else` is taken where it is missing: `if (session)`,
 * `if (sessions.has(id))`, `if (value !== undefined)`, `if (!!value)`, or such tests joined by `&&`.
 */
function isPresenceTest(test: TSESTree.Node): boolean {
  // `if (device?.id)`: the optional chain tests what it reads.
  const node = unwrapOptionalChain(test);
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.MemberExpression:
    case AST_NODE_TYPES.CallExpression:
      return true;
    case AST_NODE_TYPES.UnaryExpression:
      return node.operator === "!" && isAbsenceTest(node.argument);
    case AST_NODE_TYPES.LogicalExpression:
      return node.operator === "&&" && isPresenceTest(node.left) && isPresenceTest(node.right);
    case AST_NODE_TYPES.BinaryExpression:
      return (node.operator === "!==" || node.operator === "!=") && (isNullish(node.left) || isNullish(node.right));
    default:
      return false;
  }
}

/**
 * True when the test holds where a value is missing: `!value`, `value === undefined` (or `null`, `""`, `==`), `typeof
 * value === "undefined"`, `typeof value !== "string"`, `value.length === 0`, or such tests joined by `||` or `&&`.
 */
function isAbsenceTest(test: TSESTree.Node): boolean {
  const node = unwrapExpression(test);
  if (node.type === AST_NODE_TYPES.UnaryExpression) return node.operator === "!";
  if (node.type === AST_NODE_TYPES.LogicalExpression) return isAbsenceTest(node.left) || isAbsenceTest(node.right);
  if (node.type !== AST_NODE_TYPES.BinaryExpression) return false;
  const sides = [unwrapExpression(node.left), unwrapExpression(node.right)];
  const literal = (value: unknown): boolean => sides.some((side) => side.type === AST_NODE_TYPES.Literal && side.value === value);
  // `typeof value !== "string"`: not of the type the tool needs; `typeof value !== "undefined"` is the opposite.
  if (node.operator === "!==" || node.operator === "!=")
    return sides.some((side) => side.type === AST_NODE_TYPES.UnaryExpression && side.operator === "typeof") && !literal("undefined");
  if (node.operator !== "===" && node.operator !== "==") return false;
  return sides.some(isNullish) || literal("undefined") || literal("") || literal(0);
}

/**
 * `result` is an error result: by its own word (`isError: true`, or marked later with `result.isError = true`)
 * or, when it has no `isError` of its own and spreads nothing, by evidence. `isError: someFlag` decides at run time.
 */
export function isErrorResultOrByEvidence(result: ToolResult, mcp: McpContext, sourceCode: SourceCode): boolean {
  if (isErrorResult(result, sourceCode)) return true;
  return result.isError === undefined && !result.hasSpread && errorEvidence(result, mcp, sourceCode) !== undefined;
}

/**
 * A text that is a conditional of which one branch reads as an error and the other does not (`isConnected ?
 * "Connected to Photoshop" : "Failed to connect to Photoshop"`): its test, and the branch that fails. The result is an
 * error only where that branch is taken.
 */
export function conditionalFailure(
  text: TSESTree.Node,
  sourceCode: SourceCode,
  settings: McpSettings,
): { test: TSESTree.Expression; failing: "consequent" | "alternate" } | undefined {
  const node = unwrapExpression(text);
  if (node.type !== AST_NODE_TYPES.ConditionalExpression) return undefined;
  // The branch taken where the tested value is missing fails too where it says so (`isAbsentBranchText`).
  const absent = isAbsentBranchText(node, sourceCode) ? absentBranch(node) : undefined;
  const fails = (branch: TSESTree.Node): boolean => branch === absent || readsAsErrorText(branch, sourceCode, settings, () => false);
  const [consequent, alternate] = [fails(node.consequent), fails(node.alternate)];
  if (consequent === alternate) return undefined;
  return { test: node.test, failing: consequent ? "consequent" : "alternate" };
}
