import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, getMcpSettings } from "../../src/model/settings.js";
import { toolFilesPath } from "../../src/model/settings.js";

describe("getMcpSettings", () => {
  it("fills in every default when the plugin has no settings", () => {
    const settings = getMcpSettings({});
    expect(settings.toolFiles).toEqual(DEFAULT_SETTINGS.toolFiles);
    expect(settings.testFiles).toEqual(DEFAULT_SETTINGS.testFiles);
    expect(settings.handlers).toEqual(DEFAULT_SETTINGS.handlers);
    expect(settings.protocolErrors).toEqual(DEFAULT_SETTINGS.protocolErrors);
    expect(settings.errorPrefix).toBe("Error: ");
    expect(settings.errorTextPattern).toBeUndefined();
  });

  it("replaces only the keys the user gives, nested ones included", () => {
    const settings = getMcpSettings({ "mcp-tool-errors": { handlers: { wrappers: ["withToolErrors"] }, errorPrefix: "ERROR: " } });
    expect(settings.handlers.wrappers).toEqual(["withToolErrors"]);
    expect(settings.handlers.properties).toEqual(DEFAULT_SETTINGS.handlers.properties);
    expect(settings.handlers.serverModules).toContain("@modelcontextprotocol/sdk/server");
    expect(settings.errorPrefix).toBe("ERROR: ");
  });

  it("validates once per settings object", () => {
    const raw = { "mcp-tool-errors": { toolFiles: ["src/**"] } };
    expect(getMcpSettings(raw)).toBe(getMcpSettings(raw));
  });

  it("normalises error helpers to the shape the rules use (the prefix a helper adds) and compiles errorTextPattern", () => {
    const settings = getMcpSettings({
      "mcp-tool-errors": {
        errorHelpers: ["toolError", { name: "fail", messageArgument: 1, addsPrefix: true }, { name: "respond", failureArgument: 1 }],
        errorTextPattern: "^Failed",
      },
    });
    expect(settings.errorHelpers).toEqual([
      { name: "toolError", messageArgument: 0, addedPrefix: undefined, failureArgument: undefined },
      { name: "fail", messageArgument: 1, addedPrefix: "Error: ", failureArgument: undefined },
      { name: "respond", messageArgument: 0, addedPrefix: undefined, failureArgument: 1 },
    ]);
    expect(settings.errorTextPattern?.test("Failed to list")).toBe(true);
  });

  it("names the bad key and what was expected", () => {
    expect(() => getMcpSettings({ "mcp-tool-errors": { toolFiles: "src/tools/**" } })).toThrow(
      'settings["mcp-tool-errors"].toolFiles must be an array of glob strings',
    );
    expect(() => getMcpSettings({ "mcp-tool-errors": { toolfiles: [] } })).toThrow(/unknown key "toolfiles".*toolFiles/u);
    expect(() => getMcpSettings({ "mcp-tool-errors": { handlers: { wrapper: [] } } })).toThrow(/handlers has an unknown key "wrapper"/u);
    expect(() => getMcpSettings({ "mcp-tool-errors": { errorTextPattern: "(" } })).toThrow(
      /errorTextPattern must be a valid regular expression/u,
    );
    expect(() => getMcpSettings({ "mcp-tool-errors": { handlers: { decorators: "Tool" } } })).toThrow(
      'settings["mcp-tool-errors"].handlers.decorators must be an array of strings (got "Tool")',
    );
    expect(() => getMcpSettings({ "mcp-tool-errors": { handlers: { serverModules: "fastmcp" } } })).toThrow(
      'settings["mcp-tool-errors"].handlers.serverModules must be an array of strings (got "fastmcp")',
    );
  });
});

