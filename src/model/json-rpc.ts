import type { TSESTree } from "@typescript-eslint/utils";
import { findProperty } from "../util/ast.js";

/** JSON-RPC reserves -32768..-32000 for protocol-level errors (the ADR's tier 1). */
export const JSON_RPC_RESERVED_MIN = -32768;
export const JSON_RPC_RESERVED_MAX = -32000;

export function isReservedJsonRpcCode(value: number | undefined): value is number {
  return value !== undefined && value >= JSON_RPC_RESERVED_MIN && value <= JSON_RPC_RESERVED_MAX;
}

/** A JSON-RPC error response built by hand: an object literal with both `jsonrpc` and `error` (`{ jsonrpc: "2.0", id, error }`). */
export function isJsonRpcErrorResponse(object: TSESTree.ObjectExpression): boolean {
  return findProperty(object, "jsonrpc") !== undefined && findProperty(object, "error") !== undefined;
}
