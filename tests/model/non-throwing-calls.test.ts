import { parseForESLint } from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

// `fetchIssue` guards its whole body when its catch clause cannot throw: when `toolError` is a configured error helper.
const server = `import { toolError } from "./errors.js";
import { api } from "./api.js";

async function fetchIssue(id: string) {
  try {
    return await api.getIssue(id);
  } catch (error) {
    return toolError(error);
  }
}

server.registerTool("get_issue", { inputSchema: {} }, async ({ id }) => fetchIssue(id));
`;

const config = (settings: Record<string, unknown>): Linter.Config => ({
  files: ["**/*.ts"],
  languageOptions: { parser: { parseForESLint } },
  settings,
  plugins: { "mcp-tool-errors": plugin },
  rules: { "mcp-tool-errors/require-try-catch-in-tool-handler": "error" },
});
const withHelper = config({ "mcp-tool-errors": { errorHelpers: ["toolError"] } });
const withoutHelper = config({});

const findings = (messages: Linter.LintMessage[]) => messages.map(({ messageId, line, column }) => ({ messageId, line, column }));
const unguarded = [{ messageId: "unguarded", line: 12, column: 70 }];

describe("calls that cannot throw, on a tree linted again", () => {
  it("answers for the settings of each lint: a tree linted with a helper, then without, is reported the second time", () => {
    const linter = new Linter({ configType: "flat" });
    expect(findings(linter.verify(server, withHelper, "src/server.ts"))).toEqual([]);
    const parsed = linter.getSourceCode();
    expect(findings(linter.verify(parsed, withoutHelper, "src/server.ts"))).toEqual(unguarded);
  });

  it("and the other way round: reported without the helper, not with it", () => {
    const linter = new Linter({ configType: "flat" });
    expect(findings(linter.verify(server, withoutHelper, "src/server.ts"))).toEqual(unguarded);
    const parsed = linter.getSourceCode();
    expect(findings(linter.verify(parsed, withHelper, "src/server.ts"))).toEqual([]);
  });
});
