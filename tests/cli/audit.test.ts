import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { AuditReport } from "../../src/cli/report.js";
import { runAudit } from "../../src/cli/run.js";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const FIXTURE = "tests/fixtures/audit/tsconfig.json";

async function audit(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runAudit(
    argv,
    { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } },
    repository,
  );
  return { code, stdout, stderr };
}

const AUDIT_TIMEOUT = 60_000;

describe("mcp-tool-errors audit on a project whose handlers are registered in other files", () => {
  it("prints the inventory with findings per tool and the summary, and exits 1", { timeout: AUDIT_TIMEOUT }, async () => {
    const { code, stdout, stderr } = await audit("audit", "--project", FIXTURE);
    expect(stderr).toBe("");
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^tool\s+location\s+registered\s+findings\s+compliant$/u);
    expect(lines.slice(2, 6).map((line) => line.split(/\s{2,}/u))).toEqual([
      ["git_status", "src/handlers/git-status.ts:4", "registerTool (src/server.ts:12)", "no-protocol-errors-in-tools: 1", "no"],
      // A method that a decorator registers, named by the decorator's description.
      ["count_notes", "src/notes-service.ts:5", "@Tool", "-", "yes"],
      ["list_dir", "src/tools/list-dir.ts:11", "registerTool (src/tools/index.ts:7)", "-", "yes"],
      ["read_file", "src/tools/read-file.ts:13", "registerTool (src/tools/index.ts:7)", "no-throwing-call-in-tool-handler: 1", "no"],
    ]);
    // Each finding as `file:line rule` under its tool.
    expect(lines.slice(7, -1)).toEqual([
      "git_status",
      "  src/handlers/git-status.ts:6 no-protocol-errors-in-tools",
      "",
      "read_file",
      "  src/tools/read-file.ts:14 no-throwing-call-in-tool-handler",
      "",
    ]);
    expect(lines.at(-1)).toBe("4 tools, 2 compliant (50%)");
  });

  it("--format json attributes each finding to the tool whose handler holds it", { timeout: AUDIT_TIMEOUT }, async () => {
    const { code, stdout } = await audit("audit", "--project", FIXTURE, "--format", "json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as AuditReport;
    expect(report.summary).toEqual({ tools: 4, compliant: 2, percent: 50 });
    expect(report.unattributed).toEqual([]);
    const findings = Object.fromEntries(
      report.tools.map((tool) => [tool.name, tool.findings.map(({ ruleId, file, line }) => `${ruleId} ${file}:${String(line)}`)]),
    );
    expect(findings).toEqual({
      git_status: ["mcp-tool-errors/no-protocol-errors-in-tools src/handlers/git-status.ts:6"],
      count_notes: [],
      list_dir: [],
      read_file: ["mcp-tool-errors/no-throwing-call-in-tool-handler src/tools/read-file.ts:14"],
    });
  });

  it("--format markdown prints a table for a pull-request comment", { timeout: AUDIT_TIMEOUT }, async () => {
    const { stdout } = await audit("audit", "-p", FIXTURE, "-f", "markdown");
    const lines = stdout.trimEnd().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "| tool | location | registered | findings | compliant |",
      "| --- | --- | --- | --- | --- |",
      "| git_status | src/handlers/git-status.ts:4 | registerTool (src/server.ts:12) | no-protocol-errors-in-tools: 1 | no |",
    ]);
    expect(lines).toContain("#### git_status");
    expect(lines).toContain("- `src/tools/read-file.ts:14 no-throwing-call-in-tool-handler`");
    expect(lines.at(-1)).toBe("**4 tools, 2 compliant (50%)**");
  });
});

describe("mcp-tool-errors usage errors exit 2", () => {
  it.each([
    [["audit", "--frobnicate"], /Unknown option '--frobnicate'/u],
    [["audit", "--project", "tests/fixtures/audit/missing.json"], /no tsconfig at .*missing\.json/u],
    [["audit", "--project", FIXTURE, "--format", "xml"], /--format must be one of table, json, markdown/u],
    [["lint"], /unknown command: lint/u],
    [["--project", FIXTURE], /missing command: audit/u],
  ])("%j", async (argv, message) => {
    const { code, stdout, stderr } = await audit(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });
});

describe("mcp-tool-errors help", () => {
  it.each([{ argv: [] }, { argv: ["--help"] }, { argv: ["audit", "-h"] }])(
    "$argv prints the commands, options and exit codes, exit 0",
    async ({ argv }) => {
      const { code, stdout, stderr } = await audit(...argv);
      expect(code).toBe(0);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/^Usage: mcp-tool-errors <command> \[options\]\n/u);
      expect(stderr).toMatch(/^ {2}audit {4}Lists every MCP tool/mu);
      expect(stderr).toMatch(/^ {2}-p, --project <tsconfig\.json>/mu);
      for (const exitCode of ["0", "1", "2"]) expect(stderr).toMatch(new RegExp(`^ {2}${exitCode} {2}\\S`, "mu"));
    },
  );
});

