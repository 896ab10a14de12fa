import path from "node:path";
import picomatch from "picomatch";

/**
 * A function whose call produces an error result whose text is one of its arguments: named in
 * `settings.errorHelpers` (normalised to this shape once) or detected in the code.
 */
export interface ErrorHelper {
  name: string;
  /** The index of the argument that becomes the text. */
  messageArgument: number;
  /** The text the helper puts before the message itself, if it adds a prefix. */
  addedPrefix: string | undefined;
  /**
   * The index of the argument that becomes `isError`, for a helper that builds either outcome
   * (`respond(text, isError = false)`): a call builds an error result only where that argument is `true`.
   */
  failureArgument: number | undefined;
}

/** `settings["mcp-tool-errors"]` after validation, every key filled in. */
export interface McpSettings {
  toolFiles: readonly string[];
  testFiles: readonly string[];
  handlers: {
    properties: readonly string[];
    registrationMethods: readonly string[];
    definitionFunctions: readonly string[];
    baseClasses: readonly string[];
    /** Method decorators that register the method as a tool (`@Tool({ name, ... })`). */
    decorators: readonly string[];
    wrappers: readonly string[];
    /** Module prefixes whose import shows a file is MCP server code. */
    serverModules: readonly string[];
  };
  protocolErrors: {
    names: readonly string[];
    modules: readonly string[];
  };
  errorPrefix: string;
  acceptedErrorPrefixes: readonly string[];
  errorTextPattern: RegExp | undefined;
  errorHelpers: readonly ErrorHelper[];
  /** A file that is tool code as a whole (the ADR's `src/tools/`): `toolFiles`, compiled once. */
  isToolFile: (filename: string, cwd: string) => boolean;
  /** A file that tests, mocks or demonstrates the server (a story), not server code: `testFiles`, compiled once. */
  isTestFile: (filename: string, cwd: string) => boolean;
}

export const SETTINGS_KEY = "mcp-tool-errors";

export const DEFAULT_SETTINGS = {
  toolFiles: ["**/src/tools/**"],
  testFiles: ["**/*.{test,spec,test-d,stories}.*", "**/{test,tests,__tests__,__mocks__,e2e}/**"],
  handlers: {
    properties: ["handler", "handle", "execute"],
    registrationMethods: ["tool", "registerTool", "registerToolTask"],
    definitionFunctions: ["defineTool", "createTool", "tool", "addTool"],
    baseClasses: ["MCPTool"],
    decorators: ["Tool", "McpTool"],
    wrappers: [],
    serverModules: [
      "@modelcontextprotocol/sdk/server",
      "@modelcontextprotocol/server",
      "fastmcp",
      "mcp-framework",
      "xmcp",
      "mcp-handler",
      "agents/mcp",
      "@modelcontextprotocol/ext-apps/server",
    ],
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

/**
 * A rule's message for a settings mistake (every rule declares it as `invalidSettings`): reported once
 * per file, at its first line, instead of a crash that would hide every other finding in the editor.
 */
export const INVALID_SETTINGS_MESSAGE = "Configuration mistake: {{message}}. The mcp-tool-errors rules skip this file until it is fixed.";

/** Thrown for settings a user got wrong; the message names the key and the expected form. */
export class McpSettingsError extends Error {
  /** `key` is the dotted path under `settings["mcp-tool-errors"]`, "" for the object itself. */
  constructor(key: string, expected: string) {
    super(`settings["${SETTINGS_KEY}"]${key === "" ? "" : `.${key}`} ${expected}`);
    this.name = "McpSettingsError";
  }
}

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === "object" && value !== null && !Array.isArray(value);

function checkKeys(value: Raw, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new McpSettingsError(path, `has an unknown key "${key}"; the keys that exist are: ${allowed.join(", ")}`);
    }
  }
}

/** A short rendering of a bad value for an error message: `42`, `"src/tools"`, `an object`. */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (value === null || typeof value !== "object") return String(value);
  return Array.isArray(value) ? "an array" : value instanceof RegExp ? `the RegExp ${String(value)}` : "an object";
}

function stringArray(value: unknown, key: string, what = "strings"): readonly string[] {
  if (!Array.isArray(value)) throw new McpSettingsError(key, `must be an array of ${what} (got ${shown(value)})`);
  const index = value.findIndex((item) => typeof item !== "string");
  if (index !== -1) {
    throw new McpSettingsError(key, `must be an array of ${what} (item ${String(index)} is ${shown(value[index])})`);
  }
  return value as readonly string[];
}

