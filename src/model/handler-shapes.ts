import type { McpSettings } from "./settings.js";

/*
 * The shapes in which MCP servers define tool handlers, described once and driven by the validated
 * settings. Each adapter (ESTree for the rules, TypeScript nodes for the cross-file index and the
 * audit) reads the facts of a position off its own syntax tree and asks these functions what the
 * position is; no adapter decides a shape by itself.
 */

/** How a handler was recognised; `requestHandler` is the low-level `tools/call` dispatcher. */
export type ToolHandlerKind =
  "classMethod" | "decoratedMethod" | "defaultExport" | "definition" | "dispatchTable" | "registration" | "requestHandler";

/**
 * The path a handler's result or throw takes at run time: a low-level dispatcher answers a throw
 * with a JSON-RPC error; an `McpServer` registration (`tool`, `registerTool`, `registerToolTask`
 * in the SDK's form) has the SDK's safety net; a framework definition, a registration method a
 * project added to `handlers.registrationMethods` (or its own method of an SDK name), or a shape the
 * plugin knows no runtime of has whatever its framework does.
 */
export type HandlerPath = "dispatcher" | "registration" | "framework";

/** A recognised handler position: its kind and the method or function it was given to. */
export interface HandlerShape {
  kind: ToolHandlerKind;
  /**
   * `registerTool`, `setRequestHandler`, `addTool`, `defineTool`, the base class, the decorator; undefined for a default
   * export.
   */
  via: string | undefined;
  /**
   * A registration in `McpServer`'s own form (`registerTool(name, config, cb)`, `tool(name, ..., cb)`),
   * not a project's method of the same name (the ADR's `transport.registerTool(schema, handler)`); or a default export
   * that xmcp registers on `McpServer` for its tool file.
   */
  mcpServer?: boolean;
}

/**
 * Non-MCP agent libraries (the Vercel AI SDK, LangChain, the OpenAI Agents SDK): their `tool({ execute })` is not an
 * MCP tool, even in a tools folder.
 */
const AGENT_LIBRARY = /^(?:ai|langchain)(?:\/|$)|^@(?:ai-sdk|langchain)\/|^@openai\/agents(?:-[\w-]+)?(?:\/|$)/u;

export const SET_REQUEST_HANDLER = "setRequestHandler";
const CALL_TOOL_SCHEMA = "CallToolRequestSchema";
const CALL_TOOL_METHOD = "tools/call";

/**
 * `McpServer`'s registration methods (SDK v1 and v2), each with the first index its callback can have:
 * the SDK turns a throw from the callback into an error result.
 */
const MCP_SERVER_CALLBACK_INDEX: Readonly<Record<string, number>> = { tool: 1, registerTool: 2, registerToolTask: 2 };

/** `tool(name, [description], [schema], [annotations], cb)` takes its callback anywhere after the name; the others only third. */
const VARIADIC_CALLBACK_METHODS: ReadonlySet<string> = new Set(["tool"]);

/**
 * A callback at `argumentIndex` of a call of `method` stands where `McpServer`'s method of that name takes it: true or
 * false for `McpServer`'s methods (`registerTool(name, "description", schema, cb)` is a project's own), undefined for
 * any other method.
 */
export function takesMcpServerCallback(method: string | undefined, argumentIndex: number): boolean | undefined {
  if (method === undefined || !Object.hasOwn(MCP_SERVER_CALLBACK_INDEX, method)) return undefined;
  const index = MCP_SERVER_CALLBACK_INDEX[method];
  return VARIADIC_CALLBACK_METHODS.has(method) ? argumentIndex >= index : argumentIndex === index;
}

/**
 * SDK v1's task tools take a handler object in the callback's place: `experimental.tasks.registerToolTask(name, config,
 * { createTask, getTask, getTaskResult })`. `McpServer` calls its `createTask` to run the tool, inside the `try` of its
 * `tools/call` handler, as it calls a callback; the other two only read the task store. (SDK v2 has no task tools.)
 */
const TASK_HANDLER_MEMBERS: Readonly<Record<string, string>> = { registerToolTask: "createTask" };

/**
 * The shape of member `member` of a handler object that stands in an `McpServer` registration's handler position
 * (`registrationShape`, the shape `callArgumentShape` gives the object's position): the registration's, for the
 * member that runs the tool (`createTask` of `registerToolTask`'s object).
 */
export function handlerObjectMemberShape(
  registrationShape: HandlerShape | "lookThrough" | undefined,
  member: string | undefined,
): HandlerShape | undefined {
  // Only `McpServer`'s own form (`registerToolTask(name, config, handler)`) takes such an object.
  if (registrationShape === undefined || registrationShape === "lookThrough" || registrationShape.mcpServer !== true) return undefined;
  const { via } = registrationShape;
  return via !== undefined && Object.hasOwn(TASK_HANDLER_MEMBERS, via) && TASK_HANDLER_MEMBERS[via] === member
    ? registrationShape
    : undefined;
}

/** `createTask`: a member that `handlerObjectMemberShape` can make a handler, checked before the rest is asked. */
export function isHandlerObjectMember(member: string | undefined): boolean {
  return member !== undefined && Object.values(TASK_HANDLER_MEMBERS).includes(member);
}

/** A framework whose runtime turns a handler's throw into an error result of its own wording (`throwOutcome` says how). */
export type ConvertingFramework = "fastmcp";

/** FastMCP's module, and the method its server registers a tool object with. */
const FASTMCP_MODULE = "fastmcp";
const FASTMCP_ADD_TOOL = "addTool";

