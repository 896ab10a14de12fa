import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** Breaks no-throw-in-tool-handler and no-protocol-errors-in-tools: the SDK's McpError thrown from a handler (a finding even outside src/tools/). */
export function createMcpServer(): McpServer {
  const server = new McpServer({ name: "bridge", version: "1.0.0" });
  server.registerTool(
    "get_workspace_folders",
    { description: "List the open workspace folders", inputSchema: { verbose: z.boolean().optional() } },
    async () => {
      const folders = await listFolders();
      if (folders.length === 0) {
        throw new McpError(ErrorCode.InternalError, "no workspace is open");
      }
      return { content: [{ type: "text", text: folders.join("\n") }] };
    },
  );
  return server;
}

/** The low-level API: "unknown tool" is a protocol error, so McpError is right in that branch. */
export function createLowLevelServer(): Server {
  const server = new Server({ name: "bridge-low-level", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case "list_folders":
        return { content: [{ type: "text", text: (await listFolders()).join("\n") }] };
      default:
        throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);
    }
  });
  return server;
}

async function listFolders(): Promise<string[]> {
  return Promise.resolve(["/workspace"]);
}
