import { ErrorCodes as EC, ToolErrorCodes } from "../errors.js";
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
    handler: async (args: { file?: string; line?: number }) => {
      if (!args.file) {
        return error("Error: file is required", EC.INVALID_PARAMS);
      }
      try {
        const opened = await editor.open(args.file, args.line);
        return opened ? success(`Opened ${args.file}`) : error(`Error: cannot open ${args.file}`, ToolErrorCodes.FILE_NOT_FOUND);
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
