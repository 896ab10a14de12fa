import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import type ts from "typescript";
import plugin from "../index.js";
import { SETTINGS_KEY } from "../model/settings.js";
import type { Tool } from "./inventory.js";

/** A finding of one of the plugin's rules, attributed to the tool whose handler contains it. */
export interface Finding {
  ruleId: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

export type AuditPreset = "recommended-type-checked" | "strict-type-checked";

/**
 * The project's own ESLint configuration (its `eslint.config.*`, settings included) with the
 * plugin's type-checked preset added and typescript-eslint given `program`, so that the audit lints
 * a file exactly as `npx eslint` with that preset does, from the one program the audit built. Without
 * a configuration file, the preset with default settings.
 */
export class ProjectLinter {
  private constructor(
    private readonly eslint: ESLint,
    private readonly root: string,
    /** The project's configuration file, or undefined when the preset runs alone. */
    readonly configFile: string | undefined,
  ) {}

  /** `sampleFile` (relative to the root) tells whether the project's configuration loads the plugin already. */
  static async create(root: string, program: ts.Program, preset: AuditPreset, sampleFile: string | undefined): Promise<ProjectLinter> {
    const probe = new ESLint({ cwd: root });
    const configFile = await probe.findConfigFile();
    const projectConfig =
      configFile === undefined || sampleFile === undefined
        ? undefined
        : ((await probe.calculateConfigForFile(path.join(root, sampleFile))) as Linter.Config | undefined);
    const presetConfig = plugin.configs[preset];
    const overrideConfig: Linter.Config[] = [
      {
        files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"],
        languageOptions: {
          parser: tsParser,
          parserOptions: { programs: [program], project: null, projectService: false, tsconfigRootDir: root },
        },
      },
      // The project's copy of the plugin, when its configuration loads one; ours otherwise.
      projectConfig?.plugins?.[plugin.meta.namespace] ? { rules: presetConfig.rules } : presetConfig,
    ];
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: configFile === undefined ? true : undefined,
      overrideConfig,
      errorOnUnmatchedPattern: false,
      warnIgnored: false,
    });
    return new ProjectLinter(eslint, root, configFile);
  }

  /** `settings["mcp-tool-errors"]` as the project's configuration gives it for `file` (relative to the root). */
  async settingsFor(file: string): Promise<Record<string, unknown>> {
    const config = (await this.eslint.calculateConfigForFile(path.join(this.root, file))) as Linter.Config | undefined;
    const settings = config?.settings ?? {};
    return SETTINGS_KEY in settings ? { [SETTINGS_KEY]: settings[SETTINGS_KEY] } : {};
  }

  /** The findings of the plugin's rules in `files` (relative to the root); other plugins' findings are left out. */
  async lint(files: readonly string[]): Promise<Finding[]> {
    const results = await this.eslint.lintFiles(files.map((file) => path.join(this.root, file)));
    const prefix = `${plugin.meta.namespace}/`;
    return results.flatMap((result) =>
      result.messages
        // A parse error has no rule: it makes the file's tools non-compliant too.
        .filter((message) => message.ruleId === null || message.ruleId.startsWith(prefix))
        .map((message) => ({
          ruleId: message.ruleId ?? "parse-error",
          message: message.message,
          file: path.relative(this.root, result.filePath).split(path.sep).join("/"),
          line: message.line,
          column: message.column,
        })),
    );
  }
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
