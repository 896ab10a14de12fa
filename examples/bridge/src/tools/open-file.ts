import { ErrorCodes as EC, ToolErrorCodes } from "../errors.js";
import type { ToolResult } from "../transport.js";
import { error, requireString, success } from "./utils.js";

interface Editor {
  open(file: string, line?: number): Promise<boolean>;
}

/**
 * Breaks no-protocol-errors-in-tools: JSON-RPC codes where tool-level codes belong (the ADR's most common mistake),
 * and no-throwing-call-in-tool-handler, which only type-aware linting sees: an unguarded call of a throwing helper.
 */
export function createOpenFileTool(editor: Editor) {
  return {
    schema: {
      name: "open_file",
      description: "Open a file in the editor",
      inputSchema: { type: "object", properties: { file: { type: "string" }, line: { type: "number" } } },
    },
    handler: async (args: Record<string, unknown>): Promise<ToolResult> => {
      // requireString() throws (src/tools/utils.ts): invisible to a per-file rule, found with type information.
      const file = requireString(args, "file");
      const line = typeof args.line === "number" ? args.line : undefined;
      if (line !== undefined && line < 1) {
        return error("Error: line must be 1 or more", EC.INVALID_PARAMS);
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
