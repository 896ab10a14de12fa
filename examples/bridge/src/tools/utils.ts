import type { ToolResult } from "../transport.js";

/** A successful tool result. */
export function success(text: string): ToolResult {
  return { content: [{ type: "text", text }] };
}

/** An error result the model can read; `code` is a tool-level code, never a JSON-RPC one. */
export function error(message: string, code?: string | number): ToolResult {
  return {
    content: [{ type: "text", text: message }],
    isError: true,
    _meta: code === undefined ? undefined : { code },
  };
}

/** Reads a required string argument; throws when it is missing (callers must catch). */
export function requireString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== "string" || value === "") {
    throw new Error(`${key} is required`);
  }
  return value;
}
