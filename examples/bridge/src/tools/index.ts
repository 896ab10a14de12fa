import type { Transport } from "../transport.js";
import { createOpenFileTool } from "./open-file.js";
import { createReadFileTool } from "./read-file.js";

export function registerTools(transport: Transport, workspace: string): void {
  const editor = { open: async (file: string) => file.length > 0 };
  for (const tool of [createReadFileTool(workspace), createOpenFileTool(editor)]) {
    transport.registerTool(tool.schema, tool.handler);
  }
}