/** Definition functions whose runtime turns a throw into an error result: FastMCP's `addTool`. */
const CONVERTING_DEFINITION_FUNCTIONS: Readonly<Record<string, ConvertingFramework>> = { [FASTMCP_ADD_TOOL]: "fastmcp" };

/**
 * Base classes whose runtime answers a throw with the thrown message as an error result, and any returned value as a
 * success: mcp-framework's `MCPTool`, whose `toolCall` sends what `execute` returns as content (content items as they
 * are, anything else as its JSON text, an `isError` result too) and answers a throw with `{ content: [{ type: "text",
 * text: error.message }], isError: true }`. A throw is how such a tool fails, so its handlers are guarded, and the
 * thrown message is the error text (`answersThrowWithMessage`).
 */
const MESSAGE_ANSWERING_BASE_CLASSES: ReadonlySet<string> = new Set(["MCPTool"]);

/** xmcp's module, whose tool files default-export their handler. */
const XMCP_MODULE = "xmcp";

/**
 * The text may hold a handler that answers with a string, which its framework sends as a text result: FastMCP's
 * `addTool({ execute })` (or a tool object of a file that imports `fastmcp`), an mcp-framework `MCPTool`, an xmcp tool
 * file (which imports `xmcp`). The SDK's own handlers answer with results, never strings.
 */
export function mayAnswerWithStrings(text: string): boolean {
  return STRING_ANSWERING_FRAMEWORKS.test(text);
}

/** The names that show such a framework: its definition function or module, its base class, xmcp's module (`defaultExportShape`). */
const STRING_ANSWERING_FRAMEWORKS = new RegExp(
  `\\b(?:${[...Object.keys(CONVERTING_DEFINITION_FUNCTIONS), FASTMCP_MODULE, ...MESSAGE_ANSWERING_BASE_CLASSES, XMCP_MODULE].join("|")})\\b`,
  "u",
);

/** The text may hold a handler whose runtime answers a throw with its message (`answersThrowWithMessage`). */
export function mayAnswerThrowsWithMessage(text: string): boolean {
  for (const name of MESSAGE_ANSWERING_BASE_CLASSES) if (text.includes(name)) return true;
  return false;
}

/** A handler of this shape fails by throwing: its runtime answers the throw with the message as the error text. */
export function answersThrowWithMessage(shape: HandlerShape): boolean {
  return shape.kind === "classMethod" && shape.via !== undefined && MESSAGE_ANSWERING_BASE_CLASSES.has(shape.via);
}

/**
 * WebMCP's registry of a web page's tools, `navigator.modelContext` (also `window.navigator.modelContext`, and
 * `document.modelContext` of its polyfills): its `registerTool({ execute })` gives the browser's agent a tool of the
 * page, not a tool of an MCP server. `object` is the last name of the registry's object (`navigator`), `property` the
 * registry's own (`modelContext`).
 */
export function isWebMcpRegistry(object: string | undefined, property: string | undefined): boolean {
  return (object === "navigator" || object === "document") && property === WEB_MCP_REGISTRY;
}

const WEB_MCP_REGISTRY = "modelContext";

/**
 * A file that gives WebMCP's registry the page's tools and imports no MCP server module: every registration in it is
 * WebMCP's, also where the registry reaches the call through a variable or a function (`const ctx = resolveRegistry();
 * ctx.registerTool(tool)`), so it registers no MCP tool.
 */
export function givesWebMcpTools(settings: McpSettings, text: string, imports: readonly string[]): boolean {
  return text.includes(WEB_MCP_REGISTRY) && !imports.some((source) => isServerModule(settings, source));
}

/** A module of the Vercel AI SDK or LangChain. */
export function isAgentLibrary(source: string): boolean {
  return AGENT_LIBRARY.test(source);
}

/** A module named in `handlers.serverModules` (prefix match: `@modelcontextprotocol/sdk/server/mcp.js`). */
export function isServerModule(settings: McpSettings, source: string): boolean {
  return settings.handlers.serverModules.some((prefix) => source.startsWith(prefix));
}

/** A call that registers a tool on a server: `server.registerTool(...)`, `this.server.tool(...)`, `setRequestHandler(...)`. */
export function isRegistrationCall(settings: McpSettings, facts: { method: string | undefined; otherToolApi: boolean }): boolean {
  if (facts.method === undefined || facts.otherToolApi) return false;
  return facts.method === SET_REQUEST_HANDLER || settings.handlers.registrationMethods.includes(facts.method);
}

/**
 * A function imported under a name of `handlers.registrationMethods` that is no `McpServer` method's (a project's
 * `registerAnnotatedTool(server, name, config, cb)` from its helpers, named there): a bare call of it registers as a
 * call of a method of that name does. `McpServer`'s own method names imported as functions are another library's
 * (`tool` of an agent framework). `name` is the callee's.
 */
export function importedRegistrationFunction(settings: McpSettings, facts: { name: string; imported: () => boolean }): string | undefined {
  if (Object.hasOwn(MCP_SERVER_CALLBACK_INDEX, facts.name) || !settings.handlers.registrationMethods.includes(facts.name)) return undefined;
  return facts.imported() ? facts.name : undefined;
}

/**
 * A registration method taken off its object: destructured (`function registerGetAlert({ registerTool }:
 * ToolRegistrar)`, `const { registerTool } = registrar`) or bound (`const tool = (server as any).tool.bind(server)`). A
 * bare call of it is the object's `registrar.registerTool(...)`, read as a call of the method it was taken as
 * (`method`: the destructured key, the bound method's name). Only under a registration method's own name (`name`, the
 * callee's): every other bare call would need its binding asked.
 */