describe("isTestFile", () => {
  const cwd = "/repo";
  const check = (file: string, testFiles?: string[]) =>
    getMcpSettings(testFiles ? { "mcp-tool-errors": { testFiles } } : {}).isTestFile(file, cwd);

  it("matches test and spec files and the test and mock folders of any package by default", () => {
    expect(check("/repo/packages/mcp-utils/src/server.test.ts")).toBe(true);
    expect(check("/repo/src/tools/mongodb/mongodbTool.spec.mts")).toBe(true);
    expect(check("/repo/src/__tests__/dispatch.ts")).toBe(true);
    expect(check("/repo/src/__mocks__/api.ts")).toBe(true);
    expect(check("/repo/test/e2e/fixtures/stdio-server.ts")).toBe(true);
    expect(check("/repo/packages/agent/tests/servers/simple_server.ts")).toBe(true);
    expect(check("/repo/packages/core/src/server/auth-extra.test-d.ts")).toBe(true);
    expect(check("/repo/packages/devtools/e2e/fixtures/server.ts")).toBe(true);
    expect(check("/repo/client/src/components/ToolResultPanel.stories.tsx")).toBe(true);
    expect(check("/repo/src/tools/e2e-runner.ts")).toBe(false);
    expect(check("/repo/src/tools/stories.ts")).toBe(false);
    expect(check("/repo/src/tools/testing.ts")).toBe(false);
    expect(check("/repo/src/tools/test-runner.ts")).toBe(false);
    expect(check("/repo/src/tools/latest.ts")).toBe(false);
    expect(check("/repo/src/contest.ts")).toBe(false);
  });

  it("is what the setting says: other folders, exclusions, or no test files at all", () => {
    expect(check("/repo/integration-tests/src/mocks/mockTools.ts", ["**/*-tests/**"])).toBe(true);
    expect(check("/repo/src/server.test.ts", ["**/*.test.*", "!src/server.test.ts"])).toBe(false);
    expect(check("/repo/src/server.test.ts", [])).toBe(false);
  });

  it("names the key in a glob mistake", () => {
    expect(() => getMcpSettings({ "mcp-tool-errors": { testFiles: ["tests/[unit/**"] } })).toThrow(
      'settings["mcp-tool-errors"].testFiles must be an array of glob strings',
    );
    expect(() => getMcpSettings({ "mcp-tool-errors": { testFiles: "**/*.test.ts" } })).toThrow(
      'settings["mcp-tool-errors"].testFiles must be an array of glob strings',
    );
  });
});

describe("isToolFile", () => {
  const cwd = "/repo";
  const check = (file: string, toolFiles?: string[]) =>
    getMcpSettings(toolFiles ? { "mcp-tool-errors": { toolFiles } } : {}).isToolFile(file, cwd);

  it("matches the ADR's src/tools/ in any package of a monorepo by default", () => {
    expect(check("/repo/src/tools/git.ts")).toBe(true);
    expect(check("/repo/packages/bridge/src/tools/nested/read.ts")).toBe(true);
    expect(check("/repo/src/transport.ts")).toBe(false);
    expect(check("/repo/src/toolsets/x.ts")).toBe(false);
  });

  it("supports negated globs and dot files", () => {
    const globs = ["src/**/tools/**", "!src/recipes/**"];
    expect(check("/repo/src/app/tools/a.ts", globs)).toBe(true);
    expect(check("/repo/src/recipes/tools/a.ts", globs)).toBe(false);
    expect(check("/repo/src/.hidden/tools/a.ts", globs)).toBe(true);
  });

  it("matches a file outside cwd by its absolute path", () => {
    expect(toolFilesPath("/elsewhere/src/tools/a.ts", cwd)).toBe("/elsewhere/src/tools/a.ts");
    expect(check("/elsewhere/src/tools/a.ts")).toBe(true);
    expect(toolFilesPath("/repo/src/tools/a.ts", cwd)).toBe("src/tools/a.ts");
  });

  it("reads a path with dot segments or a cwd with a trailing separator as the path module does", () => {
    expect(toolFilesPath("/repo/src/../tools/a.ts", cwd)).toBe("tools/a.ts");
    expect(toolFilesPath("/repo/./src/tools/a.ts", cwd)).toBe("src/tools/a.ts");
    expect(toolFilesPath("/repo/../elsewhere/tools/a.ts", cwd)).toBe("/repo/../elsewhere/tools/a.ts");
    expect(toolFilesPath("/repo/src/tools/a.ts", "/repo/")).toBe("src/tools/a.ts");
    expect(toolFilesPath("/repository/src/tools/a.ts", cwd)).toBe("/repository/src/tools/a.ts");
  });
});
