import picomatch from "picomatch";

/** An error helper named in settings: `error(message)` or `{ name, messageArgument, addsPrefix }`. */
export interface ErrorHelperSetting {
  name: string;
  messageArgument: number;
  addsPrefix: boolean;
}

/** `settings["mcp-tool-errors"]` after validation, every key filled in. */
export interface McpSettings {
  toolFiles: readonly string[];
  handlers: {
    properties: readonly string[];
    registrationMethods: readonly string[];
    definitionFunctions: readonly string[];
    baseClasses: readonly string[];
    wrappers: readonly string[];
  };
  protocolErrors: {
    names: readonly string[];
    modules: readonly string[];
  };
  errorPrefix: string;
  acceptedErrorPrefixes: readonly string[];
  errorTextPattern: RegExp | undefined;
  errorHelpers: readonly ErrorHelperSetting[];
  /** `toolFiles` compiled once: true when a cwd-relative `/` path is tool code. */
  isToolFilePath: (relativePath: string) => boolean;
}

export const SETTINGS_KEY = "mcp-tool-errors";

export const DEFAULT_SETTINGS = {
  toolFiles: ["**/src/tools/**"],
  handlers: {
    properties: ["handler", "handle", "execute"],
    registrationMethods: ["tool", "registerTool", "registerToolTask"],
    definitionFunctions: ["defineTool", "createTool", "tool", "addTool"],
    baseClasses: ["MCPTool"],
    wrappers: [],
  },
  protocolErrors: {
    names: ["ErrorCodes"],
    modules: ["@modelcontextprotocol/"],
  },
  errorPrefix: "Error: ",
  acceptedErrorPrefixes: [],
  errorTextPattern: undefined,
  errorHelpers: [],
} as const;

/** Thrown for settings a user got wrong; the message names the key and the expected form. */
export class McpSettingsError extends Error {
  constructor(key: string, expected: string) {
    super(`settings["${SETTINGS_KEY}"].${key} ${expected}`);
    this.name = "McpSettingsError";
  }
}

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function checkKeys(value: Raw, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const where = path === "" ? `settings["${SETTINGS_KEY}"]` : `settings["${SETTINGS_KEY}"].${path}`;
      throw new Error(
        `${where} has an unknown key "${key}"; the keys that exist are: ${allowed.join(", ")}`,
      );
    }
  }
}

function stringArray(value: unknown, key: string, what = "strings"): readonly string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new McpSettingsError(key, `must be an array of ${what}`);
  }
  return value;
}

function compileToolFiles(patterns: readonly string[]): (path: string) => boolean {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const pattern of patterns) {
    if (pattern.trim() === "" || pattern === "!") {
      throw new McpSettingsError("toolFiles", `must be an array of glob strings (got the empty glob "${pattern}")`);
    }
    if (pattern.startsWith("!")) exclude.push(pattern.slice(1));
    else include.push(pattern);
  }
  const compile = (globs: string[]): ((path: string) => boolean) => {
    if (globs.length === 0) return () => false;
    try {
      return picomatch(globs, { dot: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new McpSettingsError("toolFiles", `must be an array of glob strings (${reason})`);
    }
  };
  const included = compile(include);
  const excluded = compile(exclude);
  return (path) => included(path) && !excluded(path);
}

function compilePattern(value: unknown): RegExp | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") {
    throw new McpSettingsError("errorTextPattern", "must be a non-empty regular expression source string");
  }
  try {
    // Compiled once per settings object; it only ever runs on a string literal's static prefix.
    return new RegExp(value, "u");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpSettingsError("errorTextPattern", `must be a valid regular expression source (${reason})`);
  }
}