export function aliasedMethod(settings: McpSettings, facts: { name: string; method: () => string | undefined }): string | undefined {
  const { registrationMethods } = settings.handlers;
  if (!registrationMethods.includes(facts.name)) return undefined;
  const method = facts.method();
  return method !== undefined && registrationMethods.includes(method) ? method : undefined;
}

/** What an adapter knows of a whole file. */
export interface FileFacts {
  /** The modules the file imports (`import ... from "<module>"`, type-only imports included). */
  imports: readonly string[];
  /** The file calls a registration method itself (`isRegistrationCall`). */
  registersTools: boolean;
  /** The file exports a `schema` or `metadata` of its own (xmcp's tool file: `export const metadata: ToolMetadata`). */
  exportsToolMetadata: boolean;
  /**
   * The file imports, as a value, one of the SDK's protocol errors (`McpError`, `ErrorCode`, v2's `ProtocolError`)
   * from a `protocolErrors.modules` module (`isSdkProtocolErrorImport`): what a server throws at its client.
   */
  importsProtocolErrors: boolean;
}

/** The MCP SDK's client modules, v1's and v2's. */
const CLIENT_MODULE = /^@modelcontextprotocol\/(?:sdk\/client|client)(?:\/|$)/u;

/**
 * A file that shows it is MCP server code: it imports a server module or registers tools itself, or it imports the
 * SDK's protocol errors and no client.
 * A file that imports only an MCP client, the AI SDK or LangChain holds adapters of remote or agent
 * tools, whose `{ inputSchema, execute }` objects are not MCP tool handlers.
 */
export function isServerCode(settings: McpSettings, facts: FileFacts): boolean {
  if (facts.registersTools || facts.imports.some((source) => isServerModule(settings, source))) return true;
  // A module of tool definitions that throws the SDK's protocol errors (`throw new McpError(ErrorCode.InvalidParams,
  // ...)`) and imports no client or agent library: a server's tool module, loaded by a dispatcher in another file.
  return facts.importsProtocolErrors && !facts.imports.some((source) => CLIENT_MODULE.test(source) || isAgentLibrary(source));
}

/**
 * String methods that normalise a dispatcher's requested tool name without making it another (`name.toLowerCase()`,
 * `name.trim()`, `name.replace(/\./g, "_")`): a lookup or a `switch` by the result is one by the name. The case and
 * white-space methods take no arguments.
 */
const NAME_NORMALISERS: ReadonlySet<string> = new Set([
  "toLowerCase",
  "toUpperCase",
  "toLocaleLowerCase",
  "toLocaleUpperCase",
  "trim",
  "normalize",
]);
const NAME_REWRITERS: ReadonlySet<string> = new Set(["replace", "replaceAll"]);

/** A call of string method `method` with `argumentCount` arguments normalises a name (`NAME_NORMALISERS`). */
export function normalisesName(method: string | undefined, argumentCount: number): boolean {
  if (method === undefined) return false;
  return argumentCount === 0 ? NAME_NORMALISERS.has(method) : NAME_REWRITERS.has(method);
}

/** `CallToolRequestSchema` (or `types.CallToolRequestSchema`: its last name) or the v2 method string `"tools/call"`. */
export function isCallToolSelector(selector: { name?: string; literal?: string }): boolean {
  return selector.literal === CALL_TOOL_METHOD || selector.name === CALL_TOOL_SCHEMA;
}

/** What an adapter knows of a call one of whose arguments is a candidate handler. */
export interface CallArgumentFacts {
  /** The method name when the callee is a member (`server.registerTool`), else undefined. */
  method: string | undefined;
  argumentIndex: number;
  /** No function expression comes after the argument (the SDK's callback is always last). */
  isLastFunctionArgument: boolean;
  /** The first argument, for `setRequestHandler`. */
  selector: { name?: string; literal?: string };
  /**
   * The callee's last name: a method's (`registerTool`) or a function's (`defineTool`); asked only where a definition
   * function or MCP Apps' `registerAppTool` may be called.
   */
  callee: () => string | undefined;
  /** The first argument is an object literal before the argument: a tool's config (`tool({ name }, cb)`), no name. */
  configFirst: boolean;
  /** The first argument is a string literal before the argument: the tool's name (`createTool("list_bots", ..., cb)`). */
  nameFirst: boolean;
  /**
   * The module the callee is imported from (asked only of a definition function's name given the tool's name first,
   * and of MCP Apps' `registerAppTool`).
   */
  importSource: () => string | undefined;
  /** The callee is another tool API's than MCP's: imported from the AI SDK or LangChain, or WebMCP's (`isWebMcpRegistry`). */
  otherToolApi: boolean;
  /**
   * The method is called on an instance of a class of the project (`isProjectClass`), which defines it: `registry.tool(...)`
   * after `const registry = new ToolRegistry()`. Asked only of a registration in `McpServer`'s form.
   */
  projectReceiver: () => boolean;
}

/**
 * A class of the project, whose instance's registration method is the project's own, not `McpServer`'s: one declared
 * in the file that defines the method (`class ToolRegistry { tool(name, description, shape, cb) { ... } }`), or one
 * imported from a relative module (`import { ToolRegistry } from "./registry.js"`), which the file cannot read.
 */
