import { readFileSync } from "node:fs";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  getProgramHandlers,
  programHandlersChannel,
  programHandlersFileChannel,
  type ProgramHandler,
} from "../../../src/model/typescript/program-handlers.js";
import { descendants, functionName, isTsFunction, projectSourceFiles } from "../../../src/model/typescript/ts-nodes.js";
import { getMcpSettings, SETTINGS_KEY } from "../../../src/model/settings.js";
import rule from "../../../src/rules/no-protocol-errors-in-tools.js";
import noThrowRule from "../../../src/rules/no-throw-in-tool-handler.js";
import { createRuleTester } from "../../rule-tester.js";
import { createTypedRuleTester } from "../../typed-rule-tester.js";

const fixture = fileURLToPath(new URL("../../fixtures/typed/", import.meta.url));

function fixtureProgram(): ts.Program {
  const configFile = ts.readConfigFile(`${fixture}tsconfig.json`, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, fixture);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

describe("getProgramHandlers", () => {
  it("finds handlers in every shape, registered in any file, once per program and settings", () => {
    const program = fixtureProgram();
    let builds = 0;
    const count = (): void => {
      builds++;
    };
    subscribe(programHandlersChannel.name, count);
    try {
      const settings = getMcpSettings({});
      const index = getProgramHandlers(program, settings, fixture);
      expect(getProgramHandlers(program, settings, fixture)).toBe(index);
      expect(builds).toBe(1);
      const summary = index.handlers.map(
        (handler) =>
          `${handler.kind} ${handler.via ?? "-"}: ${functionName(handler.fn)} in ${handler.fn.getSourceFile().fileName.slice(fixture.length)}`,
      );
      expect(summary).toEqual([
        "registration registerTool: (anonymous) in src/billing-server.ts",
        "requestHandler setRequestHandler: (anonymous) in src/dispatch.ts",
        "requestHandler setRequestHandler: (anonymous) in src/metrics-server.ts",
        // The function of a table a factory returns, spread into the dispatcher's table in src/metrics-server.ts.
        "dispatchTable setRequestHandler: get_logs in src/handlers/logs-tools.ts",
        "registration registerTool: handler in src/features/read-file.ts",
        "registration registerTool: handler in src/features/search.ts",
        "registration registerTool: gitStatus in src/handlers/git-status.ts",
        // A definition object in a tool file (`toolFiles`), registered nowhere in this fixture.
        "definition -: handler in src/tools/read-file.ts",
      ]);
    } finally {
      unsubscribe(programHandlersChannel.name, count);
    }
  });
});

/** The files an index reads while `ask` runs, relative to `root`. */
function filesRead(program: ts.Program, root: string, ask: () => void): string[] {
  const read: string[] = [];
  const onFile = (message: unknown): void => {
    const { program: from, file } = message as { program: ts.Program; file: ts.SourceFile };
    if (from === program) read.push(file.fileName.slice(root.length));
  };
  subscribe(programHandlersFileChannel.name, onFile);
  try {
    ask();
  } finally {
    unsubscribe(programHandlersFileChannel.name, onFile);
  }
  return read;
}

const describeHandler = (handler: ProgramHandler | undefined): string =>
  handler ? `${handler.kind} ${handler.via ?? "-"} ${String(handler.guarded)} ${String(handler.call?.getStart())}` : "none";

/** A program of in-memory files (`/project/...`) with the SDK's types out of the way. */
function memoryProgram(files: Record<string, string>): ts.Program {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    types: [],
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name in files ? files[name] : readFile(name));
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  host.directoryExists = (name) => name === "/project" || ts.sys.directoryExists(name);
  host.getSourceFile = (name, version) => ts.createSourceFile(name, host.readFile(name) ?? "", version, true);
  return ts.createProgram(Object.keys(files), options, host);
}

