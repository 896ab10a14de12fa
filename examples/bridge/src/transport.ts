import { ErrorCodes } from "./errors.js";

export interface ToolSchema {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ToolResult {
  content: { type: "text"; text: string }[];
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** Handlers declare their own argument types; the transport passes the schema-validated arguments through. */
export type ToolHandler = (args: never, signal?: AbortSignal) => Promise<unknown>;

interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: number;
  method: string;
  params?: { name?: string; arguments?: Record<string, unknown> };
}

/** The transport layer: the one place where JSON-RPC error codes belong. */
export class Transport {
  private readonly tools = new Map<string, { schema: ToolSchema; handler: ToolHandler }>();

  registerTool(schema: ToolSchema, handler: ToolHandler): void {
    this.tools.set(schema.name, { schema, handler });
  }

  async handle(raw: string): Promise<unknown> {
    let request: JsonRpcRequest;
    try {
      request = JSON.parse(raw) as JsonRpcRequest;
    } catch {
      return { jsonrpc: "2.0", id: null, error: { code: ErrorCodes.PARSE_ERROR, message: "Parse error" } };
    }
    if (request.method !== "tools/call") {
      return { jsonrpc: "2.0", id: request.id, error: { code: ErrorCodes.METHOD_NOT_FOUND, message: "Method not found" } };
    }
    const tool = this.tools.get(request.params?.name ?? "");
    if (!tool) {
      return { jsonrpc: "2.0", id: request.id, error: { code: ErrorCodes.INVALID_PARAMS, message: "Unknown tool" } };
    }
    try {
      return { jsonrpc: "2.0", id: request.id, result: await tool.handler((request.params?.arguments ?? {}) as never) };
    } catch (err) {
      // Safety net only: tool handlers must never throw (ADR-0004).
      console.warn(`tool ${tool.schema.name} threw; converting to an error result`);
      const message = err instanceof Error ? err.message : String(err);
      return { jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: `Error: ${message}` }], isError: true } };
    }
  }
}