export function isProjectClass(facts: { declaredWithMethod: boolean; importSource: string | undefined }): boolean {
  return facts.declaredWithMethod || (facts.importSource?.startsWith(".") ?? false);
}

/**
 * Built-in methods whose callback is never the handler and whose result is never a function made from
 * it: an array's iteration (`tools.find((tool) => ...)` picks a handler, it is not one) and a promise's
 * chaining. Their calls are not looked through as wrappers.
 */
const CALLBACK_ONLY_METHODS: ReadonlySet<string> = new Set([
  "every",
  "filter",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "flatMap",
  "forEach",
  "map",
  "reduce",
  "reduceRight",
  "some",
  "sort",
  "toSorted",
  "then",
  "catch",
  "finally",
]);

/**
 * What a call argument is: a handler (`registerTool(name, config, cb)`, `setRequestHandler(CallToolRequestSchema, cb)`),
 * the inside of a call to look through (`withAuth(cb)`, whose result may stand in a handler position), or nothing.
 */
export function callArgumentShape(settings: McpSettings, facts: CallArgumentFacts): HandlerShape | "lookThrough" | undefined {
  if (facts.otherToolApi) return undefined;
  if (facts.method === SET_REQUEST_HANDLER) {
    return facts.argumentIndex === 1 && isCallToolSelector(facts.selector)
      ? { kind: "requestHandler", via: SET_REQUEST_HANDLER }
      : undefined;
  }
  if (!facts.isLastFunctionArgument) return undefined;
  if (facts.method !== undefined && settings.handlers.registrationMethods.includes(facts.method)) {
    // `McpServer`'s methods take the tool's name first; tmcp's `server.tool({ name }, cb)` takes a config and no safety net,
    // and a project's registry of the same form (`registry.tool(name, description, shape, cb)`) runs the handler its way.
    const mcpServer = takesMcpServerCallback(facts.method, facts.argumentIndex) === true && !facts.configFirst && !facts.projectReceiver();
    return { kind: "registration", via: facts.method, mcpServer };
  }
  if (facts.argumentIndex === APP_TOOL_CALLBACK_INDEX) {
    const callee = facts.callee();
    if (isAppToolRegistrationName(callee) && isAppToolModule(facts.importSource()))
      return { kind: "registration", via: callee, mcpServer: true };
  }
  // tmcp's `defineTool({ name, schema }, execute)`: a definition function given the tool's options, then its handler;
  // or one imported from the project's helpers given the name first (meeting-mcp's `createTool("list_bots", description,
  // parameters, execute)`, which builds FastMCP's tool object). One of the file's own is a registrar or a wrapper.
  if (facts.configFirst || facts.nameFirst) {
    const callee = facts.callee();
    const definitionCall = callee !== undefined && settings.handlers.definitionFunctions.includes(callee);
    if (definitionCall && (facts.configFirst || facts.importSource() !== undefined)) return { kind: "definition", via: callee };
  }
  return facts.method !== undefined && CALLBACK_ONLY_METHODS.has(facts.method) ? undefined : "lookThrough";
}

/**
 * MCP Apps' registration function (`@modelcontextprotocol/ext-apps/server`) and its callback's index:
 * `registerAppTool(server, name, config, cb)` adds the tool's UI metadata to `config` and hands the rest to
 * `server.registerTool(name, config, cb)`, so its callback has `McpServer`'s safety net.
 */
export const APP_TOOL_REGISTRATION_NAMES: readonly string[] = ["registerAppTool"];
const APP_TOOL_CALLBACK_INDEX = 3;
const EXT_APPS_MODULE = /^@modelcontextprotocol\/ext-apps(?:\/|$)/u;

/** A call of MCP Apps' registration function's name, before its import is asked. */
export function isAppToolRegistrationName(callee: string | undefined): boolean {
  return callee !== undefined && APP_TOOL_REGISTRATION_NAMES.includes(callee);
}

/** A module of MCP Apps (`@modelcontextprotocol/ext-apps/server`). */
function isAppToolModule(source: string | undefined): boolean {
  return source !== undefined && EXT_APPS_MODULE.test(source);
}

/** The SDK's type of an `McpServer` tool callback (`@modelcontextprotocol/sdk/server/mcp.js`). */
export const TOOL_CALLBACK_TYPE = "ToolCallback";

/**
 * A function bound to a `const` declared with the SDK's callback type (`const getFlakyTests: ToolCallback<Args> =
 * async (args) => ...`, the type imported from a server module) is an `McpServer` callback that another file registers.
 */
export function annotatedCallbackShape(
  settings: McpSettings,
  facts: { typeName: string; typeSource: () => string | undefined },
): HandlerShape | undefined {
  if (facts.typeName !== TOOL_CALLBACK_TYPE) return undefined;
  const source = facts.typeSource();
  return source !== undefined && isServerModule(settings, source)
    ? { kind: "registration", via: TOOL_CALLBACK_TYPE, mcpServer: true }
    : undefined;
}

/** What an adapter knows of an object literal that has a handler property. */
export interface DefinitionObjectFacts {
  /** The name of the call the object is an argument of (`defineTool`, `server.addTool`: `addTool`). */
  definitionCall: string | undefined;
  /** That call's callee is another tool API's than MCP's (see `CallArgumentFacts`). */
  otherToolApi: boolean;
  inToolFile: boolean;
  /** The file shows it is MCP server code (`isServerCode`). */
  inServerCode: boolean;
  /** An input schema property (`hasInputSchemaProperty`). */
  hasInputSchema: boolean;
  /** It defines a prompt or a resource, or is a queue's job (`definesNoTool`): asked only of an object that would define a tool. */
  definesNoTool: () => boolean;
  /** The modules the file imports (`FileFacts.imports`): asked only of a tool file's object given to no call. */
  fileImports: () => readonly string[];
}