const GLOBS = 'glob strings such as "**/src/tools/**" (a leading "!" excludes)';
const GLOB_FORM = `must be an array of ${GLOBS}`;

/** Brackets left open or closed without a match: picomatch reads them literally, and the glob matches nothing. */
function hasUnbalancedBrackets(pattern: string): boolean {
  let depth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") index++;
    else if (char === "[") depth++;
    else if (char === "]" && --depth < 0) return true;
  }
  return depth !== 0;
}

/** A compiled glob: a path matches when it is the glob's own text or matches its regular expression. */
interface CompiledGlob {
  glob: string;
  regex: RegExp;
}

function compileGlob(pattern: string, key: GlobKey): CompiledGlob {
  if (pattern.trim() === "" || pattern === "!") {
    throw new McpSettingsError(key, `${GLOB_FORM}; got the empty glob ${shown(pattern)}`);
  }
  const glob = pattern.startsWith("!") ? pattern.slice(1) : pattern;
  if (path.isAbsolute(glob) || /^[A-Za-z]:[\\/]/u.test(glob)) {
    throw new McpSettingsError(
      key,
      `${GLOB_FORM}; ${shown(pattern)} is an absolute path, but globs are matched against the path relative to ESLint's cwd ("src/tools/**")`,
    );
  }
  if (hasUnbalancedBrackets(glob)) {
    throw new McpSettingsError(key, `${GLOB_FORM}; ${shown(pattern)} has an unbalanced "[" or "]", so it can match nothing`);
  }
  try {
    // `debug` makes picomatch throw on a glob it cannot compile instead of silently matching nothing.
    return { glob, regex: picomatch.makeRe(glob, { dot: true, debug: true }) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpSettingsError(key, `${GLOB_FORM}; ${shown(pattern)} is not a valid glob (${reason})`);
  }
}

/** The settings keys that hold globs matched against a file's path (`toolFilesPath`). */
type GlobKey = "toolFiles" | "testFiles";

/**
 * What picomatch's matcher does with these options (a glob also matches its own text), without the result objects it
 * builds at each call. It runs once per file, so one function with plain loops: every function a file's lint runs
 * costs it (see docs/benchmarks.md).
 */
function compileGlobs(patterns: readonly string[], key: GlobKey): (path: string) => boolean {
  const included: CompiledGlob[] = [];
  const excluded: CompiledGlob[] = [];
  for (const pattern of patterns) (pattern.startsWith("!") ? excluded : included).push(compileGlob(pattern, key));
  return (path) => {
    let matched = false;
    for (let index = 0; !matched && index < included.length; index++) {
      const { glob, regex } = included[index];
      matched = path === glob || regex.test(path);
    }
    for (let index = 0; matched && index < excluded.length; index++) {
      const { glob, regex } = excluded[index];
      matched = path !== glob && !regex.test(path);
    }
    return matched;
  };
}

function compilePattern(value: unknown): RegExp | undefined {
  if (value === undefined) return undefined;
  const example = 'such as "^(Error|Failed)\\b"';
  if (typeof value !== "string" || value === "") {
    throw new McpSettingsError(
      "errorTextPattern",
      `must be a regular expression source in a non-empty string, ${example} (got ${shown(value)})`,
    );
  }
  try {
    // Compiled once per settings object; it only ever runs on a string literal's static prefix.
    return new RegExp(value, "u");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpSettingsError(
      "errorTextPattern",
      `must be a valid regular expression source, ${example}; ${shown(value)} does not compile with the "u" flag (${reason})`,
    );
  }
}

/**
 * The path `toolFiles` and `testFiles` globs are matched against: relative to `cwd` with `/` separators,
 * or the absolute path for a file outside `cwd`.
 */
export function toolFilesPath(filename: string, cwd: string): string {
  // The common case, a normalised path under the cwd, without the path module's parsing.
  const prefix = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  if (filename.startsWith(prefix) && !DOT_SEGMENT.test(filename)) {
    const relative = filename.slice(prefix.length);
    return path.sep === "/" ? relative : posixPath(relative);
  }
  const relative = relativeDirectory(cwd, path.dirname(filename));
  const chosen = relative === undefined ? filename : path.join(relative, path.basename(filename));
  return posixPath(chosen);
}

const posixPath = (native: string): string => (path.sep === "/" ? native : native.split(path.sep).join("/"));

/** A `.` or `..` segment, or an empty one: a path the path module must normalise first. */
const DOT_SEGMENT = /[\\/]\.{0,2}(?:[\\/]|$)/u;

/** Each directory's path relative to the cwd, computed once: `path.relative` is costly, and a project has few directories. */
const relativeDirectories = new Map<string, string | undefined>();

/** `directory` relative to `cwd`, or undefined when it is not inside it. */
function relativeDirectory(cwd: string, directory: string): string | undefined {
  const key = `${cwd}\0${directory}`;
  if (relativeDirectories.has(key)) return relativeDirectories.get(key);
  const relative = path.relative(cwd, directory);
  const inside = !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : undefined;
  relativeDirectories.set(key, inside);
  return inside;
}

function errorHelpers(value: unknown, errorPrefix: string): readonly ErrorHelper[] {
  const key = "errorHelpers";
  const expected =
    "must be an array whose entries are a function name or { name: string, messageArgument?: non-negative integer, addsPrefix?: boolean, failureArgument?: non-negative integer }";
  if (!Array.isArray(value)) throw new McpSettingsError(key, `${expected} (got ${shown(value)})`);
  return value.map((entry: unknown, index): ErrorHelper => {
    if (typeof entry === "string" && entry !== "")
      return { name: entry, messageArgument: 0, addedPrefix: undefined, failureArgument: undefined };
    const at = `${key}[${String(index)}]`;
    if (!isRecord(entry))
      throw new McpSettingsError(at, `${expected.replace("must be an array whose entries are", "must be")} (got ${shown(entry)})`);
    checkKeys(entry, ["name", "messageArgument", "addsPrefix", "failureArgument"], at);
    const { name, messageArgument = 0, addsPrefix = false, failureArgument } = entry;
    if (typeof name !== "string" || name === "") {
      throw new McpSettingsError(`${at}.name`, `must be a non-empty string, the helper's function name (got ${shown(name)})`);
    }
    if (typeof messageArgument !== "number" || !Number.isInteger(messageArgument) || messageArgument < 0) {
      throw new McpSettingsError(
        `${at}.messageArgument`,
        `must be a non-negative integer, the index of the message argument (got ${shown(messageArgument)})`,
      );
    }
    if (typeof addsPrefix !== "boolean") {
      throw new McpSettingsError(`${at}.addsPrefix`, `must be true or false (got ${shown(addsPrefix)})`);
    }
    if (
      failureArgument !== undefined &&
      (typeof failureArgument !== "number" ||
        !Number.isInteger(failureArgument) ||
        failureArgument < 0 ||
        failureArgument === messageArgument)
    ) {
      throw new McpSettingsError(
        `${at}.failureArgument`,
        `must be a non-negative integer other than messageArgument, the index of the argument that becomes isError (got ${shown(failureArgument)})`,
      );
    }
    return { name, messageArgument, addedPrefix: addsPrefix ? errorPrefix : undefined, failureArgument };
  });
}

function section(raw: Raw, key: "handlers" | "protocolErrors"): Raw {
  const value = raw[key];
  if (value === undefined) return {};
  if (!isRecord(value)) {
    throw new McpSettingsError(
      key,
      `must be an object with any of the keys ${Object.keys(DEFAULT_SETTINGS[key]).join(", ")} (got ${shown(value)})`,
    );
  }
  checkKeys(value, Object.keys(DEFAULT_SETTINGS[key]), key);
  return value;
}

function parseSettings(raw: unknown): McpSettings {
  if (raw === undefined) raw = {};
  if (!isRecord(raw)) throw new McpSettingsError("", `must be an object such as { toolFiles: ["**/src/tools/**"] } (got ${shown(raw)})`);
  checkKeys(raw, Object.keys(DEFAULT_SETTINGS), "");
  const handlers = section(raw, "handlers");
  const protocolErrors = section(raw, "protocolErrors");
  const list = (from: Raw, defaults: Record<string, readonly string[]>, name: string, path: string) =>
    from[name] === undefined ? (defaults[name] ?? []) : stringArray(from[name], `${path}${name}`);

  const toolFiles = raw.toolFiles === undefined ? DEFAULT_SETTINGS.toolFiles : stringArray(raw.toolFiles, "toolFiles", GLOBS);
  const testFiles = raw.testFiles === undefined ? DEFAULT_SETTINGS.testFiles : stringArray(raw.testFiles, "testFiles", GLOBS);
  const errorPrefix = raw.errorPrefix ?? DEFAULT_SETTINGS.errorPrefix;
  if (typeof errorPrefix !== "string" || errorPrefix.trim() === "") {
    throw new McpSettingsError("errorPrefix", `must be a non-empty string such as "Error: " (got ${shown(errorPrefix)})`);
  }
  const isToolFilePath = compileGlobs(toolFiles, "toolFiles");
  const isTestFilePath = compileGlobs(testFiles, "testFiles");
  return {
    toolFiles,
    testFiles,
    handlers: {
      properties: list(handlers, DEFAULT_SETTINGS.handlers, "properties", "handlers."),
      registrationMethods: list(handlers, DEFAULT_SETTINGS.handlers, "registrationMethods", "handlers."),
      definitionFunctions: list(handlers, DEFAULT_SETTINGS.handlers, "definitionFunctions", "handlers."),
      baseClasses: list(handlers, DEFAULT_SETTINGS.handlers, "baseClasses", "handlers."),
      decorators: list(handlers, DEFAULT_SETTINGS.handlers, "decorators", "handlers."),
      wrappers: list(handlers, DEFAULT_SETTINGS.handlers, "wrappers", "handlers."),
      serverModules: list(handlers, DEFAULT_SETTINGS.handlers, "serverModules", "handlers."),
    },
    protocolErrors: {
      names: list(protocolErrors, DEFAULT_SETTINGS.protocolErrors, "names", "protocolErrors."),
      modules: list(protocolErrors, DEFAULT_SETTINGS.protocolErrors, "modules", "protocolErrors."),
    },
    errorPrefix,
    acceptedErrorPrefixes: raw.acceptedErrorPrefixes === undefined ? [] : stringArray(raw.acceptedErrorPrefixes, "acceptedErrorPrefixes"),
    errorTextPattern: compilePattern(raw.errorTextPattern),
    errorHelpers: raw.errorHelpers === undefined ? [] : errorHelpers(raw.errorHelpers, errorPrefix),
    isToolFile: (filename, cwd) => isToolFilePath(toolFilesPath(filename, cwd)),
    isTestFile: (filename, cwd) => isTestFilePath(toolFilesPath(filename, cwd)),
  };
}

/** Edits (insert, delete, replace a character) that turn `a` into `b`, up to `limit + 1`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * A settings key that is almost this plugin's (`mcp-tools-errors`, `mcp-tool-error`): its settings
 * would be ignored without a word.
 */
export function misspelledNamespace(settings: Readonly<Record<string, unknown>>): McpSettingsError | undefined {
  const near = Object.keys(settings).find((key) => key !== SETTINGS_KEY && editDistance(key.toLowerCase(), SETTINGS_KEY, 2) <= 2);
  if (near === undefined) return undefined;
  const error = new McpSettingsError("", "");
  error.message = `settings["${near}"] is not read by any rule: the plugin's settings go under settings["${SETTINGS_KEY}"] (check the spelling)`;
  return error;
}

/** Each settings object's reading: one per configuration, the same for every file it lints. */
const bySettings = new WeakMap<object, McpSettings | McpSettingsError>();
const byNamespace = new WeakMap<object, McpSettings>();
/** The settings of a configuration that sets none, parsed on first use (`defaults ??= parseSettings(undefined)`). */
let defaults: McpSettings | undefined;

/**
 * The plugin's settings from a rule context's `settings`, validated once per settings object.
 * Throws (stopping the lint run) with a message naming the bad key.
 */
export function getMcpSettings(settings: Readonly<Record<string, unknown>>): McpSettings {
  // A configuration without settings gives every file a new empty object (ESLint's `settings = {}`): no
  // entry of the cache below would ever be read again.
  if (Object.keys(settings).length === 0) return (defaults ??= parseSettings(undefined));
  let read = bySettings.get(settings);
  if (read === undefined) {
    try {
      read = readSettings(settings);
    } catch (error) {
      if (!(error instanceof McpSettingsError)) throw error;
      read = error;
    }
    bySettings.set(settings, read);
  }
  if (read instanceof McpSettingsError) throw read;
  return read;
}

function readSettings(settings: Readonly<Record<string, unknown>>): McpSettings {
  const misspelled = misspelledNamespace(settings);
  if (misspelled) throw misspelled;
  const raw = settings[SETTINGS_KEY];
  if (raw === undefined) return (defaults ??= parseSettings(undefined));
  if (typeof raw !== "object" || raw === null) return parseSettings(raw);
  // Configurations that share the plugin's settings object share its reading too.
  let parsed = byNamespace.get(raw);
  if (!parsed) {
    parsed = parseSettings(raw);
    byNamespace.set(raw, parsed);
  }
  return parsed;
}
