import type ts from "typescript";
import { mayHoldJsx } from "../ui-components.js";
import { returnedValuesTs } from "./resolve.js";
import { type TsFunction, unwrapTs } from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/** `rendersUi` of `../ui-components.ts`, on TypeScript nodes: `fn` returns JSX, so it is a UI component. */
export function rendersUiTs(fn: TsFunction): boolean {
  return mayHoldJsx(fn.getSourceFile().text) && returnedValuesTs(fn).some(isJsxTs);
}

function isJsxTs(node: ts.Expression): boolean {
  const value = unwrapTs(node);
  if (typescript.isConditionalExpression(value)) return isJsxTs(value.whenTrue) || isJsxTs(value.whenFalse);
  return typescript.isJsxElement(value) || typescript.isJsxSelfClosingElement(value) || typescript.isJsxFragment(value);
}
