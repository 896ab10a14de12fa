import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { INVALID_SETTINGS_MESSAGE } from "../../src/model/settings.js";
import { rules } from "../../src/rules/index.js";
import { REPOSITORY_URL } from "../../src/util/create-rule.js";

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

  it("puts every rule in all-type-checked, and derives the other presets from rule metadata", () => {
    const { configs } = plugin;
    expect(Object.keys(configs["all-type-checked"].rules ?? {}).toSorted()).toEqual(ruleNames.map(namespaced).toSorted());
    for (const [name, rule] of Object.entries(rules)) {
      const { recommended, requiresTypeChecking } = rule.meta.docs as { recommended?: string; requiresTypeChecking?: boolean };
      const id = namespaced(name);
      const typed = requiresTypeChecking === true;
      // Presets without "-type-checked" run on files without type information, so they hold no typed rule.
      expect(id in (configs.all.rules ?? {})).toBe(!typed);
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

  describe("package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      repository: { type: string; url: string };
      homepage: string;
      bugs: { url: string };
      scripts: Record<string, string>;
      peerDependencies: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };

    it("points repository, homepage and bugs at the repository the rule docs link to", () => {
      expect(pkg.repository).toEqual({ type: "git", url: `git+${REPOSITORY_URL}.git` });
      expect(pkg.homepage).toBe(`${REPOSITORY_URL}#readme`);
      expect(pkg.bugs).toEqual({ url: `${REPOSITORY_URL}/issues` });
    });

    it("runs no script on install, builds on pack, and before the demo and the tests", () => {
      for (const hook of ["preinstall", "install", "postinstall", "prepare"]) expect(pkg.scripts).not.toHaveProperty(hook);
      expect(pkg.scripts.prepack).toBe("npm run build");
      expect(pkg.scripts.demo).toMatch(/^npm run build && /u);
      expect(pkg.scripts.test).toMatch(/^npm run build && /u);
    });

    it("shares the user's typescript-eslint through ranges, and pins the development copies", () => {
      const shared = pkg.dependencies["@typescript-eslint/utils"];
      expect(shared).toMatch(/^\^8\.\d+\.\d+$/u);
      expect(pkg.dependencies["@typescript-eslint/parser"]).toBe(shared);
      // The development copies sit at the range's lower bound, so the suite tests the oldest version it allows.
      for (const name of ["typescript-eslint", "@typescript-eslint/rule-tester", "@typescript-eslint/typescript-estree"]) {
        expect(pkg.devDependencies[name]).toBe(shared.slice(1));
      }
    });

    it("states the ESLint range README states", () => {
      const [lowest, ...majors] = pkg.peerDependencies.eslint.split("||").map((part) => part.trim().replace(/^\^/u, ""));
      const [major, minor] = lowest.split(".");
      const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
      const stated = `ESLint ${major}.${minor}+ or ${majors.map((version) => version.split(".")[0]).join(" or ")}`;
      expect(readme).toContain(stated);
      expect(readme).toContain(`which ESLint ${major}.${minor} added`);
    });
  });
});