/** Registrations of the other MCP primitives: the handler of an object given to them answers `prompts/get` or `resources/read`. */
const OTHER_PRIMITIVE_REGISTRATIONS: readonly string[] = ["prompt", "registerPrompt", "resource", "registerResource"];

/** Properties that only a resource or resource template definition has. */
const RESOURCE_PROPERTIES: readonly string[] = ["uri", "uriTemplate"];

/**
 * An object with a handler that defines a prompt or a resource, not a tool: given to a prompt or resource registration
 * (mcp-lite's `mcp.prompt(name, { inputSchema, handler })`), or with a resource's `uri`/`uriTemplate`, its members'
 * names given by `has`. A throw there is the JSON-RPC error those requests answer with.
 */
function definesOtherPrimitive(call: string | undefined, has: (name: string) => boolean): boolean {
  return (call !== undefined && OTHER_PRIMITIVE_REGISTRATIONS.includes(call)) || RESOURCE_PROPERTIES.some(has);
}

/** The members a job carries for the promise it settles: a queue runs the job's function and settles the promise with it. */
const PROMISE_SETTLERS: readonly string[] = ["resolve", "reject"];

/**
 * An object with a handler-named function that defines no tool: a prompt or a resource (`definesOtherPrimitive`), or a
 * queue's job that carries its promise's `resolve` and `reject` beside the function (`queue.push({ execute, resolve,
 * reject })`, a rate limiter's), which the queue runs inside its own `try`.
 */
export function definesNoTool(call: string | undefined, has: (name: string) => boolean): boolean {
  return definesOtherPrimitive(call, has) || PROMISE_SETTLERS.every(has);
}

/**
 * The properties that give a tool definition its input schema: the SDK's `inputSchema`, `schema` (the ADR project's
 * `{ schema, handler }` factories, `defineTool`-style objects) and FastMCP's `parameters`.
 */
const INPUT_SCHEMA_PROPERTIES: readonly string[] = ["inputSchema", "schema", "parameters"];

/** An object with one of `INPUT_SCHEMA_PROPERTIES`, its members' names given by `has`. */
export function hasInputSchemaProperty(has: (name: string) => boolean): boolean {
  return INPUT_SCHEMA_PROPERTIES.some(has);
}

/** A handler property (`handler`, `handle`, `execute`) by name. */
export function isHandlerProperty(settings: McpSettings, name: string | undefined): boolean {
  return name !== undefined && settings.handlers.properties.includes(name);
}

/**
 * The SDK's own name for a tool's function (`RegisteredTool.callback`, the `ToolCallback` type): the handler of a
 * definition object only beside the tool's input schema (`{ name, inputSchema, callback }`), where a bare `callback`
 * may be any function.
 */
const SCHEMA_BOUND_HANDLER_PROPERTY = "callback";

/**
 * Member `name` of an object literal holds the handler of a tool definition: a handler property (`isHandlerProperty`),
 * or `callback` beside an input schema property (`hasInputSchemaProperty`), the object's members' names given by `has`.
 */
export function isHandlerMember(settings: McpSettings, name: string | undefined, has: (name: string) => boolean): boolean {
  return isHandlerProperty(settings, name) || (name === SCHEMA_BOUND_HANDLER_PROPERTY && hasInputSchemaProperty(has));
}

/**
 * The shape of a tool definition object's handler property, or undefined when the object is not an
 * MCP tool definition. A definition function counts in any file unless it comes from the AI SDK or
 * LangChain; a bare object counts in a tool file, and elsewhere only with a schema in a file that
 * shows it is MCP server code.
 */
export function definitionObjectShape(settings: McpSettings, facts: DefinitionObjectFacts): HandlerShape | undefined {
  const shape = toolDefinitionShape(settings, facts);
  return shape && !facts.definesNoTool() ? shape : undefined;
}

function toolDefinitionShape(settings: McpSettings, facts: DefinitionObjectFacts): HandlerShape | undefined {
  if (facts.definitionCall !== undefined) {
    if (facts.otherToolApi) return undefined;
    if (settings.handlers.definitionFunctions.includes(facts.definitionCall)) return { kind: "definition", via: facts.definitionCall };
  }
  // In a tool file, the project's own definition function (`definePageTool({ handler })`) is what the hint names; an
  // object of a file that imports FastMCP, with its `parameters`, is a FastMCP tool that the server hands to `addTool`.
  if (facts.inToolFile) {
    const fastMcp = facts.definitionCall === undefined && facts.hasInputSchema && facts.fileImports().includes(FASTMCP_MODULE);
    return { kind: "definition", via: fastMcp ? FASTMCP_ADD_TOOL : facts.definitionCall };
  }
  // Given to a call (a project's `registerTool(server, { name, schema, handler })`), the object is that function's to run.
  return facts.hasInputSchema && facts.inServerCode ? { kind: "definition", via: facts.definitionCall } : undefined;
}

