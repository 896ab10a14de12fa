import type ts from "typescript";
import {
  isConvertingWrapper,
  isErrorCallbackParameter,
  isGuardedCall,
  wrapperCatchesThrows,
  type WrapperFacts,
} from "../handler-shapes.js";
import type { McpSettings } from "../settings.js";
import { calleeLastName, returnedValuesTs } from "./resolve.js";
import { isErrorAnswerTs } from "./tool-results.js";
import { enclosingTsFunction } from "./ts-tree.js";
import {
  containsTs,
  descendants,
  enclosingCatchTs,
  functionOfDeclaration,
  outerTs,
  resolvedSymbol,
  symbolNode,
  tryAround,
  type TsFunction,
  unwrapTs,
} from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/**
 * How a wrapper declared in the project (`safe(async (args) => ...)`, imported or not) uses the function given as
 * argument `argumentIndex`. Undefined when the wrapper's body is not in the project (a package's, a `.d.ts`), null
 * when that argument is not one of its plain parameters.
 */
function wrapperParameterFactsTs(
  checker: ts.TypeChecker,
  node: ts.Node,
  argumentIndex: number,
  settings: McpSettings,
): WrapperFacts | null | undefined {
  // Asked twice per argument looked through (does the wrapper catch, is the argument its error reporter): read once.
  let byCall = factsCache.get(settings);
  if (!byCall) factsCache.set(settings, (byCall = new WeakMap()));
  let byArgument = byCall.get(node);
  if (!byArgument) byCall.set(node, (byArgument = new Map<number, WrapperFacts | null | undefined>()));
  if (!byArgument.has(argumentIndex)) {
    // A wrapper that hands its parameter on to itself asks of its own call: no answer meanwhile.
    byArgument.set(argumentIndex, null);
    byArgument.set(argumentIndex, readWrapperParameterFactsTs(checker, node, argumentIndex, settings));
  }
  return byArgument.get(argumentIndex);
}

const factsCache = new WeakMap<McpSettings, WeakMap<ts.Node, Map<number, WrapperFacts | null | undefined>>>();

function readWrapperParameterFactsTs(
  checker: ts.TypeChecker,
  node: ts.Node,
  argumentIndex: number,
  settings: McpSettings,
): WrapperFacts | null | undefined {
  if (!typescript.isCallExpression(node)) return undefined;
  const name = symbolNode(node.expression);
  const declaration = name && resolvedSymbol(checker, name)?.valueDeclaration;
  const wrapper = declaration && functionOfDeclaration(declaration);
  if (!wrapper?.body || wrapper.getSourceFile().isDeclarationFile) return undefined;
  const parameter = wrapper.parameters.at(argumentIndex);
  const symbol = parameter && typescript.isIdentifier(parameter.name) ? checker.getSymbolAtLocation(parameter.name) : undefined;
  if (!symbol) return null;
  const reads: ts.Identifier[] = [];
  for (const read of descendants(wrapper.body)) {
    if (typescript.isIdentifier(read) && symbolOfRead(checker, read) === symbol) reads.push(read);
  }
  const answersAtCall = (value: ts.Expression): boolean =>
    isErrorAnswerTs(value, settings, checker) || answersThroughCallbackTs(checker, value, wrapper, node, settings);
  // `inGuardedCallback` of the ESTree adapter: the call stands in a function given to a catching wrapper.
  const inGuardedCallback = (call: ts.CallExpression): boolean => {
    const given = enclosingTsFunction(call);
    if (!given || given === wrapper) return false;
    const child = outerTs(given);
    const parent = child.parent;
    if (!typescript.isCallExpression(parent) || !containsTs(wrapper, parent)) return false;
    const index = parent.arguments.indexOf(child as ts.Expression);
    return index !== -1 && catchingWrapperCallTs(checker, parent, index, settings) === true;
  };
  return handedOnFactsTs(reads, () => wrapper, answersAtCall, inGuardedCallback);
}

/** `answersThroughCallback` of `../converting-wrappers.ts` on TypeScript nodes. */
function answersThroughCallbackTs(
  checker: ts.TypeChecker,
  value: ts.Expression,
  wrapper: TsFunction,
  call: ts.CallExpression,
  settings: McpSettings,
): boolean {
  let answer = unwrapTs(value);
  if (typescript.isAwaitExpression(answer)) answer = unwrapTs(answer.expression);
  if (!typescript.isCallExpression(answer)) return false;
  const callee = unwrapTs(answer.expression);
  const symbol = typescript.isIdentifier(callee) ? checker.getSymbolAtLocation(callee) : undefined;
  const index = symbol
    ? wrapper.parameters.findIndex(
        (parameter) => typescript.isIdentifier(parameter.name) && checker.getSymbolAtLocation(parameter.name) === symbol,
      )
    : -1;
  const given = index === -1 ? undefined : call.arguments.at(index);
  const argument = given && unwrapTs(given);
  const name = argument && typescript.isIdentifier(argument) ? resolvedSymbol(checker, argument) : undefined;
  const callback =
    argument && (typescript.isArrowFunction(argument) || typescript.isFunctionExpression(argument))
      ? argument
      : name?.valueDeclaration && functionOfDeclaration(name.valueDeclaration);
  const values = callback ? returnedValuesTs(callback) : [];
  return values.length > 0 && values.every((returned) => isErrorAnswerTs(returned, settings, checker));
}

