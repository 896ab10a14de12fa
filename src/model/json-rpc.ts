/** JSON-RPC reserves -32768..-32000 for protocol-level errors (the ADR's tier 1). */
export const JSON_RPC_RESERVED_MIN = -32768;
export const JSON_RPC_RESERVED_MAX = -32000;

export function isReservedJsonRpcCode(value: number | undefined): value is number {
  return value !== undefined && value >= JSON_RPC_RESERVED_MIN && value <= JSON_RPC_RESERVED_MAX;
}
