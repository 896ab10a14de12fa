import { ErrorCodes as EC, ToolErrorCodes } from "../errors.js";
import type { ToolResult } from "../transport.js";
import { error, success } from "./utils.js";

interface Editor {
  open(file: string, line?: number): Promise<boolean>;
}

/** Breaks the rule: a JSON-RPC code where a tool-level code belongs (the ADR's most common mistake). */
export function createOpenFileTool(editor: Editor) {
  return {
    schema: {
      name: "open_file",
      description: "Open a file in the editor",
      inputSchema: { type: "object", properties: { file: { type: "string" }, line: { type: "number" } } },
    },
    handler: async (args: Record<string, unknown>): Promise<ToolResult> => {
      const { file, line } = args as { file?: string; line?: number };
      if (!file) {
        return error("Error: file is required", EC.INVALID_PARAMS);
      }
      try {
        const opened = await editor.open(file, line);
        return opened ? success(`Opened ${file}`) : error(`Error: cannot open ${file}`, ToolErrorCodes.FILE_NOT_FOUND);
      } catch (err) {
        return {
          content: [{ type: "text", text: `Error: ${err instanceof Error ? err.message : String(err)}` }],
          isError: true,
          _meta: { code: -32001 },
        };
      }
    },
  };
}
