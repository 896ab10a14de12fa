import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { handlerPath } from "../../src/model/handler-shapes.js";
import { getMcpSettings } from "../../src/model/settings.js";
import { getProgramHandlers } from "../../src/model/typescript/program-handlers.js";
import { getMcpContext } from "../../src/model/context.js";
import { runProbe, type TSESTree } from "./probe.js";

/*
 * The rules (ESTree adapter) and `audit` (TypeScript adapter) must find the same handlers: the
 * fixture holds every shape in one small project, each adapter reads it, and the lists must match.
 */

const fixture = fileURLToPath(new URL("../fixtures/handler-parity/", import.meta.url));
const FILES = [
  "src/server.ts",
  "src/dispatcher.ts",
  "src/errors.ts",
  "src/tools/weather.ts",
  "src/agent/remote.ts",
  "src/agent/page-tools.ts",
  "src/definitions.ts",
  "src/mastra.ts",
  "src/tools/pages.ts",
  "src/tools/forecast.tsx",
  "src/tools/presets.ts",
  "src/catalog.ts",
  "src/tools/docs-search.ts",
  "src/analytics.ts",
  "src/billing.ts",
  "src/telemetry.ts",
  "src/__tests__/telemetry.ts",
  "src/tasks.ts",
  "src/forwarding.ts",
  "src/primitives.ts",
  "src/agent/page-registry.ts",
  "src/bridge.ts",
  "src/callbacks.ts",
  "src/pipeline-types.ts",
  "src/tmcp.ts",
  "src/spread-tables.ts",
  "src/registrars.ts",
  "src/tool-registry.ts",
  "src/tools/webhooks.ts",
  "src/tool-helpers.ts",
  "src/meeting-bots.ts",
  "src/gitlab-tools.ts",
  "src/pubmed-tools.ts",
  "src/tools/monitors.ts",
  "src/tools/rate-limited.ts",
  "src/listed-tools.ts",
  "src/tools/alerts.ts",
  "src/tools/format.ts",
  "src/notes-service.ts",
  "src/protocol-tools.ts",
  "src/protocol-types.ts",
  "src/weather-app.ts",
  "src/annotated-tools.ts",
  "src/registries.ts",
  "src/registry-tools.ts",
  "src/tools/documents.ts",
  "src/scene-dispatchers.ts",
];
// The fixture lives under tests/, which the default testFiles skip: only its own __tests__/ is a test here.
const RAW_SETTINGS = {
  handlers: {
    wrappers: ["withToolErrors", "defineTool"],
    registrationMethods: ["tool", "registerTool", "registerToolTask", "registerAnnotatedTool"],
  },
  testFiles: ["**/__tests__/**"],
};

type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionDeclaration | TSESTree.FunctionExpression;

/** `file:line kind path guarded` for each handler the ESTree adapter finds, file by file as ESLint lints them. */
function estreeHandlers(): string[] {
  const found: string[] = [];
  for (const file of FILES) {
    runProbe(
      readFileSync(path.join(fixture, file), "utf8"),
      (context) => {
        const onFunction = (fn: FunctionNode): void => {
          // A test file (`testFiles`) has no model: the rules skip it. The expected list below catches any other file without one.
          const handler = getMcpContext(context)?.handlers.toolHandler(fn);
          if (handler) found.push(`${file}:${String(fn.loc.start.line)} ${handler.kind} ${handler.path} ${String(handler.guarded)}`);
        };
        return { ArrowFunctionExpression: onFunction, FunctionExpression: onFunction, FunctionDeclaration: onFunction };
      },
      // ESLint's cwd is the repository; `toolFiles` globs match the fixture's src/tools/ from there too.
      { filename: path.join(fixture, file), settings: { "mcp-tool-errors": RAW_SETTINGS } },
    );
  }
  return found.sort();
}

