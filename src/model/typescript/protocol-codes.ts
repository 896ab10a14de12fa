import type { TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { typescript } from "./typescript.js";
import { isReservedJsonRpcCode } from "../json-rpc.js";
import type { TypedServices } from "./services.js";

/** A literal type that is not a reserved JSON-RPC code (a union: every member). */
function isToolLevelLiteral(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every(isToolLevelLiteral);
  if (type.isNumberLiteral()) return !isReservedJsonRpcCode(type.value);
  return type.isStringLiteral() || (type.flags & typescript.TypeFlags.BooleanLiteral) !== 0;
}

/**
 * True when the binding's type is an object or enum whose members all have literal types and
 * none is a number in the JSON-RPC reserved range: a project's own tool-level codes (database
 * error codes, say), not protocol errors.
 */
export function hasOnlyToolLevelCodes(typed: TypedServices, binding: TSESTree.Node): boolean {
  const node = typed.toTs(binding);
  if (!node) return false;
  const { checker } = typed;
  const properties = checker.getPropertiesOfType(checker.getTypeAtLocation(node));
  return properties.length > 0 && properties.every((property) => isToolLevelLiteral(checker.getTypeOfSymbolAtLocation(property, node)));
}
