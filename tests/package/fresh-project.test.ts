import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * A new user's first hour, as README tells it: a fresh `npm init -y` project (so `"type": "commonjs"`), README's
 * Install command with the packed tarball in place of the registry's copy, README's Usage config and then its
 * type-aware config, and `npx eslint .`, on the lowest and the newest ESLint the peer range allows. Everything
 * comes from the registry as a user gets it (with an npm cache kept under node_modules/.cache between runs);
 * the commands and configs are read from README.md at test time, so an edit there is tested as written.
 * .ci/run's second suite run skips it (MCP_TOOL_ERRORS_SKIP_FRESH_PROJECT=1): it installs its own ESLint
 * versions, so it would repeat the first run's work.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const sample = fileURLToPath(new URL("../fixtures/fresh-project/", import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  name: string;
  peerDependencies: Record<string, string>;
};
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const npmCache = path.join(root, "node_modules/.cache/fresh-project-npm");

/** The text of the section under `heading` (a whole heading line), up to the next heading of any level. */
function readmeSection(heading: string): string {
  const start = readme.split("\n").indexOf(heading);
  expect(start, `README has no "${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = readme.split("\n").slice(start + 1);
  const end = rest.findIndex((line) => /^#{1,6} /u.test(line));
  return rest.slice(0, end === -1 ? undefined : end).join("\n");
}

/** The first fenced block of `language` in a section. */
function fencedBlock(section: string, language: string): string {
  const match = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "mu").exec(section);
  expect(match, `no \`\`\`${language} block`).not.toBeNull();
  return match?.[1] ?? "";
}

const installCommand = fencedBlock(readmeSection("## Install"), "sh").trim();
const usage = readmeSection("## Usage");
const configFile = /`(eslint\.config\.[cm]?[jt]s)`/u.exec(usage)?.[1] ?? "";
const untypedConfig = fencedBlock(usage, "js");
const typedConfig = fencedBlock(readmeSection("### Type-aware linting"), "js");
const convertedThrowsConfig = fencedBlock(readmeSection('### SDK v2 says "throw instead": why these rules still say don\'t'), "js");

/** The lowest version of the ESLint peer range, and its newest major as a range npm resolves to the newest. */
const eslintRange = manifest.peerDependencies.eslint.split("||").map((part) => part.trim());
const lowest = eslintRange[0].replace(/^\^/u, "");
const newest = eslintRange.at(-1) ?? "";

/** `npm ...` (or `npx ...`) as a user's shell runs it: no npm_* variables from the `npm test` around us. */
function run(command: string, args: readonly string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/iu.test(key)));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...env, npm_config_cache: npmCache, npm_config_update_notifier: "false" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