/**
 * A function in a handler position whose whole work is calling a method (`(args) => this.search(args)`,
 * `async (args) => { return tools.search(args); }`) hands the handler role to that method when the adapter finds it
 * (a member of the enclosing class, a property of a same-file object literal): the method's throws are then the
 * handler's. A low-level `tools/call` dispatcher does the same with a function declared in its file
 * (`(request) => handleToolCall(request.params.name, request.params.arguments)`), which then holds the unknown-tool
 * branch, unless the call gives the function a function (`handleRequest("call_tool", params, async (validated) =>
 * ...)`): that is a wrapper, and the callback does the work. Elsewhere a called function stays a helper whose call is
 * followed (`(args) => runGitDiff(args)`), and a callee the adapter cannot find leaves the function the handler.
 */
export function forwardsToFunction(
  facts: { callee: "method" | "function" | undefined; position: ToolHandlerKind | undefined },
  asked: { calleeFound: () => boolean; givenFunction: () => boolean },
): boolean {
  if (facts.callee === undefined) return false;
  if (facts.callee === "function" && (facts.position !== "requestHandler" || asked.givenFunction())) return false;
  return asked.calleeFound();
}

/**
 * What an argument of a call is, as far as the handler role goes: a function (written there, or a function declared
 * in the file), a parameter of a function around the call, or another value.
 */
export type GivenValue = "function" | "parameter" | "other";

/**
 * A function whose whole work is calling what a call returns with its own parameters (`(args) => wrap(cb)(args)`) is
 * the long form of that call (`wrap(cb)`), when the call is given a function or a parameter: the function given
 * (`cb`, or what a local registrar is given for it) is the handler, in the long form's position, and `wrap` is read as
 * its wrapper. Given only other values (`(args) => lookup(name)(args)`), the long form stays the handler.
 */
export function etaExpansionHandsOn(given: readonly GivenValue[]): boolean {
  return given.some((value) => value !== "other");
}

/**
 * A function that a function declared in the file makes and returns (`function instrumented(name, run) { return async
 * (args) => { ... } }`) stands where that function's calls stand: `registerTool(name, config, instrumented(name, run))`
 * registers what it returns, whose own throws (a `catch` that rethrows) escape as a handler's do. The function given
 * to the call (`run`) stands there too, with the call as its wrapper. Only a function returned as itself (not through
 * a variable or a conditional) by a function declaration or a function bound to a `const`.
 */
export function standsWhereMakerIsCalled(facts: { makerDeclaredInFile: boolean }): boolean {
  return facts.makerDeclaredInFile;
}

/**
 * A local registrar: a function declared in the file that hands one of its plain parameters on to a handler position
 * (`const tool = (name, shape, cb) => server.registerTool(name, { inputSchema: shape }, cb)`, also through a wrapper).
 * The argument its calls in the same file give that parameter, when it is the call's last function argument and the
 * call's result stands in no handler position of its own (`tool("search", shape, async (args) => ...)`), stands in
 * that position. A parameter that is destructured, defaulted or a rest is not followed.
 */
export function isRegistrarParameter(facts: { plainParameter: boolean; argumentShape: HandlerShape | "lookThrough" | undefined }): boolean {
  return facts.plainParameter && facts.argumentShape === "lookThrough";
}

/** What an adapter knows of a table (object literal, `new Map([...])`, array of definitions) holding a function. */
export interface DispatchTableFacts {
  /** A read of the table stands in a low-level `tools/call` dispatcher. */
  inDispatcher: boolean;
  /** That read looks the handler up by the requested name (`handlers[name]`, `toolMap.get(name)`, `tools.find(...)`). */
  byRequestedName: boolean;
  /** The lookup's result is called: `handlers[name](args)`, `tool.handler(args)`, `const h = ...; h(args)`. */
  resultCalled: boolean;
}

/**
 * A table's entries include those of the tables a factory call spread into it returns (`const TOOL_HANDLERS = {
 * ...createLogsToolHandlers(api) }`, the factory returning `{ get_logs: async (request) => ... }`), through this many
 * factories at most.
 */
export const MAX_SPREAD_FACTORIES = 2;

/** Each function of a table a dispatcher looks the requested tool up in and calls is a handler on the low-level path. */
export function dispatchTableShape(facts: DispatchTableFacts): HandlerShape | undefined {
  return facts.inDispatcher && facts.byRequestedName && facts.resultCalled
    ? { kind: "dispatchTable", via: SET_REQUEST_HANDLER }
    : undefined;
}

/**
 * A call of a handler guarded by its caller: it stands in the block of a `try` of the caller whose
 * `catch` returns an error result, so what the handler throws becomes an error result.
 * A dispatcher's call of a table's function, or a wrapper's call of the handler it was given; a wrapper may also make
 * the call in a function it gives a catching wrapper (`(handler) => withErrorHandling(async (input) => handler(input))`).
 */
export function isGuardedCall(facts: { inTry: boolean; catchReturnsErrorResult: boolean; inGuardedCallback?: boolean }): boolean {
  return (facts.inTry && facts.catchReturnsErrorResult) || facts.inGuardedCallback === true;
}

/**
 * Array methods that hand each entry of a table to a callback, as `for (const tool of tools)` hands it to its body.
 * A loop over a table of definitions in the table's own file hands on each entry's handler (`tool.handler`, or
 * `handler` from `({ handler }) => ...`): where the loop puts it in a handler position
 * (`server.registerTool(tool.name, config, tool.handler)`) that position is the entry's; where it calls it, the loop
 * is a wrapper of the entries, and `wrapperCatchesThrows` decides whether it guards them.
 */
const TABLE_LOOP_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap"]);

/**
 * A table that a function declared in the file returns as itself (`function getToolDefinitions() { return [{ name,
 * inputSchema, handler }, ...]; }`) stands where that function's calls stand: a loop over a call (`for (const tool of
 * getToolDefinitions())`), or over a `const` bound to one, hands on its entries as a loop over a `const` table does.
 */
