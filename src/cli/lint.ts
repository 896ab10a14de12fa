import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import type ts from "typescript";
import plugin from "../index.js";
import type { Tool } from "./inventory.js";

/** A finding of one of the plugin's rules, attributed to the tool whose handler contains it. */
export interface Finding {
  ruleId: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

export interface LintOptions {
  root: string;
  /** The program the inventory was built from: typescript-eslint lints from it, so the audit builds one program. */
  program: ts.Program;
  preset: "recommended-type-checked" | "strict-type-checked";
}

/** Lints `files` (relative to `root`) with the plugin's type-checked preset through ESLint's Node API. */
export async function lintFiles(files: readonly string[], options: LintOptions): Promise<Finding[]> {
  const config: Linter.Config[] = [
    {
      files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
      languageOptions: {
        parser: tsParser,
        parserOptions: { programs: [options.program], tsconfigRootDir: options.root },
      },
    },
    plugin.configs[options.preset],
  ];
  const eslint = new ESLint({ cwd: options.root, overrideConfigFile: true, overrideConfig: config, errorOnUnmatchedPattern: false });
  const results = await eslint.lintFiles(files.map((file) => path.join(options.root, file)));
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      // A parse error has no rule: it makes the file's tools non-compliant too.
      ruleId: message.ruleId ?? "parse-error",
      message: message.message,
      file: path.relative(options.root, result.filePath).split(path.sep).join("/"),
      line: message.line,
      column: message.column,
    })),
  );
}

/** The tool whose handler contains the finding: the innermost one when handlers nest. */
export function toolOf(finding: Finding, tools: readonly Tool[]): Tool | undefined {
  let best: Tool | undefined;
  for (const tool of tools) {
    if (tool.file !== finding.file || finding.line < tool.line || finding.line > tool.endLine) continue;
    if (!best || tool.endLine - tool.line < best.endLine - best.line) best = tool;
  }
  return best;
}
