import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { type CallToolRequest, CallToolRequestSchema, type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

type ToolArgs = Record<string, unknown> | undefined;

const openIssues = new Map<number, string>([[1, "Editor loses focus after a search"]]);

/**
 * A dispatch table, breaking no-throw-in-tool-handler: the dispatcher below looks tools up in it by name, so each
 * function is a tool handler on the low-level path, where `close_issue`'s throw becomes a JSON-RPC error.
 */
const issueTools: Record<string, (args: ToolArgs) => Promise<CallToolResult>> = {
  list_issues: async () => ({
    content: [{ type: "text", text: [...openIssues].map(([id, title]) => `#${String(id)} ${title}`).join("\n") }],
  }),
  close_issue: async (args) => {
    const id = Number(args?.id);
    if (!openIssues.has(id)) {
      throw new Error(`issue ${String(id)} is not open`);
    }
    openIssues.delete(id);
    return { content: [{ type: "text", text: `Closed issue #${String(id)}` }] };
  },
};

export class IssuesServer {
  readonly server = new Server({ name: "bridge-issues", version: "1.0.0" }, { capabilities: { tools: {} } });

  constructor() {
    // A method as the dispatcher: `this.handleCallTool` is the handler, not the bound copy.
    this.server.setRequestHandler(CallToolRequestSchema, this.handleCallTool.bind(this));
  }

  private async handleCallTool(request: CallToolRequest): Promise<CallToolResult> {
    const handler = issueTools[request.params.name];
    if (!handler) {
      // The lookup miss is the unknown-tool branch: a protocol error by the specification.
      throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);
    }
    return handler(request.params.arguments);
  }
}
