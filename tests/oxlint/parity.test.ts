import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  eslintFindings,
  eslintFor,
  type Finding,
  oxlintConfig,
  oxlintFindings,
  ROOT,
  runOxlint,
  type Settings,
  UNTYPED_RULES,
} from "./hosts.js";

const BRIDGE = path.join(ROOT, "examples/bridge");
const FIXTURE = path.join(ROOT, "tests/fixtures/oxlint");
/** A server with error helpers of its own and no settings: their calls are found from the references of their names. */
const HELPERS = path.join(ROOT, "tests/fixtures/oxlint-helpers");

/** The fixture set's settings: several kinds of key, so that both hosts are seen to pass settings through. */
const FIXTURE_SETTINGS: Settings = {
  "mcp-tool-errors": {
    toolFiles: ["src/tools/**"],
    handlers: { wrappers: ["withToolErrors"], registrationMethods: ["tool", "registerTool", "registerToolTask", "registerAnnotatedTool"] },
    errorHelpers: ["toolError"],
    acceptedErrorPrefixes: ["### Error"],
  },
};

const RULES = Object.keys(UNTYPED_RULES).map((id) => id.slice(id.indexOf("/") + 1));

/**
 * What ESLint reports on the fixture set, `"line:column rule"` per file: pinned, so that the parity below
 * cannot hold by both hosts reporting nothing. Files not listed (the transport layer, the error codes, the
 * helpers, the AI SDK tool, `defineTool`'s own module) have no findings.
 */
const FIXTURE_EXPECTED: Record<string, string[]> = {
  "src/automator.ts": ["12:5 no-throw-in-tool-handler", "12:11 no-protocol-errors-in-tools"],
  "src/billing.ts": [
    "11:145 require-try-catch-in-tool-handler",
    "12:35 error-result-content",
    "14:35 error-result-content",
    "15:95 error-result-content",
  ],
  "src/dispatch.ts": [
    "10:65 require-try-catch-in-tool-handler",
    "19:18 no-protocol-errors-in-tools",
    "19:49 no-protocol-errors-in-tools",
    "24:50 error-text-prefix",
  ],
  // A dispatcher's let-copied name and lookup (unknown-tool throws), a not-found answer after an optional chain's
  // presence test that returns, a rejection handled by a .then().catch() chain, structuredContent from a spread.
  // Tools as static methods: a static error builder called by the class and as this.fail(), a static sibling that throws.
  "src/forecast-tools.ts": [
    "9:3 require-try-catch-in-tool-handler",
    "10:33 error-text-prefix",
    "11:42 no-throw-in-tool-handler",
    "12:101 error-text-prefix",
  ],
  "src/hosting.ts": [
    "18:67 require-try-catch-in-tool-handler",
    "40:91 require-try-catch-in-tool-handler",
    "44:12 require-is-error",
    "46:89 require-try-catch-in-tool-handler",
    "49:123 error-result-content",
  ],
  "src/lib/inventory.ts": [
    "17:48 require-try-catch-in-tool-handler",
    "18:17 no-throw-in-tool-handler",
    "18:31 no-protocol-errors-in-tools",
  ],
  // An MCPTool's execute fails by throwing: its thrown message is the error text.
  "src/mcp-framework.ts": ["16:39 error-text-prefix"],
  // A failure's text given to the file's plain result builder.
  "src/markets.ts": ["13:12 require-is-error"],
  "src/memory.ts": ["17:150 require-try-catch-in-tool-handler", "18:17 no-throw-in-tool-handler"],
  // A method under a tool decorator is a handler (its head reported after the decorator); one under `@Get` is not.
  "src/notes-service.ts": ["8:3 require-try-catch-in-tool-handler", "9:25 no-throw-in-tool-handler"],
  // registerTool destructured off the registrar registers its callback; the table a function returns is looped over
  // inside a catching try, so its handler's throw is guarded; that catch writes the caught error whole after `Error: `.
  "src/registry.ts": ["15:78 require-try-catch-in-tool-handler", "16:38 no-throw-in-tool-handler", "40:60 error-text-prefix"],
  // A hand-written tools/call route's catch answering -32603 from a constant; a dispatcher's catch answering without content.
  "src/rpc-route.ts": ["15:43 no-protocol-errors-in-tools", "25:12 error-result-content"],
  "src/server.ts": [
    "11:126 require-try-catch-in-tool-handler",
    "12:28 no-throw-in-tool-handler",
    "12:34 no-protocol-errors-in-tools",
    "23:83 require-is-error",
    "28:130 require-try-catch-in-tool-handler",
    "30:63 error-text-prefix",
  ],
  // MCP Apps' registerAppTool, known by its import, registers its callback; the project's registerWidget does not,
  // while its registerAnnotatedTool, imported and named in handlers.registrationMethods, does.
  "src/weather-app.ts": [
    "11:85 require-try-catch-in-tool-handler",
    "12:21 no-throw-in-tool-handler",
    "21:89 require-try-catch-in-tool-handler",
    "22:21 no-throw-in-tool-handler",
  ],
  "src/tools/definitions.ts": [
    "20:62 error-text-prefix",
    "23:48 error-text-prefix",
    "32:3 require-try-catch-in-tool-handler",
    "33:41 error-text-prefix",
    "44:64 error-text-prefix",
  ],
  "src/tools/browser-task.ts": ["10:103 require-is-error", "13:58 error-text-prefix"],
  "src/tools/echo.ts": ["5:27 no-throw-in-tool-handler"],
  "src/tools/fastmcp.js": ["12:27 require-try-catch-in-tool-handler", "14:16 no-throw-in-tool-handler", "28:14 require-is-error"],
  "src/tools/git.ts": [
    "14:1 require-try-catch-in-tool-handler",
    "15:15 no-throw-in-tool-handler",
    "26:26 require-try-catch-in-tool-handler",
    "27:11 no-throw-in-tool-handler",
    "39:70 require-try-catch-in-tool-handler",
    "40:29 no-throw-in-tool-handler",
    "62:26 error-text-prefix",
  ],
  "src/tools/write-file.ts": [
    "13:61 require-try-catch-in-tool-handler",
    "15:9 no-throw-in-tool-handler",
    "18:59 error-text-prefix",
    "18:113 no-protocol-errors-in-tools",
    "24:16 require-is-error",
  ],
};

