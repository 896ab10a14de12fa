/* A tool whose failure text is joined from lines, shared by require-is-error's and error-text-prefix's tests. */

/**
 * An ads server's query tool that answers a failed query with lines joined into one text: `lines` is the array literal's
 * elements (line 10), `extra` more statements after the hint's `push` (line 12), `isError` what the failure's result adds
 * (line 13 when `extra` is one line).
 */
export const gaqlTool = (lines: string, { extra = "", isError = "" } = {}): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function runGaql(customerId: string, query: string): Promise<{ ok: boolean; status: number; rows: unknown[]; errorText?: string }>;
declare function hintFor(status: number): string | undefined;
const server = new McpServer({ name: "ads", version: "1.0.0" });
server.registerTool("execute_gaql", { inputSchema: { customerId: z.string(), query: z.string() } }, async ({ customerId, query }) => {
  const res = await runGaql(customerId, query);
  if (!res.ok) {
    const lines = [${lines}];
    const hint = hintFor(res.status);
    if (hint) lines.push(\`Hint: \${hint}\`);${extra}
    return { content: [{ type: "text", text: lines.join("\\n") }]${isError} };
  }
  return { content: [{ type: "text", text: JSON.stringify(res.rows) }] };
});`;
