import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calledFunction,
  constDeclaratorOf,
  declaredName,
  type FunctionNode,
  classMethodOf,
  membersNamed,
  onObjectWithProperty,
  outerParent,
  propertyName,
  returnedValues,
  unwrapExpression,
} from "../util/ast.js";
import { nodeAt } from "../util/node-at.js";
import { readsOf } from "../util/references.js";
import { methodReads } from "../util/method-reads.js";
import type { ErrorHelper, McpSettings } from "./settings.js";
import { crossFileErrorHelper } from "./typescript/error-helpers.js";
import type { TypedServices } from "./typescript/services.js";
import { isJsonStringify, textBranches } from "./error-text.js";
import { enclosingFunction, instanceReads } from "./estree-tree.js";
import { hasIsErrorTrue, type ToolResult, toolResult } from "./tool-results.js";

/**
 * The error helpers one file calls: those named in `settings.errorHelpers`, and functions declared in
 * the file that return `{ content: [{ type: "text", text: <parameter> }], isError: true }`.
 * One instance per file and settings object (see `getMcpContext`); `helperFor` is the single entry point.
 */
export class ErrorHelpers {
  private readonly detected = new Map<FunctionNode, ErrorHelper | null>();
  private readonly plainBuilders = new Map<FunctionNode, PlainResultBuilder | null>();
  /** A plain result builder was noted (`notePlainResult`): a field, so that a file with none asks for no calls. */
  hasPlainBuilders = false;
  /** Names of the file's functions that are error helpers: a cheap test before a scope lookup. */
  private helperNames: Set<string> | undefined;
  private helperCalls: readonly { call: TSESTree.CallExpression; helper: ErrorHelper }[] | undefined;
  private lastNoted: TSESTree.ObjectExpression | undefined;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly settings: McpSettings,
    private readonly typed: TypedServices | undefined,
  ) {}

  /** A call may name a helper the file does not declare: one of the settings, or (with types) of another file. */
  get callsNameHelpers(): boolean {
    return this.typed !== undefined || this.settings.errorHelpers.length > 0;
  }

  /** `object`, met in the traversal, may be the result that makes the function around it an error helper. */
  noteResultObject(object: TSESTree.ObjectExpression): void {
    // Each rule that looks for helper calls notes the same objects in turn.
    if (object === this.lastNoted) return;
    this.lastNoted = object;
    const fn = enclosingFunction(object);
    const name = fn && calledName(fn);
    if (!fn || name === undefined || this.detected.has(fn) || !isHelperResultAt(object, fn, name)) return;
    this.detected.set(fn, detectHelper(fn, name, this.sourceCode.visitorKeys) ?? null);
  }

  /**
   * The calls of the file's own helpers (`noteResultObject`, or the text search), from the references
   * of each helper's name: the calls `helperFor` answers for them. Asked at the end of the traversal,
   * when every result has been noted, and read once for all the rules that ask.
   */
  declaredHelperCalls(): readonly { call: TSESTree.CallExpression; helper: ErrorHelper }[] {
    this.helperCalls ??= this.callsByName(this.detected, buildsErrorResult);
    return this.helperCalls;
  }

  /**
   * The calls, from the references of each one's name, of the functions `found` has a helper for (error helper or
   * plain result builder), with that helper; only those `keep` keeps, when given.
   */
  private callsByName<T>(
    found: ReadonlyMap<FunctionNode, T | null>,
    keep?: (call: TSESTree.CallExpression, helper: T) => boolean,
  ): { call: TSESTree.CallExpression; helper: T }[] {
    const calls: { call: TSESTree.CallExpression; helper: T }[] = [];
    for (const [fn, helper] of found) {
      if (helper === null) continue;
      for (const callee of calleesOf(fn, this.sourceCode)) {
        const { child, parent } = outerParent(callee);
        if (parent?.type !== AST_NODE_TYPES.CallExpression || parent.callee !== child) continue;
        if (!keep || keep(parent, helper)) calls.push({ call: parent, helper });
      }
    }
    return calls;
  }

  /** The error helper `call` calls, if it calls one. */
  helperFor(call: TSESTree.CallExpression): ErrorHelper | undefined {
    // With type information, helpers declared in other files of the program are seen too.
    const helper = this.configuredHelper(call) ?? this.detectedHelper(call) ?? (this.typed && crossFileErrorHelper(this.typed, call));
    return helper && buildsErrorResult(call, helper) ? helper : undefined;
  }

  /**
   * `result`, met in the traversal without `isError`, may be what a plain result builder of the file answers: a
   * function whose every answer is a result it never marks as an error, its text one of its parameters
   * (`const textResult = (text: string) => ({ content: [{ type: "text", text }] })`). A failure given to one goes out
   * as a success.
   */
  notePlainResult(result: ToolResult): void {
    if (!result.text || result.hasSpread) return;
    const fn = enclosingFunction(result.node);
    if (!fn || this.plainBuilders.has(fn) || calledName(fn) === undefined) return;
    const builder =
      textParameter(result.text, fn.params.map(parameterName)) !== undefined
        ? detectPlainBuilder(fn, this.sourceCode.visitorKeys)
        : undefined;
    this.plainBuilders.set(fn, builder ?? null);
    if (builder) this.hasPlainBuilders = true;
  }

  /** The calls of the plain result builders noted (`notePlainResult`), from the references of their names: asked at the end of the traversal. */
  plainBuilderCalls(): { call: TSESTree.CallExpression; helper: PlainResultBuilder }[] {
    return this.callsByName(this.plainBuilders);
  }

  /** The message argument of an error helper call (not a spread), if the call has one. */
  messageOf(call: TSESTree.CallExpression, helper: ErrorHelper): TSESTree.Expression | undefined {
    const argument = call.arguments.at(helper.messageArgument);
    return argument && argument.type !== AST_NODE_TYPES.SpreadElement ? argument : undefined;
  }

  /**
   * A configured name matches `name(...)`, `this.name(...)` (a base class's helper) or the whole
   * dotted callee (`"results.error"`): never just the last member, or `console.error` would match "error".
   */
  private configuredHelper(call: TSESTree.CallExpression): ErrorHelper | undefined {
    if (this.settings.errorHelpers.length === 0) return undefined;
    const callee = dottedName(call.callee);
    if (callee === undefined) return undefined;
    return this.settings.errorHelpers.find(({ name }) => callee === name || callee === `this.${name}`);
  }

  private detectedHelper(call: TSESTree.CallExpression): ErrorHelper | undefined {
    const callee = unwrapExpression(call.callee);
    // `errorResult(...)`, `this.errorResult(...)`, or `ToolResults.fail(...)` of a class's static method.
    let name: string | undefined;
    if (callee.type === AST_NODE_TYPES.Identifier) name = callee.name;
    else if (callee.type === AST_NODE_TYPES.MemberExpression) {
      const object = unwrapExpression(callee.object).type;
      if (object === AST_NODE_TYPES.ThisExpression || object === AST_NODE_TYPES.Identifier) name = propertyName(callee);
    }
    if (name === undefined || !this.declaredHelperNames().has(name)) return undefined;
    const fn = calledFunction(callee, this.sourceCode);
    return (fn && this.detected.get(fn)) ?? undefined;
  }

  /**
   * The names of the functions the file declares that are error helpers. A helper's result says
   * `isError: true`, so only the functions around an `isError` of the text are read, each once.
   */
  private declaredHelperNames(): Set<string> {
    if (!this.helperNames) {
      this.helperNames = new Set();
      const { text } = this.sourceCode;
      let node: TSESTree.Node | undefined;
      for (let at = text.indexOf("isError"); at !== -1; at = text.indexOf("isError", at + 1)) {
        // The node at the offset, found by descending the tree: no walk of it, and no scope analysis (which oxlint builds on demand).
        node = nodeAt(this.sourceCode, at, node);
        const fn = node && enclosingFunction(node);
        const name = fn && calledName(fn);
        if (!node || !fn || name === undefined) continue;
        // A function a rule's traversal noted already (`noteResultObject`) is read from `detected`: its name counts too.
        let helper = this.detected.get(fn);
        if (helper === undefined) {
          if (!isHelperResultAt(node, fn, name)) continue;
          helper = detectHelper(fn, name, this.sourceCode.visitorKeys) ?? null;
          this.detected.set(fn, helper);
        }
        if (helper) this.helperNames.add(name);
      }
    }
    return this.helperNames;
  }
}

