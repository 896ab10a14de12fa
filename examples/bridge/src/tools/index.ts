import type { Transport } from "../transport.js";
import { createFetchPageTool } from "./fetch-page.js";
import { createGitLogTool } from "./git-log.js";
import { createListFilesTool } from "./list-files.js";
import { createOpenFileTool } from "./open-file.js";
import { createReadFileTool } from "./read-file.js";
import { createRunCommandTool } from "./run-command.js";
import { createSearchTool } from "./search.js";

export interface BridgeDeps {
  workspace: string;
  editor: { open(file: string, line?: number): Promise<boolean> };
  browser: { fetch(url: string): Promise<{ status: number; body: string }> };
  index: { query(text: string, limit: number): Promise<string[]> };
}

/** The tool index, as in the ADR project: every tool registered with the transport by schema and handler. */
export function registerTools(transport: Transport, deps: BridgeDeps): void {
  const tools = [
    createReadFileTool(deps.workspace),
    createOpenFileTool(deps.editor),
    createListFilesTool(deps.workspace),
    createSearchTool(deps.index),
    createFetchPageTool(deps.browser),
    createGitLogTool({ workspace: deps.workspace }),
    createRunCommandTool({ workspace: deps.workspace, allowList: ["npm", "git", "node"] }),
  ];
  for (const tool of tools) {
    transport.registerTool(tool.schema, tool.handler);
  }
}