function errorHelpers(value: unknown): readonly ErrorHelperSetting[] {
  const key = "errorHelpers";
  const expected =
    'must be an array whose entries are a function name or { name: string, messageArgument?: non-negative integer, addsPrefix?: boolean }';
  if (!Array.isArray(value)) throw new McpSettingsError(key, expected);
  return value.map((entry: unknown, index): ErrorHelperSetting => {
    if (typeof entry === "string" && entry !== "") return { name: entry, messageArgument: 0, addsPrefix: false };
    const at = `${key}[${String(index)}]`;
    if (!isRecord(entry)) throw new McpSettingsError(at, expected);
    checkKeys(entry, ["name", "messageArgument", "addsPrefix"], at);
    const { name, messageArgument = 0, addsPrefix = false } = entry;
    if (typeof name !== "string" || name === "") throw new McpSettingsError(`${at}.name`, "must be a non-empty string");
    if (typeof messageArgument !== "number" || !Number.isInteger(messageArgument) || messageArgument < 0) {
      throw new McpSettingsError(`${at}.messageArgument`, "must be a non-negative integer");
    }
    if (typeof addsPrefix !== "boolean") throw new McpSettingsError(`${at}.addsPrefix`, "must be a boolean");
    return { name, messageArgument, addsPrefix };
  });
}

function section(raw: Raw, key: "handlers" | "protocolErrors"): Raw {
  const value = raw[key];
  if (value === undefined) return {};
  if (!isRecord(value)) throw new McpSettingsError(key, "must be an object");
  checkKeys(value, Object.keys(DEFAULT_SETTINGS[key]), key);
  return value;
}

function parseSettings(raw: unknown): McpSettings {
  if (raw === undefined) raw = {};
  if (!isRecord(raw)) throw new Error(`settings["${SETTINGS_KEY}"] must be an object`);
  checkKeys(raw, Object.keys(DEFAULT_SETTINGS), "");
  const handlers = section(raw, "handlers");
  const protocolErrors = section(raw, "protocolErrors");
  const list = (from: Raw, defaults: Record<string, readonly string[]>, name: string, path: string) =>
    from[name] === undefined ? (defaults[name] ?? []) : stringArray(from[name], `${path}${name}`);

  const toolFiles =
    raw.toolFiles === undefined ? DEFAULT_SETTINGS.toolFiles : stringArray(raw.toolFiles, "toolFiles", "glob strings");
  const errorPrefix = raw.errorPrefix ?? DEFAULT_SETTINGS.errorPrefix;
  if (typeof errorPrefix !== "string" || errorPrefix.trim() === "") {
    throw new McpSettingsError("errorPrefix", 'must be a non-empty string such as "Error: "');
  }
  return {
    toolFiles,
    handlers: {
      properties: list(handlers, DEFAULT_SETTINGS.handlers, "properties", "handlers."),
      registrationMethods: list(handlers, DEFAULT_SETTINGS.handlers, "registrationMethods", "handlers."),
      definitionFunctions: list(handlers, DEFAULT_SETTINGS.handlers, "definitionFunctions", "handlers."),
      baseClasses: list(handlers, DEFAULT_SETTINGS.handlers, "baseClasses", "handlers."),
      wrappers: list(handlers, DEFAULT_SETTINGS.handlers, "wrappers", "handlers."),
    },
    protocolErrors: {
      names: list(protocolErrors, DEFAULT_SETTINGS.protocolErrors, "names", "protocolErrors."),
      modules: list(protocolErrors, DEFAULT_SETTINGS.protocolErrors, "modules", "protocolErrors."),
    },
    errorPrefix,
    acceptedErrorPrefixes:
      raw.acceptedErrorPrefixes === undefined ? [] : stringArray(raw.acceptedErrorPrefixes, "acceptedErrorPrefixes"),
    errorTextPattern: compilePattern(raw.errorTextPattern),
    errorHelpers: raw.errorHelpers === undefined ? [] : errorHelpers(raw.errorHelpers),
    isToolFilePath: compileToolFiles(toolFiles),
  };
}

const cache = new WeakMap<object, McpSettings>();
let defaults: McpSettings | undefined;

/**
 * The plugin's settings from a rule context's `settings`, validated once per settings object.
 * Throws (stopping the lint run) with a message naming the bad key.
 */
export function getMcpSettings(settings: Readonly<Record<string, unknown>>): McpSettings {
  const raw = settings[SETTINGS_KEY];
  if (raw === undefined) return (defaults ??= parseSettings(undefined));
  if (typeof raw !== "object" || raw === null) return parseSettings(raw);
  let parsed = cache.get(raw);
  if (!parsed) {
    parsed = parseSettings(raw);
    cache.set(raw, parsed);
  }
  return parsed;
}
