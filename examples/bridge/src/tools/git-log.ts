import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ToolErrorCodes } from "../errors.js";
import { error, success } from "./utils.js";

const execFileAsync = promisify(execFile);

/** Reads a required string argument; throws when it is missing (the ADR project keeps this in utils.ts). */
function requireString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== "string" || value === "") {
    throw new Error(`${key} is required`);
  }
  return value;
}

/** Breaks no-throw-in-tool-handler: the argument helper throws, and the handler calls it outside its try. */
export function createGitLogTool(deps: { workspace: string }) {
  return {
    schema: {
      name: "git_log",
      description: "Show the last commits of a ref",
      inputSchema: { type: "object", properties: { ref: { type: "string" } }, required: ["ref"] },
    },
    handler: async (args: Record<string, unknown>) => {
      const ref = requireString(args, "ref");
      try {
        const { stdout } = await execFileAsync("git", ["log", "--oneline", "-n", "20", ref], { cwd: deps.workspace });
        return success(stdout);
      } catch (err) {
        return error(`Error: ${err instanceof Error ? err.message : String(err)}`, ToolErrorCodes.GIT_ERROR);
      }
    },
  };
}
