import type { TSESLint } from "@typescript-eslint/utils";
import { type AnyRuleContext, perFile } from "../util/per-file.js";
import { ErrorHelpers } from "./error-helpers.js";
import { type FileGates, TextGates } from "./file-gates.js";
import { getMcpSettings, McpSettingsError, type McpSettings } from "./settings.js";
import { ToolHandlers } from "./tool-handlers.js";
import { typedServices, type TypedServices } from "./typescript/services.js";

/** What every rule of the plugin knows of the file it lints: the one route from a rule context to the model. */
export interface McpContext {
  /**
   * The file's source code. Rules read it here rather than from their context (see `perFile`): one
   * lookup of the rule context per file instead of one per rule.
   */
  sourceCode: Readonly<TSESLint.SourceCode>;
  settings: McpSettings;
  /** The file is tool code as a whole (`toolFiles`). */
  isToolFile: boolean;
  /** Which functions of the file are tool handlers, and where each node stands. */
  handlers: ToolHandlers;
  /** The error helpers the file calls. */
  errorHelpers: ErrorHelpers;
  /** Type information, when the parser was given a program. */
  typed: TypedServices | undefined;
  /** What the file's text rules out: a rule with nothing to look for adds no listener. */
  gates: FileGates;
}

/**
 * The model of one file. A class, not an object literal with a getter: V8 defines a literal's
 * accessors anew at each evaluation, once per file and settings object here.
 */
class FileModel implements McpContext {
  readonly handlers: ToolHandlers;
  readonly errorHelpers: ErrorHelpers;
  readonly typed: TypedServices | undefined;
  readonly gates: FileGates;

  constructor(
    context: AnyRuleContext,
    readonly sourceCode: Readonly<TSESLint.SourceCode>,
    readonly settings: McpSettings,
  ) {
    const { filename, cwd } = context;
    // A variable of its own, not a field: a closure over `this` here made oxlint's young-generation
    // collections six times longer (`node --trace-gc`), for reasons not pinned down.
    let toolFile: boolean | undefined;
    const isToolFile = (): boolean => (toolFile ??= settings.isToolFile(filename, cwd));
    this.typed = typedServices(sourceCode, cwd);
    this.errorHelpers = new ErrorHelpers(sourceCode, settings, this.typed);
    // A guard's `catch` may answer through one of the file's error helpers.
    this.handlers = new ToolHandlers(sourceCode, settings, isToolFile, this.typed, this.errorHelpers);
    this.gates = new TextGates(sourceCode.text, settings, this.typed !== undefined, isToolFile);
  }

  get isToolFile(): boolean {
    return this.handlers.isToolFile;
  }
}

/**
 * The model of a file, the settings mistake that keeps the rules from reading it, or undefined for a test file
 * (`testFiles`): a test's tools throw and its mocks answer on purpose, and it is no part of the server.
 */
const buildContext = perFile((context, sourceCode, rawSettings): McpContext | McpSettingsError | undefined => {
  let settings: McpSettings;
  try {
    settings = getMcpSettings(rawSettings);
  } catch (error) {
    if (error instanceof McpSettingsError) return error;
    throw error;
  }
  return settings.isTestFile(context.filename, context.cwd) ? undefined : new FileModel(context, sourceCode, settings);
});

/** Files whose settings mistake one rule has reported already. */
const reported = new WeakSet<object>();

/**
 * The model of the file a rule is linting, built once per file and settings object and shared by
 * every rule; undefined for a test file, and when the settings are wrong, which the first rule to ask reports (its
 * `invalidSettings` message, at line 1) so that the mistake reads as one and other findings stay.
 */
export function getMcpContext(context: AnyRuleContext): McpContext | undefined {
  const built = buildContext(context);
  if (!(built instanceof McpSettingsError)) return built;
  const { ast } = context.sourceCode;
  if (!reported.has(ast)) {
    reported.add(ast);
    context.report({ loc: { line: 1, column: 0 }, messageId: "invalidSettings", data: { message: built.message } });
  }
  return undefined;
}
