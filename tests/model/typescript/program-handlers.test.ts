import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { getProgramHandlers, programHandlersChannel } from "../../../src/model/typescript/program-handlers.js";
import { functionName } from "../../../src/model/typescript/ts-nodes.js";
import { getMcpSettings } from "../../../src/model/settings.js";
import rule from "../../../src/rules/no-protocol-errors-in-tools.js";
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
