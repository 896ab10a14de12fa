import { readdir } from "node:fs/promises";
import path from "node:path";
import { success } from "./utils.js";

/**
 * Breaks require-is-error: the catch explains the failure but leaves out `isError: true`, so the
 * client takes "Error listing ..." for the listing it asked for.
 */
export function createListFilesTool(workspace: string) {
  return {
    schema: {
      name: "list_files",
      description: "List the files in a workspace directory",
      inputSchema: { type: "object", properties: { dir: { type: "string" } } },
    },
    handler: async (args: { dir?: string }) => {
      const dir = path.join(workspace, args.dir ?? ".");
      try {
        const entries = await readdir(dir);
        return success(entries.join("\n"));
      } catch (err) {
        return {
          content: [{ type: "text" as const, text: `Error listing ${dir}: ${err instanceof Error ? err.message : String(err)}` }],
        };
      }
    },
  };
}
