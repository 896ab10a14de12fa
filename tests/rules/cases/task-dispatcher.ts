/* A low-level dispatcher shared by the throw rules' tests and no-protocol-errors-in-tools': task support answers. */

/** A dispatcher of tools that declare their task support; `guard` answers a call the tool's task support rules out (line 11). */
export const TASK_DISPATCHER = (guard: string): string => `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
type ReportTool = { execution?: { taskSupport?: "forbidden" | "optional" | "required" }; run(args: unknown): Promise<string> };
declare const tools: Map<string, ReportTool>;
const server = new Server({ name: "reports", version: "1.0.0" }, { capabilities: { tools: {}, tasks: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  const task = (request.params as { task?: { ttl?: number } }).task;
${guard}
  try {
    return { content: [{ type: "text", text: await tool.run(request.params.arguments) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${error instanceof Error ? error.message : String(error)}\` }], isError: true };
  }
});`;