describe("the package's bin", () => {
  it("is dist/cli/audit.js, a node script", async () => {
    const manifest = JSON.parse(readFileSync(`${repository}package.json`, "utf8")) as { bin: Record<string, string> };
    expect(manifest.bin).toEqual({ "mcp-tool-errors": "./dist/cli/audit.js" });
    expect(readFileSync(`${repository}dist/cli/audit.js`, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    const run = promisify(execFile);
    await expect(run("node", [`${repository}dist/cli/audit.js`, "audit", "--nope"])).rejects.toMatchObject({ code: 2 });
  });
});

describe("mcp-tool-errors audit on examples/bridge", () => {
  it("lists every tool of the example with where it is registered and its findings", { timeout: AUDIT_TIMEOUT }, async () => {
    const { stdout, code } = await audit("audit", "--project", "examples/bridge/tsconfig.json", "--format", "json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as AuditReport;
    const inventory = report.tools.map((tool) => ({
      name: tool.name,
      at: `${tool.file}:${String(tool.line)}`,
      registration: tool.registration,
      findings: tool.findings.map(
        (finding) => `${String(finding.line)}:${String(finding.column)} ${finding.ruleId.replace("mcp-tool-errors/", "")}`,
      ),
    }));
    const viaIndex = "registerTool (src/tools/index.ts:29)";
    const viaTable = "setRequestHandler (src/issues-server.ts:31)";
    expect(inventory).toEqual([
      // The dispatch table's functions, named by their keys, and the method that dispatches (no `case` labels).
      { name: "list_issues", at: "src/issues-server.ts:13", registration: viaTable, findings: [] },
      { name: "close_issue", at: "src/issues-server.ts:16", registration: viaTable, findings: ["19:7 no-throw-in-tool-handler"] },
      { name: "tools/call", at: "src/issues-server.ts:34", registration: viaTable, findings: [] },
      // SDK v2's McpServer (src/notes-server.ts): the throw it converts, and error results a client cannot use.
      {
        name: "read_note",
        at: "src/notes-server.ts:17",
        registration: "registerTool (src/notes-server.ts:14)",
        findings: ["20:9 no-throw-in-tool-handler"],
      },
      {
        name: "delete_note",
        at: "src/notes-server.ts:33",
        registration: "registerTool (src/notes-server.ts:30)",
        findings: ["35:27 error-result-content", "38:89 error-result-content"],
      },
      {
        name: "get_workspace_folders",
        at: "src/server.ts:12",
        registration: "registerTool (src/server.ts:9)",
        findings: ["15:9 no-throw-in-tool-handler", "15:15 no-protocol-errors-in-tools"],
      },
      { name: "list_folders", at: "src/server.ts:28", registration: "setRequestHandler (src/server.ts:26), case", findings: [] },
      {
        name: "fetch_page",
        at: "src/tools/fetch-page.ts:18",
        registration: viaIndex,
        findings: ["20:16 require-is-error", "27:16 require-is-error"],
      },
      { name: "git_log", at: "src/tools/git-log.ts:25", registration: viaIndex, findings: ["26:19 no-throw-in-tool-handler"] },
      { name: "list_files", at: "src/tools/list-files.ts:16", registration: viaIndex, findings: ["22:16 require-is-error"] },
      {
        name: "open_file",
        at: "src/tools/open-file.ts:20",
        registration: viaIndex,
        // The cross-file throwing helper is seen only with type information, as the audit lints.
        findings: ["22:20 no-throwing-call-in-tool-handler", "25:55 no-protocol-errors-in-tools", "34:26 no-protocol-errors-in-tools"],
      },
      { name: "read_file", at: "src/tools/read-file.ts:14", registration: viaIndex, findings: [] },
      { name: "run_command", at: "src/tools/run-command.ts:20", registration: viaIndex, findings: ["22:9 no-throw-in-tool-handler"] },
      {
        name: "search",
        at: "src/tools/search.ts:18",
        registration: viaIndex,
        findings: ["21:87 require-is-error", "24:59 error-text-prefix", "31:52 error-text-prefix"],
      },
    ]);
    expect(report.summary).toEqual({ tools: 14, compliant: 4, percent: 29 });
    const { stdout: table } = await audit("audit", "--project", "examples/bridge/tsconfig.json");
    expect(table.trimEnd().split("\n").at(-1)).toBe("14 tools, 4 compliant (29%)");
  });
});

describe("mcp-tool-errors audit lints through the project's own ESLint configuration", () => {
  const SETTINGS_FIXTURE = "tests/fixtures/audit-settings";

  it(
    "finds, per file, exactly what `eslint` finds with the project's settings (errorPrefix, toolFiles, wrappers, errorHelpers)",
    { timeout: AUDIT_TIMEOUT },
    async () => {
      const { code, stdout, stderr } = await audit("audit", "--project", `${SETTINGS_FIXTURE}/tsconfig.json`, "--format", "json");
      expect(stderr).toBe("");
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as AuditReport;
      expect(report.tools.map((tool) => [tool.name, tool.registration, tool.compliant])).toEqual([
        ["read_note", "registerTool (src/server.ts:17)", false],
        ["search_notes", "registerTool (src/server.ts:18)", true],
        // The configured wrapper turns the handler's throw into an error result.
        ["archive_note", "registerTool (src/server.ts:20)", true],
        // "Error: ..." does not carry the project's prefix "ERROR: ".
        ["count_notes", "registerTool (src/server.ts:29)", false],
        // `extends framework.MCPTool` through a namespace import: its thrown message is its error text, without the prefix.
        ["tag_note", "extends MCPTool", false],
      ]);
      const fromAudit = [...report.tools.flatMap((tool) => tool.findings), ...report.unattributed]
        .map((finding) => `${finding.file}:${String(finding.line)}:${String(finding.column)} ${finding.ruleId}`)
        .sort();
      const cwd = path.join(repository, SETTINGS_FIXTURE);
      const files = [...new Set(report.tools.map((tool) => tool.file))];
      const results = await new ESLint({ cwd }).lintFiles(files.map((file) => path.join(cwd, file)));
      const fromEslint = results
        .flatMap((result) =>
          result.messages.map(
            (message) =>
              `${path.relative(cwd, result.filePath)}:${String(message.line)}:${String(message.column)} ${message.ruleId ?? "fatal"}`,
          ),
        )
        .sort();
      expect(fromAudit).toEqual(fromEslint);
      expect(fromAudit).toEqual([
        "lib/tools/read-note.ts:11:48 mcp-tool-errors/error-text-prefix",
        "lib/tools/read-note.ts:9:19 mcp-tool-errors/no-throw-in-tool-handler",
        "src/server.ts:30:46 mcp-tool-errors/error-text-prefix",
        "src/tag-tool.ts:8:50 mcp-tool-errors/error-text-prefix",
      ]);
    },
  );

  it(
    "without a configuration file, lints with the preset and default settings and says so in one line",
    { timeout: AUDIT_TIMEOUT },
    async () => {
      const project = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-audit-"));
      try {
        writeFileSync(
          path.join(project, "tsconfig.json"),
          JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ["*.ts"] }),
        );
        writeFileSync(
          path.join(project, "server.ts"),
          `declare const server: { registerTool(name: string, config: object, cb: (args: { url: string }) => Promise<unknown>): void };
server.registerTool("fetch_page", {}, async ({ url }) => {
  if (!url.startsWith("https://")) throw new Error("only https URLs are allowed");
  return { content: [{ type: "text", text: await (await fetch(url)).text() }] };
});
`,
        );
        const { code, stdout, stderr } = await audit("audit", "--project", path.join(project, "tsconfig.json"), "--format", "json");
        expect(stderr).toBe("mcp-tool-errors: no ESLint configuration found; linting with the plugin's preset and default settings\n");
        expect(code).toBe(1);
        const report = JSON.parse(stdout) as AuditReport;
        expect(
          report.tools.map((tool) => [tool.name, tool.findings.map((finding) => `${String(finding.line)} ${finding.ruleId}`)]),
        ).toEqual([["fetch_page", ["3 mcp-tool-errors/no-throw-in-tool-handler"]]]);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
  );
});