/**
 * The TypeScript adapter of `wrapperCatchesThrows`: whether `node` calls a wrapper declared in the project that calls
 * the function given as argument `argumentIndex` only inside a `try` whose `catch` returns an error result.
 * Undefined when the wrapper's body is not in the project.
 */
export function catchingWrapperCallTs(
  checker: ts.TypeChecker,
  node: ts.Node,
  argumentIndex: number,
  settings: McpSettings,
): boolean | undefined {
  const facts = wrapperParameterFactsTs(checker, node, argumentIndex, settings);
  return facts === undefined ? undefined : facts !== null && wrapperCatchesThrows(facts);
}

/** The TypeScript adapter of `isErrorCallbackParameter`: argument `argumentIndex` is the error reporter of a wrapper of the project. */
export function isErrorCallbackArgumentTs(
  checker: ts.TypeChecker,
  call: ts.CallExpression,
  argumentIndex: number,
  settings: McpSettings,
): boolean {
  const facts = wrapperParameterFactsTs(checker, call, argumentIndex, settings);
  return facts !== undefined && facts !== null && isErrorCallbackParameter(facts);
}

/**
 * Whether the call catches what the function given as argument `argumentIndex` throws: a wrapper named in
 * `handlers.wrappers`, or one of the project that `catchingWrapperCallTs` reads as catching. The TypeScript side's
 * `ToolHandlers.wrapperCatches`, asked by the handler index and the throw analysis alike.
 */
export function wrapperCatchesTs(checker: ts.TypeChecker, call: ts.CallExpression, argumentIndex: number, settings: McpSettings): boolean {
  return (
    isConvertingWrapper(settings, calleeLastName(call.expression)) || catchingWrapperCallTs(checker, call, argumentIndex, settings) === true
  );
}

/** The symbol an identifier reads: in `{ handler }` the name is the property's symbol, the value's is the variable. */
export function symbolOfRead(checker: ts.TypeChecker, identifier: ts.Identifier): ts.Symbol | undefined {
  return typescript.isShorthandPropertyAssignment(identifier.parent)
    ? checker.getShorthandAssignmentValueSymbol(identifier.parent)
    : checker.getSymbolAtLocation(identifier);
}

/** `handedOnFacts` of the ESTree adapter on TypeScript nodes: how a function handed on is used, from its reads. */
export function handedOnFactsTs(
  reads: readonly ts.Expression[],
  boundaryOf: (call: ts.CallExpression) => ts.Node,
  isErrorAnswer: (value: ts.Expression) => boolean,
  inGuardedCallback?: (call: ts.CallExpression) => boolean,
): WrapperFacts {
  const uses = reads.map(useOf);
  const calls = uses.filter((use) => use !== "read" && use !== "escapes");
  return {
    guardedCalls: calls.map((call) => {
      const guard = tryAround(call, boundaryOf(call));
      const catchReturnsErrorResult =
        guard?.catchClause?.block.statements.some(
          (statement) =>
            typescript.isReturnStatement(statement) && statement.expression !== undefined && isErrorAnswer(statement.expression),
        ) ?? false;
      return isGuardedCall({ inGuardedCallback: inGuardedCallback?.(call), inTry: guard !== undefined, catchReturnsErrorResult });
    }),
    callsInCatch: calls.filter((call) => enclosingCatchTs(call, boundaryOf(call)) !== undefined).length,
    parameterEscapes: uses.includes("escapes"),
  };
}

/**
 * How a wrapper uses a read of its parameter (or a loop a read of an entry's handler): calls it (also through
 * `.call`/`.apply`), reads a property of it, or lets it escape.
 */
function useOf(read: ts.Expression): ts.CallExpression | "read" | "escapes" {
  let child: ts.Node = read;
  let parent = read.parent;
  while (typescript.isParenthesizedExpression(parent) || typescript.isAsExpression(parent) || typescript.isNonNullExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (typescript.isCallExpression(parent) && unwrapTs(parent.expression) === read) return parent;
  if (!typescript.isPropertyAccessExpression(parent) || parent.expression !== child) return "escapes";
  const call = parent.parent;
  const name = parent.name.text;
  if ((name === "call" || name === "apply") && typescript.isCallExpression(call) && call.expression === parent) return call;
  return "read";
}
