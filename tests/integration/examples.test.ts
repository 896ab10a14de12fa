import { ESLint } from "eslint";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const bridge = fileURLToPath(new URL("../../examples/bridge/", import.meta.url));

/**
 * Every finding in examples/bridge, linted through its own eslint.config.js the way a user runs ESLint:
 * `"line:column rule"` per file. Files not listed have no findings (the transport layer among them).
 */
const EXPECTED: Record<string, string[]> = {
  // A function of the low-level dispatcher's table (the dispatcher is the method `this.handleCallTool`).
  "src/issues-server.ts": ["19:7 mcp-tool-errors/no-throw-in-tool-handler"],
  // SDK v2: a throw the SDK converts (the message says so), and error results a client cannot use.
  "src/notes-server.ts": [
    "20:9 mcp-tool-errors/no-throw-in-tool-handler",
    "35:27 mcp-tool-errors/error-result-content",
    "38:89 mcp-tool-errors/error-result-content",
  ],
  "src/server.ts": [
    "15:9 mcp-tool-errors/no-throw-in-tool-handler",
    // One report for `new McpError(ErrorCode.InternalError, ...)`, not one per name.
    "15:15 mcp-tool-errors/no-protocol-errors-in-tools",
  ],
  "src/tools/fetch-page.ts": ["20:16 mcp-tool-errors/require-is-error", "27:16 mcp-tool-errors/require-is-error"],
  "src/tools/git-log.ts": ["26:19 mcp-tool-errors/no-throw-in-tool-handler"],
  "src/tools/list-files.ts": ["22:16 mcp-tool-errors/require-is-error"],
  "src/tools/open-file.ts": ["25:55 mcp-tool-errors/no-protocol-errors-in-tools", "34:26 mcp-tool-errors/no-protocol-errors-in-tools"],
  "src/tools/run-command.ts": ["22:9 mcp-tool-errors/no-throw-in-tool-handler"],
  "src/tools/search.ts": [
    "21:87 mcp-tool-errors/require-is-error",
    "24:59 mcp-tool-errors/error-text-prefix",
    "31:52 mcp-tool-errors/error-text-prefix",
  ],
};

describe("examples/bridge through new ESLint()", () => {
  let findings: Record<string, string[]>;

  beforeAll(async () => {
    const eslint = new ESLint({ cwd: bridge });
    const results = await eslint.lintFiles(["."]);
    findings = {};
    for (const result of results) {
      for (const message of result.messages) expect(message.fatal, `${result.filePath}: ${message.message}`).toBeFalsy();
      if (result.messages.length === 0) continue;
      const file = path.relative(bridge, result.filePath).split(path.sep).join("/");
      findings[file] = result.messages.map((message) => `${String(message.line)}:${String(message.column)} ${message.ruleId ?? ""}`);
    }
  });

  it("reports exactly the expected findings", () => {
    expect(findings).toEqual(EXPECTED);
  });

  it("leaves the transport layer and the compliant tools alone", () => {
    for (const file of ["src/transport.ts", "src/errors.ts", "src/tools/index.ts", "src/tools/read-file.ts", "src/tools/utils.ts"]) {
      expect(findings).not.toHaveProperty(file);
    }
  });
});

describe("npm run demo (scripts/demo.js)", () => {
  it("says the findings are planted, and shows each under the comment that explains it", () => {
    const demo = fileURLToPath(new URL("../../scripts/demo.js", import.meta.url));
    const run = spawnSync(process.execPath, [demo], { encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^examples\/bridge is a small MCP server with rule violations planted on purpose/u);
    const blocks = run.stdout.split("\n\n").filter((block) => /^src\//u.test(block));
    expect(blocks.map((block) => block.split("\n", 1)[0])).toEqual(Object.keys(EXPECTED));
    for (const block of blocks) {
      const [, explanation, ...findings] = block.split("\n");
      // The example's own doc comment, naming the rule it breaks, before the findings it explains.
      expect(explanation).toMatch(
        /^ {2}\S.*(?:no-throw-in-tool-handler|no-protocol-errors-in-tools|require-is-error|error-text-prefix|error-result-content)/u,
      );
      expect(findings.length).toBeGreaterThan(0);
      for (const finding of findings) expect(finding).toMatch(/^ {4}\d+:\d+ {2}mcp-tool-errors\/[\w-]+ {2}\S|^ {2}\S/u);
    }
    const count = Object.values(EXPECTED).flat().length;
    expect(run.stdout).toContain(`mcp-tool-errors demo: ${String(count)} finding(s) in examples/bridge, all planted`);
  });
});