function byFile(findings: readonly Finding[]): Record<string, string[]> {
  const files: Record<string, string[]> = {};
  for (const { file, line, column, ruleId } of findings) {
    (files[file] ??= []).push(`${String(line)}:${String(column)} ${ruleId.slice(ruleId.indexOf("/") + 1)}`);
  }
  return files;
}

describe.each([
  { name: "examples/bridge", dir: BRIDGE, settings: {}, count: 28, rules: RULES },
  { name: "the oxlint fixture set", dir: FIXTURE, settings: FIXTURE_SETTINGS, count: 66, rules: RULES },
  {
    name: "a server with its own error helpers",
    dir: HELPERS,
    settings: {},
    count: 7,
    rules: ["error-result-content", "error-text-prefix", "require-try-catch-in-tool-handler"],
  },
])("oxlint and ESLint on $name", ({ dir, settings, count, rules }) => {
  let eslint: Finding[];
  let oxlint: Finding[];

  beforeAll(async () => {
    eslint = await eslintFindings(dir, UNTYPED_RULES, settings);
    oxlint = oxlintFindings(dir, oxlintConfig(UNTYPED_RULES, settings));
  }, 120_000);

  it("report the same findings: file, line, column, rule and message", () => {
    expect(eslint).toHaveLength(count);
    expect(oxlint).toEqual(eslint);
  });

  it("find something for every rule the files were written for", () => {
    expect(new Set(eslint.map((finding) => finding.ruleId.slice(finding.ruleId.indexOf("/") + 1)))).toEqual(new Set(rules));
  });
});

describe("the fixture set", () => {
  it("has exactly the findings its files were written for", { timeout: 120_000 }, async () => {
    expect(byFile(await eslintFindings(FIXTURE, UNTYPED_RULES, FIXTURE_SETTINGS))).toEqual(FIXTURE_EXPECTED);
  });
});

/** Every file under `dir`, path to content. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file).split(path.sep).join("/"), readFileSync(file, "utf8")];
    }),
  );
}

/** ESLint's limit on fix passes over one file, which oxlint's CLI leaves to the user. */
const MAX_FIX_PASSES = 10;

describe.each([
  // The bridge's fixes are independent of each other, as are the two prefix fixes of the helpers' messages; in
  // the fixture set one fix (`isError: true` on a catch
  // result) makes the result's text error text, which the prefix fix then corrects.
  { name: "examples/bridge", dir: BRIDGE, settings: {}, oxlintRuns: 1 },
  { name: "the oxlint fixture set", dir: FIXTURE, settings: FIXTURE_SETTINGS, oxlintRuns: 2 },
  { name: "a server with its own error helpers", dir: HELPERS, settings: {}, oxlintRuns: 1 },
])("oxlint --fix and eslint --fix on copies of $name", ({ dir, settings, oxlintRuns }) => {
  const temp = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-fix-"));
  const viaEslint = path.join(temp, "eslint");
  const viaOxlint = path.join(temp, "oxlint");
  const config = oxlintConfig(UNTYPED_RULES, settings);
  /** The files after each `oxlint --fix` run, until a run changes nothing. */
  const afterRuns: Record<string, string>[] = [];

  beforeAll(async () => {
    for (const copy of [viaEslint, viaOxlint]) cpSync(dir, copy, { recursive: true });
    await ESLint.outputFixes(await eslintFor(viaEslint, UNTYPED_RULES, settings, true).lintFiles(["."]));
    let before = snapshot(viaOxlint);
    for (let run = 0; run < MAX_FIX_PASSES; run++) {
      expect(runOxlint(viaOxlint, config, ["--fix", "."]).stderr).toBe("");
      const after = snapshot(viaOxlint);
      if (JSON.stringify(after) === JSON.stringify(before)) break;
      afterRuns.push(after);
      before = after;
    }
  }, 120_000);

  afterAll(() => {
    rmSync(temp, { recursive: true, force: true });
  });

  it("write the same files, oxlint in as many runs as fixes depend on each other (one pass per run)", () => {
    const fixed = snapshot(viaEslint);
    expect(fixed).not.toEqual(snapshot(dir));
    expect(afterRuns).toHaveLength(oxlintRuns);
    expect(afterRuns.at(-1)).toEqual(fixed);
  });

  it("leave the same findings", { timeout: 120_000 }, async () => {
    expect(oxlintFindings(viaOxlint, config)).toEqual(await eslintFindings(viaEslint, UNTYPED_RULES, settings));
  });
});
