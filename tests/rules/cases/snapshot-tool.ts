/* A tool whose failure is the JSON of an object a constant holds, shared by require-is-error's and error-text-prefix's tests. */

/**
 * A database server's get_backup tool answering a missing snapshot with `JSON.stringify(errRes, null, 2)`, `errRes` being
 * `failure` (line 9), and `isError` what that result adds (line 10).
 */
export const snapshotTool = (failure: string, { isError = "" } = {}): string => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
declare function getSnapshot(name: string): Promise<{ ddl: string } | null>;
const server = new McpServer({ name: "db", version: "1.0.0" });
server.registerTool("get_backup", { inputSchema: { filename: z.string() } }, async ({ filename }) => {
  const snapshot = await getSnapshot(filename);
  if (!snapshot) {
    const errRes = ${failure};
    return { content: [{ type: "text" as const, text: JSON.stringify(errRes, null, 2) }]${isError} };
  }
  return { content: [{ type: "text" as const, text: snapshot.ddl }] };
});`;

/** The failure object of a missing snapshot (`snapshotTool`). */
export const SNAPSHOT_NOT_FOUND = '{ success: false, error: `Snapshot not found: ${filename}`, code: "NOT_FOUND" }';
