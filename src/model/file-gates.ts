import { SDK_PROTOCOL_ERROR_NAMES } from "./protocol-errors.js";
import { APP_TOOL_REGISTRATION_NAMES, SET_REQUEST_HANDLER, TOOL_CALLBACK_TYPE } from "./handler-shapes.js";
import type { McpSettings } from "./settings.js";
import { lastAnswer } from "../util/last-answer.js";

/*
 * What a file's text rules out before any rule walks it: a file that never writes `content` holds no
 * tool result, one without a protocol-error name, `-32xxx` or `jsonrpc` no protocol error, one naming
 * no registration, definition or handler shape no tool handler. Each is one regular expression test
 * over the text, once per file; a rule with nothing to look for in a file adds no listener.
 */

/** What a file may hold, as far as its text tells. */
export interface FileGates {
  /** `{ content: [...] }`: tool results, and the error helpers that build them. */
  readonly toolResults: boolean;
  /** Protocol-error names, reserved JSON-RPC codes or a hand-built JSON-RPC error. */
  readonly protocolErrors: boolean;
  /** A tool handler in a shape of the settings (without type information: with it, any file may). */
  readonly handlers: boolean;
}

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
// One word boundary around the alternatives: faster than a boundary around each.
const anyWord = (names: readonly string[]): string => `\\b(?:${names.map(escape).join("|")})\\b`;

interface Patterns {
  toolResults: RegExp;
  protocolErrors: RegExp;
  handlers: RegExp;
}

/** The patterns of the last settings object asked about: a file's rules share one, and most runs have one in all. */
const patternsFor = lastAnswer((settings: McpSettings): Patterns => {
  const { handlers, protocolErrors, errorHelpers } = settings;
  // A configured helper may stand for a result built in another file.
  const helperNames = errorHelpers.map(({ name }) => name.split(".").at(-1) ?? name);
  return {
    toolResults: new RegExp(anyWord(["content", ...helperNames]), "u"),
    protocolErrors: new RegExp(`${anyWord([...protocolErrors.names, ...SDK_PROTOCOL_ERROR_NAMES, "jsonrpc"])}|-\\s*32\\d{3}\\b`, "u"),
    handlers: new RegExp(
      anyWord([
        SET_REQUEST_HANDLER,
        TOOL_CALLBACK_TYPE,
        ...APP_TOOL_REGISTRATION_NAMES,
        ...handlers.registrationMethods,
        ...handlers.definitionFunctions,
        ...handlers.properties,
        ...handlers.baseClasses,
        ...handlers.decorators,
      ]),
      "u",
    ),
  };
});

/**
 * The gates of one file, each tested on first use. With type information every gate but the
 * protocol-error one stays open: a handler may be registered, and an error helper declared, in
 * another file. In a tool file any function may be a handler (a default export), so the path is
 * matched before the text is searched. A class, not an object literal with getters: V8 defines a
 * literal's accessors one by one at each evaluation, which cost more than a gate's test. Built with `new` where a
 * file's model is, with no factory around it: every function a file's lint runs costs it (docs/benchmarks.md).
 */
export class TextGates implements FileGates {
  // One field per gate, not a record keyed by the gate's name: a keyed read and write per test cost more in a lint run.
  private hasToolResults: boolean | undefined;
  private hasProtocolErrors: boolean | undefined;
  private hasHandlers: boolean | undefined;
  private readonly patterns: Patterns;

  constructor(
    private readonly text: string,
    settings: McpSettings,
    private readonly typed: boolean,
    private readonly isToolFile: () => boolean,
  ) {
    this.patterns = patternsFor(settings);
  }

  get toolResults(): boolean {
    return this.typed || (this.hasToolResults ??= this.patterns.toolResults.test(this.text));
  }

  get protocolErrors(): boolean {
    return (this.hasProtocolErrors ??= this.patterns.protocolErrors.test(this.text));
  }

  get handlers(): boolean {
    return this.typed || this.isToolFile() || (this.hasHandlers ??= this.patterns.handlers.test(this.text));
  }
}
