import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter, type Rule } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bridge = fileURLToPath(new URL("../../examples/bridge/", import.meta.url));
const NAMESPACE = "mcp-tool-errors";
const tmp = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-cache-"));
// `concurrency` arrived in ESLint 9.34; the peer range starts lower, and CI runs the suite on its lowest version.
const [major = 0, minor = 0] = ESLint.version.split(".").map(Number);
const hasConcurrency = major > 9 || (major === 9 && minor >= 34);

/** `"file line:column rule"` for every message, sorted: what a user sees, independent of result order. */
function findings(results: ESLint.LintResult[]): string[] {
  return results
    .flatMap((result) =>
      result.messages.map((message) => {
        expect(message.fatal, message.message).toBeFalsy();
        const file = path.relative(bridge, result.filePath).split(path.sep).join("/");
        return `${file} ${String(message.line)}:${String(message.column)} ${message.ruleId ?? ""}`;
      }),
    )
    .toSorted();
}

/**
 * The example's own flat config with the plugin swapped for a copy whose rules count the files they run on, and
 * whose meta is `meta`: ESLint serialises a plugin into the cache key as `namespace:name@version`, nothing else.
 */
function countingConfig(config: Linter.Config[], meta: ESLint.Plugin["meta"], linted: Set<string>): Linter.Config[] {
  return config.map((entry) => {
    const original = entry.plugins?.[NAMESPACE];
    if (original === undefined) return entry;
    const rules = Object.fromEntries(
      Object.entries(original.rules ?? {}).map(([name, rule]) => {
        const module = rule as Rule.RuleModule;
        const counted: Rule.RuleModule = {
          ...module,
          create(context) {
            linted.add(path.relative(bridge, context.filename).split(path.sep).join("/"));
            return module.create(context);
          },
        };
        return [name, counted];
      }),
    );
    return { ...entry, plugins: { ...entry.plugins, [NAMESPACE]: { ...original, meta, rules } } };
  });
}

describe("examples/bridge with concurrency and the cache", () => {
  let plain: string[];
  let exampleConfig: Linter.Config[];

  beforeAll(async () => {
    plain = findings(await new ESLint({ cwd: bridge }).lintFiles(["."]));
    const configUrl = new URL("../../examples/bridge/eslint.config.js", import.meta.url);
    exampleConfig = ((await import(configUrl.href)) as { default: Linter.Config[] }).default;
  }, 60_000);

  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  it("finds something to compare", () => {
    expect(plain.filter((finding) => finding.startsWith("src/tools/open-file.ts ")).length).toBeGreaterThan(1);
  });

  it.runIf(hasConcurrency)("gives the same findings with concurrency: 2 (config and plugin loaded in worker threads)", async () => {
    const eslint = new ESLint({ cwd: bridge, concurrency: 2 });
    expect(findings(await eslint.lintFiles(["."]))).toEqual(plain);
  });

  it("gives the same findings with cache: true, from the cache the second time", async () => {
    const cacheLocation = path.join(tmp, "plain.eslintcache");
    const lint = () => new ESLint({ cwd: bridge, cache: true, cacheLocation }).lintFiles(["."]);
    expect(findings(await lint())).toEqual(plain);
    const written = readFileSync(cacheLocation, "utf8");
    expect(written).toContain("open-file.ts");
    expect(findings(await lint())).toEqual(plain);
    expect(readFileSync(cacheLocation, "utf8")).toBe(written);
  });

  it("re-lints every file when plugin.meta.version changes, and only then", async () => {
    const cacheLocation = path.join(tmp, "versioned.eslintcache");
    const { meta } = exampleConfig.find((entry) => entry.plugins?.[NAMESPACE] !== undefined)?.plugins?.[NAMESPACE] ?? {};
    expect(meta?.version).toMatch(/^\d+\.\d+\.\d+/u);
    const lint = async (version: string | undefined, location: string) => {
      const linted = new Set<string>();
      const overrideConfig = countingConfig(exampleConfig, { ...meta, version }, linted);
      const eslint = new ESLint({ cwd: bridge, overrideConfigFile: true, overrideConfig, cache: true, cacheLocation: location });
      return { findings: findings(await eslint.lintFiles(["."])), linted };
    };

    const first = await lint(meta?.version, cacheLocation);
    expect(first.findings).toEqual(plain);
    expect(first.linted).toContain("src/tools/open-file.ts");
    const before = readFileSync(cacheLocation, "utf8");

    // Same name@version: every result comes from the cache and no rule runs.
    const again = await lint(meta?.version, cacheLocation);
    expect(again.findings).toEqual(plain);
    expect(again.linted.size).toBe(0);

    // Another version on a copy of the same cache: every file is linted again and the entries are rewritten.
    const copy = path.join(tmp, "versioned-copy.eslintcache");
    copyFileSync(cacheLocation, copy);
    const upgraded = await lint(`${meta?.version ?? ""}-next`, copy);
    expect(upgraded.findings).toEqual(plain);
    expect([...upgraded.linted].toSorted()).toEqual([...first.linted].toSorted());
    expect(readFileSync(copy, "utf8")).not.toBe(before);
  });
});
