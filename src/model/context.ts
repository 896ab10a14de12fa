import { type AnyRuleContext, perFile } from "../util/per-file.js";
import { ErrorHelpers } from "./error-helpers.js";
import { getMcpSettings, type McpSettings } from "./settings.js";
import { ToolHandlers } from "./tool-handlers.js";
import { typedServices, type TypedServices } from "./typescript/services.js";

/** What every rule of the plugin knows of the file it lints: the one route from a rule context to the model. */
export interface McpContext {
  settings: McpSettings;
  /** The file is tool code as a whole (`toolFiles`). */
  isToolFile: boolean;
  /** Which functions of the file are tool handlers, and where each node stands. */
  handlers: ToolHandlers;
  /** The error helpers the file calls. */
  errorHelpers: ErrorHelpers;
  /** Type information, when the parser was given a program. */
  typed: TypedServices | undefined;
}

/** The model of the file a rule is linting, built once per file and settings object and shared by every rule. */
export const getMcpContext = perFile((context: AnyRuleContext): McpContext => {
  const settings = getMcpSettings(context.settings);
  const isToolFile = settings.isToolFile(context.filename, context.cwd);
  const typed = typedServices(context);
  return {
    settings,
    isToolFile,
    handlers: new ToolHandlers(context.sourceCode, settings, isToolFile, typed),
    errorHelpers: new ErrorHelpers(context.sourceCode, settings, typed),
    typed,
  };
});