describe("getProgramHandlers, read as the rules ask", () => {
  it("reads only the file of the function asked about and the files that import it, directly or not", () => {
    const program = fixtureProgram();
    const index = getProgramHandlers(program, getMcpSettings({}), fixture);
    const gitStatus = program.getSourceFile(`${fixture}src/handlers/git-status.ts`);
    const fn = gitStatus && [...descendants(gitStatus)].find((node) => ts.isFunctionDeclaration(node) && node.name?.text === "gitStatus");
    if (!fn) throw new Error("the fixture has no gitStatus");
    let found: ProgramHandler | undefined;
    expect(filesRead(program, fixture, () => (found = index.handlerOf(fn)))).toEqual(["src/handlers/git-status.ts", "src/server.ts"]);
    expect(describeHandler(found)).toMatch(/^registration registerTool false/u);
    // Asked again, or about another function of the same files: nothing more to read.
    expect(filesRead(program, fixture, () => index.handlerOf(fn))).toEqual([]);
  });

  it("answers for every function of the program as the index that read every file does", () => {
    const program = fixtureProgram();
    const whole = getProgramHandlers(program, getMcpSettings({}), fixture);
    expect(whole.handlers.length).toBeGreaterThan(0);
    for (const file of projectSourceFiles(program)) {
      // A new settings object (`{}` would give the one shared default object, and with it the index above): an
      // index that has read nothing yet, asked about this file's functions first.
      const lazy = getProgramHandlers(program, getMcpSettings({ [SETTINGS_KEY]: {} }), fixture);
      expect(lazy).not.toBe(whole);
      for (const fn of [...descendants(file)].filter(isTsFunction)) {
        expect(`${file.fileName.slice(fixture.length)}:${String(fn.getStart())} ${describeHandler(lazy.handlerOf(fn))}`).toBe(
          `${file.fileName.slice(fixture.length)}:${String(fn.getStart())} ${describeHandler(whole.handlerOf(fn))}`,
        );
      }
    }
  });

  /** The files an index of `files` reads to answer for the first function of `asked`, and its answer. */
  function askAbout(files: Record<string, string>, asked: string): { read: string[]; kind: string | undefined } {
    const program = memoryProgram(files);
    const index = getProgramHandlers(program, getMcpSettings({}), "/project");
    const file = program.getSourceFile(asked);
    const fn = file && [...descendants(file)].find(ts.isFunctionDeclaration);
    if (!fn) throw new Error(`no function in ${asked}`);
    let found: ProgramHandler | undefined;
    const read = filesRead(program, "/project/", () => (found = index.handlerOf(fn)));
    return { read: read.sort(), kind: found?.kind };
  }

  const register = `declare const server: { registerTool(name: string, config: object, cb: (args: { id: string }) => unknown): void };
server.registerTool("lookup_user", {}, lookupUser);`;
  const lookupUser = `async function lookupUser(args: { id: string }) {
  return { content: [{ type: "text" as const, text: args.id }] };
}`;

  it("reads every file for a function of a script, which any file may call without importing it", () => {
    const files = {
      "/project/globals.ts": lookupUser,
      "/project/server.ts": `${register}\nexport {};`,
      "/project/unrelated.ts": `export const retries = 3;`,
    };
    expect(askAbout(files, "/project/globals.ts")).toEqual({ read: ["globals.ts", "server.ts", "unrelated.ts"], kind: "registration" });
  });

  it("reads only the importers for a function of a module, not an unrelated file", () => {
    const files = {
      "/project/lookup.ts": `export ${lookupUser}`,
      "/project/server.ts": `import { lookupUser } from "./lookup";\n${register}`,
      "/project/unrelated.ts": `export const retries = 3;`,
    };
    expect(askAbout(files, "/project/lookup.ts")).toEqual({ read: ["lookup.ts", "server.ts"], kind: "registration" });
  });

  const callsLookupUser = `import { lookupUser } from "./lookup";
declare const server: { registerTool(name: string, config: object, cb: (args: { id: string }) => unknown): void };
server.registerTool("lookup_user", {}, async (args: { id: string }) => lookupUser(args));`;

  it("reads only the function's own file when every file that imports it only calls it", () => {
    const files = {
      "/project/lookup.ts": `export ${lookupUser}`,
      "/project/server.ts": callsLookupUser,
      "/project/audit.ts": `import { lookupUser } from "./lookup";\nexport const auditUser = (id: string) => new Promise((resolve) => resolve(lookupUser({ id })));`,
    };
    expect(askAbout(files, "/project/lookup.ts")).toEqual({ read: ["lookup.ts"], kind: undefined });
  });

  it("reads the importers once sixteen functions of one file have been checked, when reading costs less than checking more", () => {
    const names = Array.from({ length: 17 }, (_, index) => `formatField${String(index)}`);
    const program = memoryProgram({
      "/project/format.ts": names.map((name) => `export function ${name}(value: unknown) { return String(value); }`).join("\n"),
      "/project/server.ts": `import { ${names.join(", ")} } from "./format";\nexport const fields = [${names.map((name) => `${name}(1)`).join(", ")}];`,
    });
    const index = getProgramHandlers(program, getMcpSettings({}), "/project");
    const format = program.getSourceFile("/project/format.ts");
    const functions = format ? [...descendants(format)].filter(ts.isFunctionDeclaration) : [];
    const read = functions.map((fn) => filesRead(program, "/project/", () => index.handlerOf(fn)));
    expect(read).toEqual([["format.ts"], ...Array.from({ length: 15 }, () => []), ["server.ts"]]);
  });

  it.each([
    [
      "imported under another name",
      `import { lookupUser as findUser } from "./lookup";\n${register.replace(", lookupUser)", ", findUser)")}`,
    ],
    [
      "read as a member of the module's namespace",
      `import * as lookup from "./lookup";\n${register.replace(", lookupUser)", ", lookup.lookupUser)")}`,
    ],
    ["bound with bind()", `import { lookupUser } from "./lookup";\n${register.replace(", lookupUser)", ", lookupUser.bind(undefined))")}`],
    [
      "named in a comment as well",
      `// lookupUser answers the lookup_user tool.\n${callsLookupUser}\nserver.registerTool("find_user", {}, lookupUser);`,
    ],
  ])("reads the importers of a function %s, and finds its registration", (_how, server) => {
    const files = { "/project/lookup.ts": `export ${lookupUser}`, "/project/server.ts": server };
    expect(askAbout(files, "/project/lookup.ts")).toEqual({ read: ["lookup.ts", "server.ts"], kind: "registration" });
  });

  it("reads the importers of a function named in a comment, which the text cannot tell from a use, and finds no registration", () => {
    const files = {
      "/project/lookup.ts": `export ${lookupUser}`,
      "/project/server.ts": `// lookupUser answers the lookup_user tool.\n${callsLookupUser}`,
    };
    expect(askAbout(files, "/project/lookup.ts")).toEqual({ read: ["lookup.ts", "server.ts"], kind: undefined });
  });

  it("reads every importer when a file hands the function on inside an object, and finds the registration through it", () => {
    const files = {
      "/project/lookup.ts": `export ${lookupUser}`,
      "/project/tools.ts": `import { lookupUser } from "./lookup";\nexport const tools = { lookup: lookupUser };`,
      "/project/server.ts": `import { tools } from "./tools";\n${register.replace(", lookupUser)", ", tools.lookup)")}`,
    };
    expect(askAbout(files, "/project/lookup.ts")).toEqual({ read: ["lookup.ts", "server.ts", "tools.ts"], kind: "registration" });
  });
});