/** The same list from the TypeScript adapter over the fixture's program. */
function programHandlers(): string[] {
  const configFile = ts.readConfigFile(path.join(fixture, "tsconfig.json"), (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, fixture);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const index = getProgramHandlers(program, getMcpSettings({ "mcp-tool-errors": RAW_SETTINGS }), fixture);
  const found = new Set<string>();
  for (const { fn } of index.handlers) {
    const handler = index.handlerOf(fn);
    if (!handler) continue;
    const file = path.relative(fixture, fn.getSourceFile().fileName).split(path.sep).join("/");
    // A method's node starts at its decorators in TypeScript's tree, at its name in ESTree's.
    const start = ts.isMethodDeclaration(fn) ? fn.name.getStart() : fn.getStart();
    const { line } = fn.getSourceFile().getLineAndCharacterOfPosition(start);
    found.add(`${file}:${String(line + 1)} ${handler.kind} ${handlerPath(handler)} ${String(handler.guarded)}`);
  }
  return [...found].sort();
}

describe("handler parity: the rules and audit find the same handlers", () => {
  it("agrees on every shape of the fixture project, and the list is what the shapes say", () => {
    const estree = estreeHandlers();
    expect(programHandlers()).toEqual(estree);
    // Not handlers: the registrar a tool file default-exports (src/tools/docs-search.ts), the AI SDK tool behind an alias (src/tools/weather.ts), the UI component (src/tools/forecast.tsx), the MCP client adapter
    // (src/agent/remote.ts), WebMCP's in-page tools (src/agent/page-tools.ts), the formatters table the dispatcher does
    // not look tools up in.
    // `defineTool` is in `handlers.wrappers`: the handlers of its definitions, given or built by a factory given to it,
    // are guarded; `createTool`'s and `definePageTool`'s are not. The `execute` of src/tools/weather.ts's MCPTools, one
    // through a class of the file between, is guarded: mcp-framework answers its throw as the tool's failure.
    // src/catalog.ts loops over its tables: an entry's handler registered from the loop is a registration; one the
    // registered callback calls inside its `try` is guarded, one it calls outside is not.
    // src/analytics.ts registers through the classes' own `registerTool` methods: one calls the callback in a `try` that
    // returns an error result (guarded), the other does not.
    // src/billing.ts: a wrapper's and a dispatcher's `catch` that return the file's error helper, or a function that
    // returns only error results, guard; one that returns a plain text result, or a function that sometimes does, not.
    // src/tools/presets.ts default-exports a helper, no xmcp handler. src/tools/monitors.ts and src/tools/alerts.ts
    // describe one tool each in their named exports: the exported `handler` beside an input schema is its handler;
    // src/tools/format.ts exports no schema, so its `handle` is a helper. src/listed-tools.ts lists tool objects bound to
    // constants by name: the loop over one table and the dispatcher over the other guard them as they guard entries
    // written in the table. src/tools/rate-limited.ts's queue job, which carries
    // its promise's `resolve` and `reject`, defines no tool; its tool object does.
    // src/tasks.ts: the createTask of registerToolTask's handler object, written there or bound to a const (the member
    // or the whole object), is the handler; its getTask and getTaskResult, and a scheduler's createTask, are not.
    // src/forwarding.ts: a dispatcher that only forwards to a function of its file (or a static method of its class, by the
    // class's name) hands it the role; one that forwards
    // to a declared (imported) function, and a registration's callback that only calls a function, keep it. Naming the
    // request's parts first (`const { name } = request.params`) still only forwards; validating them first does not.
    // src/agent/page-registry.ts gives WebMCP's registry, resolved by a function, its tools: none are handlers; src/bridge.ts
    // reads a `modelContext` too but imports a server module, so its registration through a variable is one.
    // src/callbacks.ts: a const declared as the SDK's ToolCallback is an McpServer callback; src/pipeline-types.ts's, of a
    // project's own type of the same name, is not.
    // src/tmcp.ts: defineTool(options, execute)'s execute is a definition's handler, server.tool(config, execute)'s a
    // registration without McpServer's safety net; retry(options, run)'s run is none.
    // src/spread-tables.ts: the function of a factory's table spread into the dispatcher's table is a table handler;
    // one spread into an object the dispatcher does not look tools up in is not.
    // The functions a wrapper of the file returns (src/server.ts's `safely`, `logged`, `withTimeout`, src/billing.ts's,
    // src/telemetry.ts's `tracked` and `retried`, src/registrars.ts's `safely`) are registered where its calls stand:
    // registrations, unguarded (their own throws, a rethrow in a `catch`, escape), beside the functions they wrap.
    // src/registrars.ts: the callbacks a local registrar's calls give the parameter it registers are registrations, guarded
    // where it registers the long form of a catching wrapper's call (`(args) => safely(cb)(args)`), which is itself no
    // handler; so is a function of the file given to such a long form. A destructured parameter is not followed, and
    // the long form of a lookup's result (`(args) => handlerFor("saved")(args)`) stays the handler.
    // src/tool-registry.ts: `registerTool` destructured off the registrar a function is given (in its parameter or a
    // `const`), or `server.tool` bound to a `const tool`, registers as the method would; renamed to a name that is no
    // registration method's (`{ registerTool: add }`) it is not followed,
    // and another method destructured so (`schedule`) registers nothing. src/tools/webhooks.ts default-exports such a
    // registrar: it registers a tool, so it is none itself.
    // src/gitlab-tools.ts: tables that functions of the file return are looped over where their calls are (directly or
    // through a `const`): a loop that calls an entry's handler in a `try` returning an error result guards it.
    // src/pubmed-tools.ts: @cyanheads/mcp-ts-core's tool(name, { handler }) guards its handlers, as Mastra's createTool does.
    // src/meeting-bots.ts: a definition function imported from the project's helpers and given the tool's name first
    // defines a tool with its last argument; the file's own `defineTool` and the imported `retry` define none.
    // src/notes-service.ts: a method and a function-valued field under a tool decorator given the tool's description are
    // handlers; a method under another decorator is not.
    // src/protocol-tools.ts: a definition object in a module that imports the SDK's protocol errors to throw is a
    // handler; src/protocol-types.ts imports them only as types, and its object is none.
    // src/annotated-tools.ts: a function imported under a name the settings add to handlers.registrationMethods
    // registers its callback (framework path); scheduleJob, given the same arguments, does not.
    // src/weather-app.ts: MCP Apps' registerAppTool, imported by name or through its module's namespace, registers its
    // callback with McpServer's registerTool; the project's own function given the same arguments registers none.
    // src/registries.ts: an instance of a class of the file registers through the class's own `registerTool`/`tool`
    // (framework path), guarded where the method calls the callback in a `try` returning an error result; McpServer's
    // `tool` keeps the safety net. src/registry-tools.ts calls the same `tool` on an instance of the imported class.
    // src/tools/documents.ts: a definition's `callback`, the SDK's own name for a tool's function, is its handler beside
    // an input schema; a scheduled job's `callback` is none.
    // src/scene-dispatchers.ts: an index of a table (a Map a loop fills, looked up by the name a function normalises, or one
    // built from the table's pairs) is a dispatch table of the table's handlers, guarded where the dispatcher's call is.
    // src/primitives.ts: the object given to a prompt registration, and a resource template's, define no tool; the
    // one given to tool() does.
    // src/telemetry.ts: the wrapper's error reporter (called only in its `catch`) is no handler; the handler it wraps,
    // and one that a retrying wrapper calls again in its `catch`, are. src/__tests__/telemetry.ts is a test: its tools,
    // and the function of src/telemetry.ts that only it registers, are none.
    expect(estree).toEqual([
      "src/analytics.ts:12 registration registration false",
      "src/analytics.ts:24 registration framework true",
      "src/analytics.ts:33 registration registration false",
      "src/analytics.ts:41 registration framework false",
      "src/annotated-tools.ts:9 registration framework false",
      "src/billing.ts:106 registration registration true",
      "src/billing.ts:114 registration registration false",
      "src/billing.ts:122 registration registration true",
      "src/billing.ts:16 registration registration false",
      "src/billing.ts:26 registration registration false",
      "src/billing.ts:36 registration registration true",
      "src/billing.ts:37 registration registration false",
      "src/billing.ts:40 dispatchTable dispatcher true",
      "src/billing.ts:44 requestHandler dispatcher false",
      "src/billing.ts:67 registration registration false",
      "src/billing.ts:77 registration registration false",
      "src/billing.ts:86 registration registration true",
      "src/billing.ts:87 registration registration false",
      "src/billing.ts:92 registration registration false",
      "src/bridge.ts:7 registration registration false",
      "src/callbacks.ts:7 registration registration false",
      "src/catalog.ts:11 registration registration false",
      "src/catalog.ts:17 definition framework true",
      "src/catalog.ts:20 registration registration false",
      "src/catalog.ts:31 definition framework false",
      "src/catalog.ts:34 registration registration false",
      "src/definitions.ts:11 definition framework true",
      "src/definitions.ts:21 definition framework true",
      "src/definitions.ts:29 definition framework false",
      "src/dispatcher.ts:13 dispatchTable dispatcher true",
      "src/dispatcher.ts:16 dispatchTable dispatcher false",
      "src/dispatcher.ts:19 dispatchTable dispatcher false",
      "src/dispatcher.ts:26 requestHandler dispatcher false",
      "src/dispatcher.ts:44 dispatchTable dispatcher false",
      "src/dispatcher.ts:49 requestHandler dispatcher false",
      "src/dispatcher.ts:7 dispatchTable dispatcher true",
      "src/forwarding.ts:10 requestHandler dispatcher false",
      "src/forwarding.ts:25 requestHandler dispatcher false",
      "src/forwarding.ts:30 registration registration false",
      "src/forwarding.ts:35 requestHandler dispatcher false",
      "src/forwarding.ts:52 requestHandler dispatcher false",
      "src/forwarding.ts:61 requestHandler dispatcher false",
      "src/gitlab-tools.ts:20 definition framework true",
      "src/gitlab-tools.ts:29 definition framework true",
      "src/gitlab-tools.ts:33 definition framework false",
      "src/gitlab-tools.ts:39 registration registration false",
      "src/gitlab-tools.ts:48 registration registration false",
      "src/gitlab-tools.ts:57 registration registration false",
      "src/listed-tools.ts:15 definition framework true",
      "src/listed-tools.ts:25 registration registration false",
      "src/listed-tools.ts:39 dispatchTable dispatcher true",
      "src/listed-tools.ts:46 requestHandler dispatcher false",
      "src/mastra.ts:12 definition framework true",
      "src/meeting-bots.ts:7 definition framework false",
      "src/notes-service.ts:10 decoratedMethod framework false",
      "src/notes-service.ts:15 decoratedMethod framework false",
      "src/primitives.ts:13 definition framework false",
      "src/protocol-tools.ts:8 definition framework false",
      "src/pubmed-tools.ts:9 definition framework true",
      "src/registrars.ts:14 registration registration false",
      "src/registrars.ts:34 registration registration false",
      "src/registrars.ts:38 registration registration true",
      "src/registrars.ts:42 registration registration false",
      "src/registrars.ts:45 registration registration false",
      "src/registries.ts:13 registration registration false",
      "src/registries.ts:34 registration framework true",
      "src/registries.ts:39 registration framework false",
      "src/registries.ts:42 registration registration false",
      "src/registry-tools.ts:5 registration framework false",
      "src/scene-dispatchers.ts:12 dispatchTable dispatcher true",
      "src/scene-dispatchers.ts:21 dispatchTable dispatcher false",
      "src/scene-dispatchers.ts:26 requestHandler dispatcher false",
      "src/scene-dispatchers.ts:35 requestHandler dispatcher false",
      "src/server.ts:104 definition framework false",
      "src/server.ts:120 registration registration true",
      "src/server.ts:125 registration registration false",
      "src/server.ts:14 registration registration false",
      "src/server.ts:18 registration registration false",
      "src/server.ts:26 registration registration true",
      "src/server.ts:35 registration registration false",
      "src/server.ts:39 registration registration false",
      "src/server.ts:43 registration registration true",
      "src/server.ts:56 registration registration false",
      "src/server.ts:68 registration registration false",
      "src/server.ts:7 registration registration false",
      "src/server.ts:80 registration registration true",
      "src/server.ts:85 registration registration false",
      "src/server.ts:90 registration registration false",
      "src/server.ts:97 registration registration false",
      "src/spread-tables.ts:11 dispatchTable dispatcher false",
      "src/spread-tables.ts:20 requestHandler dispatcher false",
      "src/tasks.ts:11 registration registration false",
      "src/tasks.ts:21 registration registration false",
      "src/tasks.ts:47 registration registration false",
      "src/telemetry.ts:13 registration registration false",
      "src/telemetry.ts:24 registration registration false",
      "src/telemetry.ts:37 registration registration false",
      "src/telemetry.ts:41 registration registration false",
      "src/tmcp.ts:16 registration framework false",
      "src/tmcp.ts:9 definition framework true",
      "src/tool-registry.ts:19 registration registration false",
      "src/tool-registry.ts:28 registration registration false",
      "src/tool-registry.ts:47 registration registration false",
      "src/tools/alerts.ts:7 definition framework false",
      "src/tools/docs-search.ts:14 registration registration false",
      "src/tools/documents.ts:12 definition framework false",
      "src/tools/forecast.tsx:19 definition framework false",
      "src/tools/monitors.ts:9 definition framework false",
      "src/tools/pages.ts:14 definition framework true",
      "src/tools/pages.ts:21 definition framework true",
      "src/tools/pages.ts:30 definition framework false",
      "src/tools/rate-limited.ts:42 definition framework false",
      "src/tools/weather.ts:14 classMethod framework true",
      "src/tools/weather.ts:24 classMethod framework true",
      "src/tools/weather.ts:32 defaultExport framework false",
      "src/tools/webhooks.ts:10 registration registration false",
      "src/weather-app.ts:13 registration registration false",
      "src/weather-app.ts:17 registration registration false",
    ]);
  });
});