async function runOk(command: string, args: readonly string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  expect(result.code, `${command} ${args.join(" ")}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; message: string }[];
}

/** `npx eslint .` in the project, every message as `file line:column ruleId`. */
async function lint(project: string): Promise<string[]> {
  const result = await run("npx", ["eslint", ".", "--format", "json"], project);
  expect(result.stderr).toBe("");
  const findings = (JSON.parse(result.stdout) as LintResult[]).flatMap((file) =>
    file.messages.map((message) => {
      const at = `${path.relative(project, file.filePath)} ${String(message.line)}:${String(message.column)}`;
      return `${at} ${message.ruleId ?? `(fatal) ${message.message}`}`;
    }),
  );
  expect(result.code).toBe(findings.length > 0 ? 1 : 0);
  return findings;
}

/** What the sample project's files get with `recommended`: every message, from every plugin. */
const UNTYPED_FINDINGS = [
  "src/tools/read-file.ts 10:32 mcp-tool-errors/no-throw-in-tool-handler",
  "src/tools/read-file.ts 14:16 mcp-tool-errors/require-is-error",
  "src/tools/search.ts 7:29 mcp-tool-errors/no-throw-in-tool-handler",
  "src/tools/search.ts 11:48 mcp-tool-errors/error-text-prefix",
  "src/tools/search.ts 11:114 mcp-tool-errors/no-protocol-errors-in-tools",
];
/** README's SDK v2 config: the throw in the `registerTool` callback is the SDK's to convert; the factory handler's is not. */
const CONVERTED_THROWS_FINDINGS = UNTYPED_FINDINGS.filter((finding) => !finding.startsWith("src/tools/search.ts 7:29"));
/** With type information, the call of the throwing helper in utils.ts joins them; the config file stays clean. */
const TYPED_FINDINGS = ["src/tools/read-file.ts 9:20 mcp-tool-errors/no-throwing-call-in-tool-handler", ...UNTYPED_FINDINGS];

let work = "";
let tarball = "";

describe.skipIf(process.env.MCP_TOOL_ERRORS_SKIP_FRESH_PROJECT === "1")("a new user's first hour", () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-fresh-"));
    mkdirSync(npmCache, { recursive: true });
    // --ignore-scripts: `prepack` would rebuild dist/ under the other test files' feet (npm test built it).
    const packed = JSON.parse(await runOk("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], root)) as {
      filename: string;
    }[];
    tarball = path.join(work, packed[0].filename);
  }, 60_000);

  // The projects hold whole installs: removing them can take longer than a hook's default 10 s on a busy machine.
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  describe("README's snippets, read from README.md", () => {
    it("install eslint, typescript-eslint and the plugin, into a config file that is an ES module in any project", () => {
      expect(installCommand.split(/\s+/u)).toEqual(
        expect.arrayContaining(["npm", "install", "eslint", "typescript-eslint", manifest.name]),
      );
      expect(configFile).toBe("eslint.config.mjs");
      for (const config of [untypedConfig, typedConfig, convertedThrowsConfig]) {
        // Every package the configs import is one the Install command installs.
        for (const [, source] of config.matchAll(/^import .* from "([^"]+)";$/gmu)) {
          expect(installCommand.split(/\s+/u)).toContain(source.startsWith("eslint/") ? "eslint" : source);
        }
      }
    });
  });

  describe.each([
    { label: `the lowest supported ESLint (${lowest})`, eslint: lowest },
    { label: `the newest supported ESLint (${newest})`, eslint: newest },
  ])("a fresh project on $label", ({ eslint }) => {
    let project = "";

    beforeAll(async () => {
      project = path.join(work, `eslint-${eslint.replace(/\W/gu, "")}`);
      mkdirSync(project);
      await runOk("npm", ["init", "-y"], project);
      // The project's own sources and tsconfig (Node types: TypeScript 6 includes no @types by default).
      cpSync(sample, project, { recursive: true });
      const pkg = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8")) as Record<string, unknown>;
      expect(pkg.type).toBe("commonjs");
      writeFileSync(
        path.join(project, "package.json"),
        JSON.stringify({ ...pkg, devDependencies: { "@types/node": "^20.19.0" } }, null, 2),
      );
      // README's command, with ESLint at the version under test and the plugin from the packed tarball.
      const [command, ...args] = installCommand.split(/\s+/u).map((word) => {
        if (word === "eslint") return `eslint@${eslint}`;
        return word === manifest.name ? tarball : word;
      });
      await runOk(command, [...args, "--no-audit", "--no-fund"], project);
    }, 240_000);

    it("installs that ESLint and one copy of typescript-eslint's packages, the project's", () => {
      const version = (name: string, from = project) =>
        (JSON.parse(readFileSync(path.join(from, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
      if (eslint === lowest) expect(version("eslint")).toBe(lowest);
      else expect(version("eslint").split(".")[0]).toBe(newest.replace(/^\^/u, "").split(".")[0]);
      expect(version("@typescript-eslint/utils")).toBe(version("typescript-eslint"));
      expect(version("@typescript-eslint/parser")).toBe(version("typescript-eslint"));
      expect(existsSync(path.join(project, "node_modules", manifest.name, "node_modules/@typescript-eslint"))).toBe(false);
    });

    it("gets the expected findings, and nothing else, with README's Usage config", { timeout: 60_000 }, async () => {
      writeFileSync(path.join(project, configFile), untypedConfig);
      expect((await lint(project)).toSorted()).toEqual(UNTYPED_FINDINGS.toSorted());
    });

    it(
      "leaves the throws McpServer converts to it with README's SDK v2 config (reportConvertedThrows: false)",
      { timeout: 60_000 },
      async () => {
        writeFileSync(path.join(project, configFile), convertedThrowsConfig);
        expect(convertedThrowsConfig).toContain("reportConvertedThrows: false");
        expect((await lint(project)).toSorted()).toEqual(CONVERTED_THROWS_FINDINGS.toSorted());
      },
    );

    it(
      "gets the type-aware findings, and nothing else, with README's type-aware config (projectService)",
      { timeout: 60_000 },
      async () => {
        writeFileSync(path.join(project, configFile), typedConfig);
        expect(typedConfig).toContain("projectService");
        expect((await lint(project)).toSorted()).toEqual(TYPED_FINDINGS.toSorted());
      },
    );
  });
});