// Every rule sees a handler registered elsewhere when type information is present, and only then.
const handlerFile = {
  filename: "src/handlers/git-status.ts",
  code: `import { success, type ToolArgs } from "../tools/utils.js";
export async function gitStatus(args: ToolArgs) {
  if (typeof args.cwd !== "string") return { error: { code: -32602, message: "cwd is required" } };
  return success("clean");
}`,
};

createTypedRuleTester().run("no-protocol-errors-in-tools with type information", rule, {
  valid: [],
  invalid: [
    {
      ...handlerFile,
      name: "a handler registered in src/server.ts is tool code",
      errors: [{ messageId: "reservedCode", line: 3, column: 61 }],
    },
  ],
});

createRuleTester().run("no-protocol-errors-in-tools without type information", rule, {
  valid: [{ ...handlerFile, name: "without a program the registration in another file is invisible" }],
  invalid: [],
});

// A factory's table that another file's dispatcher spreads into its own (`{ ...createLogsToolHandlers(api) }`).
const logsToolsFile = {
  filename: "src/handlers/logs-tools.ts",
  code: readFileSync(`${fixture}src/handlers/logs-tools.ts`, "utf8"),
};

createTypedRuleTester().run("no-throw-in-tool-handler with type information", noThrowRule, {
  valid: [],
  invalid: [
    {
      ...logsToolsFile,
      name: "a function of a factory's table that src/metrics-server.ts spreads into its dispatch table is on the dispatcher's path",
      errors: [
        {
          messageId: "throw",
          line: 12,
          column: 7,
          data: {
            outcome:
              "in a low-level `tools/call` dispatcher this `throw` becomes a JSON-RPC error response; the client treats it as an infrastructure failure and the model never sees your message",
            hint: "",
          },
          suggestions: [
            {
              messageId: "replaceWithErrorResult",
              output: logsToolsFile.code.replace(
                'throw new Error("No logs data returned");',
                'return { content: [{ type: "text", text: "Error: No logs data returned" }], isError: true };',
              ),
            },
          ],
        },
      ],
    },
  ],
});

createRuleTester().run("no-throw-in-tool-handler without type information", noThrowRule, {
  valid: [{ ...logsToolsFile, name: "without a program the spread in another file is invisible" }],
  invalid: [],
});
