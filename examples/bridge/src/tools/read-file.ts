import { readFile } from "node:fs/promises";
import path from "node:path";
import { ToolErrorCodes } from "../errors.js";
import { error, requireString, success } from "./utils.js";

/** Compliant: every failure comes back as an `isError` result with the "Error: " prefix. */
export function createReadFileTool(workspace: string) {
  return {
    schema: {
      name: "read_file",
      description: "Read a file from the workspace",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    },
    handler: async (args: Record<string, unknown>) => {
      try {
        const relative = requireString(args, "path");
        const text = await readFile(path.resolve(workspace, relative), "utf8");
        return success(text);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        return error(`Error: ${message}`, ToolErrorCodes.FILE_NOT_FOUND);
      }
    },
  };
}
