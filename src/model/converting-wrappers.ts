import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calledFunction,
  contains,
  declaredFunction,
  enclosingCatch,
  type FunctionNode,
  isFunctionNode,
  outerParent,
  parameterReads,
  propertyName,
  returnedValues,
  tryAround,
  unwrapExpression,
} from "../util/ast.js";
import { isErrorCallbackParameter, isGuardedCall, wrapperCatchesThrows, type WrapperFacts } from "./handler-shapes.js";
import { enclosingFunction } from "./estree-tree.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * How a wrapper declared in this file (`safe(async (args) => ...)`, or a method of the class around the call:
 * `this.registerTool(tool, cb)`) uses the function given as argument `argumentIndex`. Undefined when the wrapper is
 * not declared here, null when that argument is not one of its plain parameters.
 */
function wrapperParameterFacts(
  call: TSESTree.CallExpression,
  argumentIndex: number,
  sourceCode: SourceCode,
  isErrorAnswer: (value: TSESTree.Expression) => boolean,
): WrapperFacts | null | undefined {
  // Asked twice per argument looked through (does the wrapper catch, is the argument its error reporter): read once per
  // file model, which `isErrorAnswer` stands for.
  let byCall = factsCache.get(isErrorAnswer);
  if (!byCall) factsCache.set(isErrorAnswer, (byCall = new WeakMap()));
  let byArgument = byCall.get(call);
  if (!byArgument) byCall.set(call, (byArgument = new Map<number, WrapperFacts | null | undefined>()));
  if (!byArgument.has(argumentIndex)) {
    // A wrapper that hands its parameter on to itself asks of its own call: no answer meanwhile.
    byArgument.set(argumentIndex, null);
    byArgument.set(argumentIndex, readWrapperParameterFacts(call, argumentIndex, sourceCode, isErrorAnswer));
  }
  return byArgument.get(argumentIndex);
}

const factsCache = new WeakMap<object, WeakMap<TSESTree.CallExpression, Map<number, WrapperFacts | null | undefined>>>();

function readWrapperParameterFacts(
  call: TSESTree.CallExpression,
  argumentIndex: number,
  sourceCode: SourceCode,
  isErrorAnswer: (value: TSESTree.Expression) => boolean,
): WrapperFacts | null | undefined {
  const wrapper = calledFunction(unwrapExpression(call.callee), sourceCode);
  if (!wrapper) return undefined;
  const parameter = wrapper.params.at(argumentIndex);
  if (parameter?.type !== AST_NODE_TYPES.Identifier) return null;
  const answersAtCall = (value: TSESTree.Expression): boolean =>
    isErrorAnswer(value) || answersThroughCallback(value, wrapper, call, sourceCode, isErrorAnswer);
  const inGuardedCallback = (parameterCall: TSESTree.CallExpression): boolean => {
    const given = enclosingFunction(parameterCall);
    const { child, parent } = given && given !== wrapper ? outerParent(given) : { child: undefined, parent: undefined };
    if (parent?.type !== AST_NODE_TYPES.CallExpression || !contains(wrapper, parent)) return false;
    const index = parent.arguments.indexOf(child as TSESTree.CallExpressionArgument);
    return index !== -1 && catchingWrapperCall(parent, index, sourceCode, isErrorAnswer) === true;
  };
  return handedOnFacts(parameterReads(wrapper, parameter, sourceCode), () => wrapper, answersAtCall, inGuardedCallback);
}

/**
 * `catch (error) { return onError(error); }` in a wrapper, `onError` another of its parameters: an error result when
 * what this call gives for it answers only with error results (`guarded(() => work(args), (error) => failure(error))`).
 */