export function tableStandsWhereFactoryIsCalled(facts: { factoryDeclaredInFile: boolean }): boolean {
  return facts.factoryDeclaredInFile;
}

/** `Object.values(tools)`: the entries of a keyed table, looped over as an array's. */
export function isTableValuesCall(object: string | undefined, method: string | undefined): boolean {
  return object === "Object" && method === "values";
}

/**
 * An index of a table's entries, which a dispatcher may look the requested tool up in as in the table itself: a `Map`
 * built from the table (`new Map(tools.map((tool) => [tool.name, tool]))`, `Object.fromEntries(...)` of the same pairs),
 * or an empty `new Map()` that a loop over the table fills (`for (const tool of tools) byName.set(tool.name, tool)`).
 * `builder` is the callee's last name (`Map` of `new Map`, `fromEntries`), `constructed` whether it is called with `new`.
 */
export function buildsTableIndex(facts: { builder: string | undefined; constructed: boolean }): boolean {
  return facts.constructed ? facts.builder === "Map" : facts.builder === "fromEntries";
}

/** The method of an index (`buildsTableIndex`) that a loop over the table fills it with: `byName.set(tool.name, tool)`. */
export const TABLE_INDEX_SETTER = "set";

/** `tools.forEach(cb)`: a method that loops over a table (`TABLE_LOOP_METHODS`), its callback given the entry first. */
export function isTableLoopMethod(method: string | undefined): boolean {
  return method !== undefined && TABLE_LOOP_METHODS.has(method);
}

/**
 * What an adapter knows of a wrapper declared in the project (`safe(async (args) => ...)`): how it uses the handler
 * parameter. A loop over a table of definitions uses each entry's handler the same way (see `isTableLoopMethod`).
 */
export interface WrapperFacts {
  /** For each call of the parameter (`handler(args)`, `handler.call(...)`): whether it is a guarded call. */
  guardedCalls: readonly boolean[];
  /** How many of those calls stand in a `catch` clause. */
  callsInCatch: number;
  /** The parameter is also used otherwise (passed on, stored, returned): what becomes of its throws is unknown. */
  parameterEscapes: boolean;
}

/** The wrapper catches what the handler throws and answers with an error result, like one named in `handlers.wrappers`. */
export function wrapperCatchesThrows(facts: WrapperFacts): boolean {
  return !facts.parameterEscapes && facts.guardedCalls.length > 0 && facts.guardedCalls.every(Boolean);
}

/**
 * The wrapper calls the parameter, and only inside `catch` clauses: it is the wrapper's error reporter
 * (`trackTool(name, callback, recordError)` calls `recordError(error)` when the handler fails), not the handler it
 * wraps, so a handler position of the wrapper's result is not the argument's.
 */
export function isErrorCallbackParameter(facts: WrapperFacts): boolean {
  return !facts.parameterEscapes && facts.guardedCalls.length > 0 && facts.callsInCatch === facts.guardedCalls.length;
}

/** How many classes of the file may stand between a tool class and the base class that makes it one. */
export const MAX_BASE_CLASS_DEPTH = 4;

/** The shape of a class member `name` in a class extending `baseClass` (its last name: `sdk.MCPTool` is `MCPTool`). */
export function classMemberShape(settings: McpSettings, name: string | undefined, baseClass: string | undefined): HandlerShape | undefined {
  return isHandlerProperty(settings, name) && baseClass !== undefined && settings.handlers.baseClasses.includes(baseClass)
    ? { kind: "classMethod", via: baseClass }
    : undefined;
}

/**
 * The shape of a class method under decorators, each given by its name and whether it is called with an object: a
 * decorator of `handlers.decorators` called with the tool's description registers the method as a tool
 * (`@Tool({ name: "get-note", parameters })`, `@rekog/mcp-nest`'s; `@McpTool({ ... })`). Its runtime turns a throw into
 * an error result whose text hides the message ("Internal server error"), so the throw is reported.
 */
export function decoratedMethodShape(
  settings: McpSettings,
  decorators: readonly { name: string | undefined; givenObject: boolean }[],
): HandlerShape | undefined {
  const decorator = decorators.find(
    ({ name, givenObject }) => givenObject && name !== undefined && settings.handlers.decorators.includes(name),
  );
  return decorator ? { kind: "decoratedMethod", via: decorator.name } : undefined;
}

/** The named exports by which a tool file describes the tool its default export handles (xmcp's convention). */
export const TOOL_METADATA_EXPORTS: ReadonlySet<string> = new Set(["schema", "metadata"]);

/**
 * The shape of a default export: a handler in a tool file that follows xmcp's convention, by importing `xmcp` or
 * exporting the tool's `schema` or `metadata`. The default export of another module under `src/tools/` is a helper's
 * (`export default filterPresets`), a registrar's or a loader's, which the tools call or the server runs once.
 */
export function defaultExportShape(inToolFile: boolean, facts: () => FileFacts): HandlerShape | undefined {
  if (!inToolFile) return undefined;
  const { imports, exportsToolMetadata } = facts();
  const importsXmcp = imports.some((source) => source === XMCP_MODULE || source.startsWith(`${XMCP_MODULE}/`));
  // xmcp registers the handler of a file that imports it with `McpServer`, whose safety net answers its throws.
  return exportsToolMetadata || importsXmcp ? { kind: "defaultExport", via: undefined, mcpServer: importsXmcp } : undefined;
}

