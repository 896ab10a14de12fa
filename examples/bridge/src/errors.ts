/** Protocol tier: JSON-RPC error codes, for the transport layer only (ADR-0004 tier 1). */
export const ErrorCodes = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  RATE_LIMITED: -32000,
  SESSION_ERROR: -32001,
} as const;

/** Tool tier: codes a tool may attach to an `isError` result (ADR-0004 tier 2). */
export const ToolErrorCodes = {
  FILE_NOT_FOUND: "file_not_found",
  PERMISSION_DENIED: "permission_denied",
  GIT_ERROR: "git_error",
  COMMAND_FAILED: "command_failed",
  EXTENSION_DISCONNECTED: "extension_disconnected",
} as const;

export type ToolErrorCode = (typeof ToolErrorCodes)[keyof typeof ToolErrorCodes];
