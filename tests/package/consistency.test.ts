import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { INVALID_SETTINGS_MESSAGE } from "../../src/model/settings.js";
import { rules } from "../../src/rules/index.js";

// In the style of eslint-plugin-unicorn's package test: nothing can be half-added.
const ruleFiles = readdirSync(new URL("../../src/rules/", import.meta.url))
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .map((file) => file.slice(0, -".ts".length));
const ruleNames = Object.keys(rules);
const namespaced = (name: string) => `mcp-tool-errors/${name}`;

describe("package consistency", () => {
  it("exports every rule file under its file name", () => {
    expect(ruleNames.toSorted()).toEqual(ruleFiles.toSorted());
    for (const name of ruleNames) expect(rules[name as keyof typeof rules].name).toBe(name);
  });

  it.each(ruleFiles)("%s can report a settings mistake (getMcpContext reports it as the rule's invalidSettings)", (name) => {
    expect(rules[name as keyof typeof rules].meta.messages).toHaveProperty("invalidSettings", INVALID_SETTINGS_MESSAGE);
  });

  it.each(ruleFiles)("%s has docs, a test file and a docs URL", (name) => {
    const docs = readFileSync(new URL(`../../docs/rules/${name}.md`, import.meta.url), "utf8");
    expect(docs).toContain(`# mcp-tool-errors/${name}`);
    expect(docs).toMatch(/^## When not to use it$/mu);
    expect(readdirSync(new URL("../rules/", import.meta.url))).toContain(`${name}.test.ts`);
    expect(rules[name as keyof typeof rules].meta.docs?.url).toMatch(new RegExp(`/docs/rules/${name}\\.md$`, "u"));
  });

  it("puts every rule in all, and derives the other presets from rule metadata", () => {
    const { configs } = plugin;
    expect(Object.keys(configs.all.rules ?? {}).toSorted()).toEqual(ruleNames.map(namespaced).toSorted());
    for (const [name, rule] of Object.entries(rules)) {
      const { recommended, requiresTypeChecking } = rule.meta.docs as { recommended?: string; requiresTypeChecking?: boolean };
      const id = namespaced(name);
      const typed = requiresTypeChecking === true;
      expect(id in (configs.recommended.rules ?? {})).toBe(recommended === "recommended" && !typed);
      expect(id in (configs.strict.rules ?? {})).toBe(recommended !== undefined && !typed);
      expect(id in (configs["recommended-type-checked"].rules ?? {})).toBe(recommended === "recommended");
      expect(id in (configs["strict-type-checked"].rules ?? {})).toBe(recommended !== undefined);
    }
  });

  it("shapes every preset as a named flat config with the plugin and rules at error, no files or parser", () => {
    for (const [preset, config] of Object.entries(plugin.configs)) {
      expect(config.name).toBe(`mcp-tool-errors/${preset}`);
      expect(config.plugins?.["mcp-tool-errors"]).toBe(plugin);
      expect(config).not.toHaveProperty("files");
      expect(config).not.toHaveProperty("languageOptions");
      expect(new Set(Object.values(config.rules ?? {}))).toEqual(new Set(["error"]));
    }
  });

  it("names the plugin with the package's name and version, for --cache", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };
    expect(plugin.meta).toEqual({ name: pkg.name, version: pkg.version, namespace: "mcp-tool-errors" });
  });
});