/**
 * Listeners that call `listener` for each call of an error helper in the file. Where a call may name a
 * helper the file does not declare, every call is asked (`helperFor`). Otherwise only the file's own
 * helpers can be called: each is found from the result with `isError` that makes it one, met in the
 * traversal, and its calls at the end from the references of its name. No call is listened to and the
 * text is not searched, which is most of what finding helpers cost. The rule spreads these listeners
 * beside its own, so it listens to neither `Program:exit` nor an `isError` property itself.
 */
export function onErrorHelperCall(
  helpers: ErrorHelpers,
  listener: (call: TSESTree.CallExpression, helper: ErrorHelper) => void,
): TSESLint.RuleListener {
  if (helpers.callsNameHelpers) {
    return {
      CallExpression(node: TSESTree.CallExpression) {
        const helper = helpers.helperFor(node);
        if (helper) listener(node, helper);
      },
    };
  }
  return {
    ...onObjectWithProperty("isError", (object) => {
      helpers.noteResultObject(object);
    }),
    "Program:exit"() {
      for (const { call, helper } of helpers.declaredHelperCalls()) listener(call, helper);
    },
  };
}

/**
 * The name a call of `fn` uses: a function declaration's or its `const`'s (`errorResult(...)`), or an instance
 * method's (`this.errorResult(...)` in its class).
 */
