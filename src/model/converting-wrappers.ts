import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { calledFunction, type FunctionNode, outerParent, propertyName, tryAround, unwrapExpression } from "../util/ast.js";
import { isGuardedCall, wrapperCatchesThrows, type WrapperFacts } from "./handler-shapes.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The ESTree adapter of `wrapperCatchesThrows`: whether `call` calls a wrapper declared in this file
 * (`safe(async (args) => ...)`, or a method of the class around it: `this.registerTool(tool, cb)`) that calls the
 * function given as argument `argumentIndex` only inside a `try` whose `catch` returns an error result. Undefined
 * when the wrapper is not declared here.
 */
export function catchingWrapperCall(
  call: TSESTree.CallExpression,
  argumentIndex: number,
  sourceCode: SourceCode,
  returnsErrorResult: (statement: TSESTree.Statement) => boolean,
): boolean | undefined {
  // A function of the file, or a method of the class around the call (`this.registerTool(tool, cb)`).
  const wrapper = calledFunction(unwrapExpression(call.callee), sourceCode);
  if (!wrapper) return undefined;
  const parameter = wrapper.params.at(argumentIndex);
  if (parameter?.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = sourceCode.getDeclaredVariables(wrapper).find((candidate) => candidate.identifiers.includes(parameter));
  return variable !== undefined && wrapperCatchesThrows(parameterFacts(variable, wrapper, returnsErrorResult));
}

function parameterFacts(
  parameter: TSESLint.Scope.Variable,
  wrapper: FunctionNode,
  returnsErrorResult: (statement: TSESTree.Statement) => boolean,
): WrapperFacts {
  const reads = parameter.references.filter((reference) => reference.isRead()).map(({ identifier }) => identifier);
  return handedOnFacts(reads, () => wrapper, returnsErrorResult);
}

/**
 * How a function handed on is used, from its reads: a wrapper's parameter, or a table entry's handler in a loop over
 * the table (`tool.handler`). Each call's guard is looked for inside `boundaryOf(call)`.
 */
export function handedOnFacts(
  reads: readonly TSESTree.Node[],
  boundaryOf: (call: TSESTree.CallExpression) => TSESTree.Node,
  returnsErrorResult: (statement: TSESTree.Statement) => boolean,
): WrapperFacts {
  const uses = reads.map(useOf);
  const calls = uses.filter((use) => use !== "read" && use !== "escapes");
  return {
    guardedCalls: calls.map((call) => {
      const guard = tryAround(call, boundaryOf(call));
      return isGuardedCall({
        inTry: guard !== undefined,
        catchReturnsErrorResult: guard?.handler?.body.body.some(returnsErrorResult) ?? false,
      });
    }),
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
