/*
 * SDK v2's `@modelcontextprotocol/server` (2.x) is not installed in this repository (the npm registry it
 * installs from has v1 only), so the example declares the part of its API that src/notes-server.ts uses,
 * with v2's shapes: schema objects (v2 takes any Standard Schema; zod's here), callbacks `(args, ctx)`.
 */
declare module "@modelcontextprotocol/server" {
  import type { z } from "zod";

  export interface TextContent {
    type: "text";
    text: string;
  }

  export interface CallToolResult {
    content: TextContent[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  }

  export interface ToolConfig<Input extends z.ZodType, Output extends z.ZodType> {
    title?: string;
    description?: string;
    inputSchema?: Input;
    outputSchema?: Output;
  }

  export class McpServer {
    constructor(info: { name: string; version: string });
    registerTool<Input extends z.ZodType, Output extends z.ZodType>(
      name: string,
      config: ToolConfig<Input, Output>,
      callback: (args: z.infer<Input>, ctx: { signal: AbortSignal }) => CallToolResult | Promise<CallToolResult>,
    ): void;
  }
}
