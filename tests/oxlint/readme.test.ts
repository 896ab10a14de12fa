// README's oxlint section, run as written: its `.oxlintrc.json` and its `oxlint.config.ts` in a temporary project
// holding the example server, with its commands, and the findings compared with ESLint's on the same files.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import plugin from "eslint-plugin-mcp-tool-errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eslintFindings, type Finding, parseOxlintJson, ROOT, type Rules, type Settings } from "./hosts.js";

const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const start = readme.indexOf("\n## oxlint\n");
const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
const blocks = [...section.matchAll(/^```(\w+)\n(.*?)^```$/gmsu)].map(([, lang = "", code = ""]) => ({ lang, code }));
const all = (lang: string, count: number): string[] => {
  const found = blocks.filter((block) => block.lang === lang).map((block) => block.code.trimEnd());
  expect(found, `README's oxlint section has ${String(count)} ${lang} block(s)`).toHaveLength(count);
  return found;
};
const only = (lang: string): string => all(lang, 1)[0] ?? "";

/** TypeScript config files load through Node's type stripping, on by default from 22.18. */
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const STRIPS_TYPES = major > 22 || (major === 22 && minor >= 18);

const rulesOf = (preset: "recommended" | "strict"): Rules => ({ ...plugin.configs[preset].rules });

describe("README's oxlint section", () => {
  const project = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-readme-oxlint-"));
  const json = only("json");
  const typescript = only("ts");
  const config = JSON.parse(json) as { jsPlugins: string[]; rules: Record<string, unknown>; settings: Settings };
  let eslintRecommended: Finding[];
  let eslintStrict: Finding[];

  /** A shell command of the section, run in the project; the package's own bin folder comes first on PATH. */
  const sh = (command: string) => {
    const run = spawnSync("sh", ["-c", command], {
      cwd: project,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
    expect(run.error).toBeUndefined();
    return run;
  };
  /** The plugin's findings in oxlint's JSON output (oxlint's own default rules may report too). */
  const pluginFindings = (stdout: string): Finding[] =>
    parseOxlintJson(stdout).filter((finding) => finding.ruleId.startsWith(`${plugin.meta.namespace}/`));

  beforeAll(async () => {
    // What `npm install --save-dev oxlint eslint-plugin-mcp-tool-errors` gives: both packages in node_modules.
    mkdirSync(path.join(project, "node_modules/.bin"), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules/oxlint"), path.join(project, "node_modules/oxlint"));
    symlinkSync(ROOT, path.join(project, "node_modules/eslint-plugin-mcp-tool-errors"));
    symlinkSync("../oxlint/bin/oxlint", path.join(project, "node_modules/.bin/oxlint"));
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "bridge", private: true, type: "module" }));
    // oxlint keeps out of node_modules through .gitignore, as in any project.
    writeFileSync(path.join(project, ".gitignore"), "node_modules/\n");
    cpSync(path.join(ROOT, "examples/bridge/src"), path.join(project, "src"), { recursive: true });
    eslintRecommended = await eslintFindings(project, rulesOf("recommended"), config.settings);
    eslintStrict = await eslintFindings(project, rulesOf("strict"), config.settings);
  }, 120_000);

  afterAll(() => {
    rmSync(project, { recursive: true, force: true });
  });

  it("installs oxlint and this package, then lints with `npx oxlint`", () => {
    expect(all("sh", 2)).toEqual([`npm install --save-dev oxlint ${plugin.meta.name}`, "npx oxlint"]);
  });

  it("lists exactly the rules of `recommended` in .oxlintrc.json, and what `strict` adds in the text", () => {
    expect(config.jsPlugins).toEqual([plugin.meta.name]);
    expect(config.rules).toEqual(rulesOf("recommended"));
    const added = /For `strict`, add `("[^"]+": "error")`/u.exec(section)?.[1] ?? "";
    expect({ ...config.rules, ...(JSON.parse(`{${added}}`) as object) }).toEqual(rulesOf("strict"));
  });

  // Each of these spawns oxlint or tsc: on a busy machine, more than the default 30 s.
  it("with .oxlintrc.json, `npx oxlint` reports what ESLint reports with `recommended`", { timeout: 120_000 }, () => {
    writeFileSync(path.join(project, ".oxlintrc.json"), json);
    const command = all("sh", 2)[1] ?? "";
    const run = sh(command);
    expect(run.status).toBe(1);
    expect(eslintRecommended.length).toBeGreaterThan(0);
    expect(run.stdout).toContain(`${plugin.meta.namespace}(no-throw-in-tool-handler)`);
    expect(pluginFindings(sh(`${command} -f json`).stdout)).toEqual(eslintRecommended);
    rmSync(path.join(project, ".oxlintrc.json"));
  });

  it("compiles oxlint.config.ts with the package's and oxlint's types", { timeout: 120_000 }, () => {
    writeFileSync(path.join(project, "oxlint.config.ts"), typescript);
    const tsconfig = {
      compilerOptions: { module: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, types: [] },
      files: ["oxlint.config.ts"],
    };
    writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify(tsconfig));
    const run = sh(`"${process.execPath}" "${path.join(ROOT, "node_modules/typescript/bin/tsc")}" -p tsconfig.json`);
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
    rmSync(path.join(project, "oxlint.config.ts"));
    rmSync(path.join(project, "tsconfig.json"));
  });

  it(
    `with the JS config (${STRIPS_TYPES ? "oxlint.config.ts" : "as oxlint.config.mjs, on this Node.js"}), oxlint reports what ESLint reports with \`strict\``,
    { timeout: 120_000 },
    () => {
      expect(typescript).toContain("mcpToolErrors.configs.strict.rules");
      // The code has no type syntax: on Node.js before 22.18 README says to save it as oxlint.config.mjs.
      const command = STRIPS_TYPES ? "npx oxlint" : (/run `(npx oxlint -c oxlint\.config\.mjs)`/u.exec(section)?.[1] ?? "");
      writeFileSync(path.join(project, STRIPS_TYPES ? "oxlint.config.ts" : "oxlint.config.mjs"), typescript);
      const run = sh(`${command} -f json`);
      expect(run.stderr).toBe("");
      expect(eslintStrict.length).toBeGreaterThan(eslintRecommended.length);
      expect(pluginFindings(run.stdout)).toEqual(eslintStrict);
    },
  );
});
