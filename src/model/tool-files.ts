import path from "node:path";
import type { McpSettings } from "./settings.js";

/**
 * The path `toolFiles` globs are matched against: relative to `cwd` with `/` separators,
 * or the absolute path for a file outside `cwd`.
 */
export function toolFilesPath(filename: string, cwd: string): string {
  const relative = path.relative(cwd, filename);
  const chosen = relative === "" || relative.startsWith("..") || path.isAbsolute(relative) ? filename : relative;
  return chosen.split(path.sep).join("/");
}

/** A file that is tool code as a whole (the ADR's `src/tools/`), per `settings.toolFiles`. */
export function isToolFile(filename: string, cwd: string, settings: McpSettings): boolean {
  return settings.isToolFilePath(toolFilesPath(filename, cwd));
}
