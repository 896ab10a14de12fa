import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { rules } from "../../src/rules/index.js";

// These run against the built dist/ (npm test builds first), as a user's node and tsc see the package.
const root = fileURLToPath(new URL("../../", import.meta.url));
const consumer = fileURLToPath(new URL("../fixtures/consumer/", import.meta.url));
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const { name: packageName } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name: string };

function run(command: string, args: string[], cwd = root): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 60_000 });
  expect(result.error).toBeUndefined();
  return result;
}

/** What a consumer's node process gets for the package, printed as JSON. */
function describePlugin(source: string, inputType: "commonjs" | "module") {
  // cwd is inside the repository, so the bare name resolves through package.json "exports" (self-reference).
  const result = run(process.execPath, [`--input-type=${inputType}`, "-e", source], consumer);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as { same?: boolean; meta: unknown; rules: string[]; configs: string[] };
}

const summary = "JSON.stringify({ same, meta: p.meta, rules: Object.keys(p.rules), configs: Object.keys(p.configs) })";

describe("consumers of the published package", () => {
  it("gives the plugin to `import` and to `createRequire`, the same object", () => {
    const shown = describePlugin(
      `import p from "${packageName}"; import { createRequire } from "node:module";
       const same = createRequire(import.meta.url)("${packageName}") === p; console.log(${summary});`,
      "module",
    );
    expect(shown).toEqual({
      same: true,
      meta: plugin.meta,
      rules: Object.keys(rules),
      configs: Object.keys(plugin.configs),
    });
  });

  it("gives the plugin itself, not a module namespace, to require() in CommonJS", () => {
    const shown = describePlugin(
      `const p = require("${packageName}"); const same = typeof p.default === "undefined"; console.log(${summary});`,
      "commonjs",
    );
    expect(shown).toEqual({ same: true, meta: plugin.meta, rules: Object.keys(rules), configs: Object.keys(plugin.configs) });
  });

  it("compiles a TypeScript consumer with defineConfig and tseslint.config, without casts", { timeout: 120_000 }, () => {
    const source = readFileSync(path.join(consumer, "eslint.config.ts"), "utf8");
    expect(source).toContain("defineConfig([mcpToolErrors.configs.recommended])");
    expect(source).toMatch(/tseslint\.config\([^)]*mcpToolErrors\.configs\.recommended/su);
    expect(source).not.toMatch(/\bas\s+(?:unknown|any|Linter|ESLint)\b|<(?:any|unknown)>/u);
    const result = run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", consumer]);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("the packed tarball", () => {
  const destination = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-pack-"));
  let tarball: string;
  let files: string[];

  beforeAll(() => {
    // --ignore-scripts: `prepack` would rebuild dist/ under the other test files' feet.
    const result = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination]);
    expect(result.status).toBe(0);
    const [packed] = JSON.parse(result.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = path.join(destination, packed.filename);
    files = packed.files.map((file) => file.path);
  }, 60_000);

  afterAll(() => {
    rmSync(destination, { recursive: true, force: true });
  });

  it("ships only dist/, docs/, README, LICENSE, CHANGELOG and package.json", () => {
    const allowed = /^(?:dist\/.+\.(?:js|d\.ts)|docs\/.+\.md|README\.md|LICENSE|CHANGELOG\.md|package\.json)$/u;
    expect(files.filter((file) => !allowed.test(file))).toEqual([]);
    const ruleDocs = readdirSync(path.join(root, "docs/rules")).map((file) => `docs/rules/${file}`);
    expect(files).toEqual(
      expect.arrayContaining(["README.md", "LICENSE", "CHANGELOG.md", "package.json", "dist/index.js", "dist/index.d.ts", ...ruleDocs]),
    );
    for (const rule of Object.keys(rules)) expect(files).toContain(`dist/rules/${rule}.js`);
  });

  it("passes publint, warnings included", () => {
    const result = run(bin("publint"), ["run", tarball, "--strict"]);
    expect(result.stdout).toContain("All good!");
    expect(result.status).toBe(0);
  });

  it("passes @arethetypeswrong/cli for an ESM-only package", () => {
    // The package is ESM-only on purpose (type: module, one "default" export condition). attw's esm-only profile
    // skips node10 and node16-from-CJS: TypeScript resolving `require()` there predates Node's require(esm),
    // which the CommonJS test above shows working. Every other resolution must be problem-free.
    const result = run(bin("attw"), [tarball, "--profile", "esm-only", "--format", "json"]);
    const { problems } = JSON.parse(result.stdout) as { problems: Record<string, { resolutionKind?: string }[]> };
    const kinds = Object.values(problems).flat().map((problem) => problem.resolutionKind);
    expect(kinds.filter((kind) => kind !== "node10" && kind !== "node16-cjs")).toEqual([]);
    expect(result.status).toBe(0);
  });
});