/**
 * A tool file that describes one tool in its named exports (`export const parameters = z.object(...)`, `export async
 * function handler(args)`: postman's tool modules, which its server loads from the folder): the function it exports
 * under a handler property's name (`handlers.properties`) is the tool's handler, as a definition object's is. A module
 * that exports no input schema (`parameters`, `inputSchema`, `schema`) is a helper's (`export function handle(error)`).
 */
export function toolModuleExportShape(
  settings: McpSettings,
  facts: { name: string; inToolFile: () => boolean; exports: (name: string) => boolean },
): HandlerShape | undefined {
  if (!isHandlerProperty(settings, facts.name) || !facts.inToolFile() || !hasInputSchemaProperty(facts.exports)) return undefined;
  return { kind: "definition", via: undefined };
}

/**
 * A function in a default export's position that calls a registration method itself (`isRegistrationCall`, in its
 * body or a function nested in it) is the tool file's registrar, which the server runs once when it starts
 * (`export default async function register(server) { server.tool(...) }`, Shopify's dev-mcp), not a handler. xmcp's
 * default export is the handler and registers nothing. Other shapes keep a handler that registers tools: a tool may
 * add tools at run time.
 */
export function isRegistrarExport(shape: HandlerShape, registersTools: () => boolean): boolean {
  return shape.kind === "defaultExport" && registersTools();
}

/** A wrapper named in `handlers.wrappers`: it turns whatever the handler throws into an error result. */
export function isConvertingWrapper(settings: McpSettings, name: string | undefined): boolean {
  return name !== undefined && settings.handlers.wrappers.includes(name);
}

/**
 * A definition function named in `handlers.wrappers` (`defineTool({ handler })`): the project hands the handlers
 * it defines to code that turns what they throw into error results, as a wrapper would (one dispatcher that
 * calls every tool inside its `try`).
 */
export function isGuardingDefinition(settings: McpSettings, definitionCall: string | undefined): boolean {
  return isConvertingWrapper(settings, definitionCall);
}

/**
 * A definition function of a library whose runtime turns what a handler throws into an error result in the ADR's
 * shape (`GUARDING_LIBRARY_DEFINITIONS`), `importSource` giving the module the call's callee is imported from: its
 * handlers are guarded.
 */
export function isGuardingLibraryDefinition(definitionCall: string | undefined, importSource: () => string | undefined): boolean {
  const library = definitionCall === undefined ? undefined : GUARDING_LIBRARY_DEFINITIONS.get(definitionCall);
  if (!library) return false;
  const source = importSource();
  return source !== undefined && library.test(source);
}

/**
 * Definition functions of libraries that guard their handlers, by the module they come from. Mastra's
 * `createTool({ execute })`: its `MCPServer` answers a throw with `{ content: [{ type: "text", text: "Error:
 * <message>" }], isError: true }` and serialises whatever `execute` returns as a success (an `isError` result too), so
 * a throw is how such a tool fails; its agents hand the error to the model too. `@cyanheads/mcp-ts-core`'s `tool(name,
 * { handler })`: its handler factory runs every handler in a `try` whose `catch` answers `Error: <message>` with
 * `isError: true` ("handlers throw, the framework catches, classifies and formats").
 */
const GUARDING_LIBRARY_DEFINITIONS: ReadonlyMap<string, RegExp> = new Map([
  ["createTool", /^@mastra\/core(?:\/|$)/u],
  ["tool", /^@cyanheads\/mcp-ts-core(?:\/|$)/u],
]);

/**
 * When one function stands in several handler positions, the kind that says most about how it is
 * called wins: a dispatcher (or its table) over a registration over a definition object.
 */
export const HANDLER_KIND_ORDER: readonly ToolHandlerKind[] = [
  "requestHandler",
  "dispatchTable",
  "registration",
  "definition",
  "classMethod",
  "decoratedMethod",
  "defaultExport",
];

/** The runtime path of a handler of this shape. */
export function handlerPath(shape: HandlerShape): HandlerPath {
  if (shape.kind === "requestHandler" || shape.kind === "dispatchTable") return "dispatcher";
  return isMcpServerRegistration(shape) ? "registration" : "framework";
}

function isMcpServerRegistration(shape: HandlerShape): boolean {
  return (shape.kind === "registration" || shape.kind === "defaultExport") && shape.mcpServer === true;
}

/**
 * The SDK reads what a handler of this shape returns as a `CallToolResult`: a low-level dispatcher's and an `McpServer`
 * callback's. An object without `content` is an empty result there (v1 fills in `content: []`), whatever else it holds.
 */
export function answersWithCallToolResult(shape: HandlerShape): boolean {
  return shape.kind === "requestHandler" || (shape.kind === "registration" && shape.mcpServer === true);
}

/**
 * True when the runtime turns a throw from a handler of this shape into an error result: the
 * SDK's `McpServer` registrations and FastMCP's `addTool`.
 */
export function runtimeConvertsThrows(shape: HandlerShape): boolean {
  return isMcpServerRegistration(shape) || convertingFramework(shape) !== undefined;
}

/** The framework that turns a throw from a handler of this shape into an error result. */
export function convertingFramework(shape: HandlerShape): ConvertingFramework | undefined {
  const { kind, via } = shape;
  if (via === undefined) return undefined;
  return kind === "definition" && Object.hasOwn(CONVERTING_DEFINITION_FUNCTIONS, via) ? CONVERTING_DEFINITION_FUNCTIONS[via] : undefined;
}
