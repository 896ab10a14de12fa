/*
 * A project whose one dispatcher calls every tool's handler inside its `try` (ChromeDevTools/chrome-devtools-mcp):
 * the tools are defined with its own `defineTool`, named in `handlers.wrappers`, and `definePageTool`, which is not.
 */

/** The settings that name `defineTool` as the definition function whose handlers are guarded. */
export const DEFINE_TOOL_GUARDS = { "mcp-tool-errors": { handlers: { wrappers: ["defineTool"] } } };

/** A `defineTool` definition whose handler throws (lines 2-12). */
export const CLOSE_HEAP_SNAPSHOT = `
import { definePageTool, defineTool } from "../ToolDefinition.js";

export const closeHeapSnapshot = defineTool({
  name: "close_heap_snapshot",
  schema: { filePath: zod.string() },
  handler: async (request, response, context) => {
    const closed = await context.closeHeapSnapshot(request.params.filePath);
    if (!closed) throw new Error(\`Failed to close heap snapshot: \${request.params.filePath} was not loaded.\`);
    response.appendResponseLine("Closed.");
  },
});`;

/** A `definePageTool` definition whose handler throws on its seventh line (the first is empty), at column 17. */
export const TAKE_SCREENSHOT = `
export const takeScreenshot = definePageTool({
  name: "take_screenshot",
  schema: {},
  handler: async (request, response) => {
    const image = await request.page.screenshot();
    if (!image) throw new Error("The page gave no screenshot.");
    response.attachImage(image);
  },
});`;

/** The hint of a throw in a handler of definition function `name`, whose runner the file cannot read. */
export const definitionRunnerHint = (name: string): string =>
  ` If the code that runs \`${name}()\`'s handlers turns what they throw into an error result, name \`${name}\` in settings \`handlers.wrappers\`.`;

/** The hint on a handler of `definePageTool`, the project's definition function that `handlers.wrappers` does not name. */
export const DEFINE_PAGE_TOOL_HINT = definitionRunnerHint("definePageTool");