function answersThroughCallback(
  value: TSESTree.Expression,
  wrapper: FunctionNode,
  call: TSESTree.CallExpression,
  sourceCode: SourceCode,
  isErrorAnswer: (value: TSESTree.Expression) => boolean,
): boolean {
  let answer = unwrapExpression(value);
  if (answer.type === AST_NODE_TYPES.AwaitExpression) answer = unwrapExpression(answer.argument);
  if (answer.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrapExpression(answer.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier) return false;
  const index = wrapper.params.findIndex((parameter) => parameter.type === AST_NODE_TYPES.Identifier && parameter.name === callee.name);
  const parameter = wrapper.params.at(index);
  if (parameter?.type !== AST_NODE_TYPES.Identifier || !parameterReads(wrapper, parameter, sourceCode).includes(callee)) return false;
  const given = call.arguments.at(index);
  const argument = given && unwrapExpression(given);
  const callback = isFunctionNode(argument)
    ? argument
    : argument?.type === AST_NODE_TYPES.Identifier
      ? declaredFunction(argument, sourceCode)
      : undefined;
  const values = callback ? returnedValues(callback, sourceCode.visitorKeys) : [];
  return values.length > 0 && values.every((returned) => isErrorAnswer(returned as TSESTree.Expression));
}

/**
 * The ESTree adapter of `wrapperCatchesThrows`: whether `call` calls a wrapper declared in this file that calls the
 * function given as argument `argumentIndex` only inside a `try` whose `catch` returns an error result. Undefined
 * when the wrapper is not declared here.
 */
export function catchingWrapperCall(
  call: TSESTree.CallExpression,
  argumentIndex: number,
  sourceCode: SourceCode,
  isErrorAnswer: (value: TSESTree.Expression) => boolean,
): boolean | undefined {
  const facts = wrapperParameterFacts(call, argumentIndex, sourceCode, isErrorAnswer);
  return facts === undefined ? undefined : facts !== null && wrapperCatchesThrows(facts);
}

/** The ESTree adapter of `isErrorCallbackParameter`: argument `argumentIndex` is the error reporter of a wrapper declared in this file. */
export function isErrorCallbackArgument(
  call: TSESTree.CallExpression,
  argumentIndex: number,
  sourceCode: SourceCode,
  isErrorAnswer: (value: TSESTree.Expression) => boolean,
): boolean {
  const facts = wrapperParameterFacts(call, argumentIndex, sourceCode, isErrorAnswer);
  return facts !== undefined && facts !== null && isErrorCallbackParameter(facts);
}

/**
 * How a function handed on is used, from its reads: a wrapper's parameter, or a table entry's handler in a loop over
 * the table (`tool.handler`). Each call's guard is looked for inside `boundaryOf(call)`.
 */
export function handedOnFacts(
  reads: readonly TSESTree.Node[],
  boundaryOf: (call: TSESTree.CallExpression) => TSESTree.Node,
  isErrorAnswer: (value: TSESTree.Expression) => boolean,
  inGuardedCallback?: (call: TSESTree.CallExpression) => boolean,
): WrapperFacts {
  const uses = reads.map(useOf);
  const calls = uses.filter((use) => use !== "read" && use !== "escapes");
  return {
    guardedCalls: calls.map((call) => {
      const guard = tryAround(call, boundaryOf(call));
      return isGuardedCall({
        inGuardedCallback: inGuardedCallback?.(call),
        inTry: guard !== undefined,
        catchReturnsErrorResult:
          guard?.handler?.body.body.some(
            (statement) =>
              statement.type === AST_NODE_TYPES.ReturnStatement && statement.argument !== null && isErrorAnswer(statement.argument),
          ) ?? false,
      });
    }),
    callsInCatch: calls.filter((call) => enclosingCatch(call, boundaryOf(call)) !== undefined).length,
    parameterEscapes: uses.includes("escapes"),
  };
}

/**
 * How a wrapper uses a read of its parameter (or a loop a read of an entry's handler): calls it (`handler(args)`,
 * `handler.call(this, args)`, `handler.apply(...)`), reads a property of it (`handler.name`), or lets it escape.
 */
function useOf(read: TSESTree.Node): TSESTree.CallExpression | "read" | "escapes" {
  const { child, parent } = outerParent(read);
  if (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === child) return parent;
  if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== child) return "escapes";
  const name = propertyName(parent);
  const call = parent.parent;
  if ((name === "call" || name === "apply") && call.type === AST_NODE_TYPES.CallExpression && call.callee === parent) return call;
  return "read";
}