function calledName(fn: FunctionNode): string | undefined {
  return declaredName(fn) ?? classMethodOf(fn)?.name;
}

/**
 * What names `fn` in the file's calls of it: the reads of its declared name, or the `this.<name>` members of its class,
 * and of an instance method the `<instance>.<name>` members of variables holding only instances of it (`instanceReads`).
 */
function calleesOf(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.Node[] {
  const declaration = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : constDeclaratorOf(fn);
  if (declaration?.id) return readsOf(declaration, declaration.id, sourceCode);
  const method = classMethodOf(fn);
  if (!method) return [];
  const reads = methodReads(method, sourceCode);
  return method.isStatic ? reads : [...reads, ...membersNamed(instanceReads(method.classBody, sourceCode), method.name)];
}

/** `name`, `a.b.name` or `this.name`, for a callee made only of non-computed members. */
function dottedName(callee: TSESTree.Node): string | undefined {
  const node = unwrapExpression(callee);
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (node.type === AST_NODE_TYPES.ThisExpression) return "this";
  if (node.type !== AST_NODE_TYPES.MemberExpression || node.computed || node.property.type !== AST_NODE_TYPES.Identifier) {
    return undefined;
  }
  const object = dottedName(node.object);
  return object === undefined ? undefined : `${object}.${node.property.name}`;
}

/** A function that builds a result it never marks as an error from one of its parameters. */
export interface PlainResultBuilder {
  /** The index of the argument that becomes the text. */
  messageArgument: number;
  /** The text is that argument's JSON (`text: JSON.stringify(data, null, 2)`), not the argument itself. */
  json: boolean;
}

/** The parameter a result's text is, itself or as its JSON (`JSON.stringify(data, null, 2)`), of `parameters`. */
function textParameter(text: TSESTree.Node, parameters: readonly (string | undefined)[]): { index: number; json: boolean } | undefined {
  let node: TSESTree.Node | undefined = unwrapExpression(text);
  const json = node.type === AST_NODE_TYPES.CallExpression && isJsonStringify(node.callee);
  if (node.type === AST_NODE_TYPES.CallExpression && json) node = node.arguments.at(0);
  const index = node?.type === AST_NODE_TYPES.Identifier ? parameters.indexOf(node.name) : -1;
  return index === -1 ? undefined : { index, json };
}

function detectPlainBuilder(fn: FunctionNode, visitorKeys: TSESLint.SourceCode.VisitorKeys): PlainResultBuilder | undefined {
  const parameters = fn.params.map(parameterName);
  let found: PlainResultBuilder | undefined;
  for (const returned of returnedValues(fn, visitorKeys)) {
    const value = unwrapExpression(returned);
    const result = value.type === AST_NODE_TYPES.ObjectExpression ? toolResult(value) : undefined;
    if (!result?.text || result.isError || result.hasSpread) return undefined;
    const text = textParameter(result.text, parameters);
    if (!text || (found && (text.index !== found.messageArgument || text.json !== found.json))) return undefined;
    found = { messageArgument: text.index, json: text.json };
  }
  return found;
}

/**
 * A helper that builds either outcome (`isError: failed`, `failed` its parameter) builds an error result only in
 * the calls that say so with a written `true`.
 */
function buildsErrorResult(call: TSESTree.CallExpression, helper: ErrorHelper): boolean {
  if (helper.failureArgument === undefined) return true;
  const argument = call.arguments.at(helper.failureArgument);
  const value = argument && argument.type !== AST_NODE_TYPES.SpreadElement ? unwrapExpression(argument) : undefined;
  return value?.type === AST_NODE_TYPES.Literal && value.value === true;
}

/**
 * `fn` as an error helper: one of its returned results has `isError: true` (or `isError: <parameter>`) and a
 * text that is a parameter (`text: message`) or a fixed prefix and a parameter (`` text: `Error: ${message}` ``).
 */
function detectHelper(fn: FunctionNode, name: string, visitorKeys: TSESLint.SourceCode.VisitorKeys): ErrorHelper | undefined {
  const parameters = fn.params.map(parameterName);
  for (const returned of returnedValues(fn, visitorKeys)) {
    for (const branch of textBranches(returned)) {
      if (branch.type !== AST_NODE_TYPES.ObjectExpression) continue;
      const result = toolResult(branch);
      const helper = result && helperResult(result, parameters, name);
      if (helper) return helper;
    }
  }
  return undefined;
}

/**
 * Whether the object around an `isError` of the text is a result an error helper `fn` could return:
 * `isError: true` (or a parameter) and a parameter as its text. Every helper's result holds such an `isError`,
 * so a function none of whose `isError`s passes is no helper, and its returns need no walk.
 */
function isHelperResultAt(node: TSESTree.Node, fn: FunctionNode, name: string): boolean {
  let object: TSESTree.Node | undefined = node;
  while (object && object !== fn && object.type !== AST_NODE_TYPES.ObjectExpression) object = object.parent;
  const result = object?.type === AST_NODE_TYPES.ObjectExpression ? toolResult(object) : undefined;
  return result !== undefined && helperResult(result, fn.params.map(parameterName), name) !== undefined;
}

/** The helper a function with these parameters is when it returns `result`. */
function helperResult(result: ToolResult, parameters: readonly (string | undefined)[], name: string): ErrorHelper | undefined {
  if (!result.text || !result.isError) return undefined;
  let failureArgument: number | undefined;
  if (!hasIsErrorTrue(result)) {
    const isError = unwrapExpression(result.isError.value);
    failureArgument = isError.type === AST_NODE_TYPES.Identifier ? parameters.indexOf(isError.name) : -1;
    if (failureArgument === -1) return undefined;
  }
  const helper = helperText(unwrapExpression(result.text), parameters, name);
  return helper && helper.messageArgument !== failureArgument ? { ...helper, failureArgument } : undefined;
}

function helperText(
  text: TSESTree.Node,
  parameters: readonly (string | undefined)[],
  name: string,
): Omit<ErrorHelper, "failureArgument"> | undefined {
  const argumentIndex = (node: TSESTree.Node | undefined): number => {
    const inner = node && unwrapExpression(node);
    return inner?.type === AST_NODE_TYPES.Identifier ? parameters.indexOf(inner.name) : -1;
  };
  const direct = argumentIndex(text);
  if (direct !== -1) return { name, messageArgument: direct, addedPrefix: undefined };
  if (text.type !== AST_NODE_TYPES.TemplateLiteral || text.expressions.length !== 1) return undefined;
  const [head, tail] = text.quasis.map((quasi) => quasi.value.cooked);
  const index = argumentIndex(text.expressions[0]);
  return index !== -1 && head && tail === "" ? { name, messageArgument: index, addedPrefix: head } : undefined;
}

function parameterName(parameter: TSESTree.Parameter): string | undefined {
  const target = parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
  return target.type === AST_NODE_TYPES.Identifier ? target.name : undefined;
}
