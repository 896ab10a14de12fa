import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ToolErrorCodes } from "../errors.js";
import { error, success } from "./utils.js";

const execFileAsync = promisify(execFile);

/** Breaks no-throw-in-tool-handler: the handler throws instead of returning an error result. */
export function createRunCommandTool(deps: { workspace: string; allowList: readonly string[] }) {
  return {
    schema: {
      name: "run_command",
      description: "Run an allow-listed command in the workspace",
      inputSchema: {
        type: "object",
        properties: { command: { type: "string" }, args: { type: "array", items: { type: "string" } } },
        required: ["command"],
      },
    },
    handler: async (args: { command: string; args?: string[] }) => {
      if (!deps.allowList.includes(args.command)) {
        throw new Error(`Command not allowed: ${args.command}`);
      }
      try {
        const { stdout } = await execFileAsync(args.command, args.args ?? [], { cwd: deps.workspace });
        return success(stdout);
      } catch (err) {
        return error(`Error: ${err instanceof Error ? err.message : String(err)}`, ToolErrorCodes.COMMAND_FAILED);
      }
    },
  };
}
