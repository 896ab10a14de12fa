import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { type RuleName, rules } from "../../src/rules/index.js";

/*
 * Every docs/rules/<name>.md has the sections a user looks for, and its examples are linted: a fenced block right
 * below `<!-- incorrect -->` must get this rule's report, one below `<!-- correct -->` none. More comments on the
 * lines just above the fence adjust the lint: `<!-- filename: src/server.ts -->` (default src/tools/example.ts),
 * `<!-- options: {...} -->` (the rule's options; an array for several), `<!-- settings: {...} -->`
 * (`settings["mcp-tool-errors"]`).
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const docsDir = path.join(root, "docs/rules");
const NAMESPACE = plugin.meta.namespace;
const CODE_LANGUAGES = new Set(["ts", "typescript", "js", "javascript", "mts", "cts", "mjs", "cjs"]);

interface Block {
  kind: "correct" | "incorrect";
  line: number;
  code: string;
  filename: string;
  options: unknown[];
  settings: Record<string, unknown> | undefined;
}

interface Doc {
  name: RuleName;
  text: string;
  blocks: Block[];
  /** Code blocks under "### Incorrect"/"### Correct" with no marker, or with the other section's marker. */
  misplaced: string[];
}

/** The `<!-- key: value -->` / `<!-- key -->` comments on the lines right above line `fence`. */
function markersAbove(lines: readonly string[], fence: number): Map<string, string> {
  const markers = new Map<string, string>();
  for (let index = fence - 1; index >= 0; index--) {
    const match = /^<!--\s*([\w-]+):?\s*(.*?)\s*-->$/u.exec(lines[index].trim());
    if (!match) break;
    markers.set(match[1], match[2]);
  }
  return markers;
}

function parseDoc(name: RuleName): Doc {
  const text = readFileSync(path.join(docsDir, `${name}.md`), "utf8");
  const lines = text.split("\n");
  const blocks: Block[] = [];
  const misplaced: string[] = [];
  let section = "";
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (/^#{2,3} /u.test(line)) section = line;
    const fence = /^```(\w*)/u.exec(line);
    if (!fence) continue;
    const end = lines.indexOf("```", index + 1);
    expect(end, `${name}.md:${String(index + 1)}: unclosed code block`).toBeGreaterThan(index);
    const markers = markersAbove(lines, index);
    const kind = markers.has("incorrect") ? "incorrect" : markers.has("correct") ? "correct" : undefined;
    const expectedKind = section === "### Incorrect" ? "incorrect" : section === "### Correct" ? "correct" : undefined;
    if (expectedKind && CODE_LANGUAGES.has(fence[1]) && kind !== expectedKind) {
      misplaced.push(`${name}.md:${String(index + 1)} is under "${section}" but marked ${kind ?? "neither incorrect nor correct"}`);
    }
    if (kind) {
      const options = markers.has("options") ? (JSON.parse(markers.get("options") ?? "") as unknown) : undefined;
      blocks.push({
        kind,
        line: index + 1,
        code: lines.slice(index + 1, end).join("\n"),
        filename: markers.get("filename") ?? "src/tools/example.ts",
        options: options === undefined ? [] : Array.isArray(options) ? options : [options],
        settings: markers.has("settings") ? (JSON.parse(markers.get("settings") ?? "") as Record<string, unknown>) : undefined,
      });
    }
    index = end;
  }
  return { name, text, blocks, misplaced };
}

/** The text of a `## Heading` section, up to the next `## ` heading. */
function section(text: string, heading: RegExp): string | undefined {
  const parts = text.split(/^(?=## )/mu);
  return parts.find((part) => heading.test(part.split("\n", 1)[0] ?? ""));
}

function lintBlock(name: RuleName, block: Block): Linter.LintMessage[] {
  const linter = new Linter({ cwd: root });
  const config: Linter.Config[] = [
    {
      files: ["**/*.{ts,mts,cts,tsx,js,mjs,cjs}"],
      languageOptions: { parser: tsParser, sourceType: "module" },
      plugins: { [NAMESPACE]: plugin },
      rules: { [`${NAMESPACE}/${name}`]: ["error", ...block.options] },
      ...(block.settings && { settings: { [NAMESPACE]: block.settings } }),
    },
  ];
  return linter.verify(block.code, config, { filename: path.join(root, block.filename) });
}

const docFiles = readdirSync(docsDir).filter((file) => file.endsWith(".md"));
const docs = docFiles.map((file) => parseDoc(file.slice(0, -".md".length) as RuleName));

describe("rule docs", () => {
  it("document exactly the plugin's rules", () => {
    expect(docs.map((doc) => doc.name).toSorted()).toEqual(Object.keys(rules).toSorted());
  });

  for (const { name, text, blocks, misplaced } of docs)
    describe(`docs/rules/${name}.md`, () => {
      const { meta } = rules[name];
      const defaults = (meta.defaultOptions?.[0] ?? {}) as Record<string, unknown>;

      it("says what it reports and why, citing the ADR", () => {
        expect(
          section(text, /^## What it reports$/u)
            ?.trim()
            .split("\n").length,
        ).toBeGreaterThan(2);
        expect(section(text, /^## Why$/u)).toMatch(/ADR-0004/u);
      });

      it("has incorrect and correct examples, every code block in them marked", () => {
        expect(text).toMatch(/^### Incorrect$/mu);
        expect(text).toMatch(/^### Correct$/mu);
        expect(blocks.filter((block) => block.kind === "incorrect").length).toBeGreaterThan(0);
        expect(blocks.filter((block) => block.kind === "correct").length).toBeGreaterThan(0);
        expect(misplaced).toEqual([]);
      });

      it("lists its options with their defaults and the settings it reads", () => {
        expect(section(text, /^## Settings$/u)).toMatch(/settings\["mcp-tool-errors"\]|`toolFiles`/u);
        for (const [option, value] of Object.entries(defaults)) {
          const row = new RegExp(`\`${option}\`.*\`${JSON.stringify(value).replace(/[[\]]/gu, "\\$&")}\``, "u");
          expect(section(text, /^## Options$/u), `option ${option}, default ${JSON.stringify(value)}`).toMatch(row);
        }
      });

      it.runIf(meta.fixable !== undefined || meta.hasSuggestions === true)("explains its fix or suggestions", () => {
        const heading = meta.fixable ? /^## Fix/u : /^## (?:Fixes and suggestions|Suggestions)$/u;
        expect(section(text, heading)?.trim().split("\n").length).toBeGreaterThan(2);
      });

      it("says when not to use it", () => {
        expect(
          section(text, /^## When not to use it$/u)
            ?.trim()
            .split("\n").length,
        ).toBeGreaterThan(2);
      });

      const typeAware = meta.docs?.requiresTypeChecking === true;
      for (const block of blocks) {
        const title = `${block.kind} example at line ${String(block.line)} ${block.kind === "incorrect" ? "is reported" : "is not reported"}`;
        if (typeAware) {
          it.skip(`${title} (skipped: a type-aware rule's example calls into other files, which one block cannot hold)`, () => undefined);
          continue;
        }
        it(title, () => {
          const messages = lintBlock(name, block);
          expect(messages.filter((message) => message.fatal)).toEqual([]);
          const ruleIds = messages.map((message) => message.ruleId);
          if (block.kind === "incorrect") expect(ruleIds).toContain(`${NAMESPACE}/${name}`);
          else expect(messages).toEqual([]);
        });
      }
    });
});
