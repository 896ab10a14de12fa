import { parseForESLint } from "@typescript-eslint/parser";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { getMcpContext, type McpContext } from "../../src/model/context.js";

type Visitor = (context: Readonly<TSESLint.RuleContext<string, []>>) => TSESLint.RuleListener;

/**
 * Lints `code` with one throwaway rule so that an analysis module sees a real rule context
 * (ESLint's scope analysis, settings, filename). Fatal parse errors fail the test.
 */
export function runProbe(
  code: string,
  visitor: Visitor,
  { filename = "src/tools/probe.ts", settings = {} }: { filename?: string; settings?: Record<string, unknown> } = {},
): void {
  const linter = new Linter({ configType: "flat" });
  const messages = linter.verify(
    code,
    {
      files: ["**/*.ts", "**/*.tsx"],
      languageOptions: { parser: { parseForESLint } },
      settings,
      plugins: { probe: { rules: { probe: { create: visitor as never } } } },
      rules: { "probe/probe": "error" },
    },
    filename,
  );
  const fatal = messages.find((message) => message.fatal === true || message.ruleId === null);
  if (fatal) throw new Error(`probe could not lint the fixture: ${fatal.message}`);
}

export type { TSESTree };

/** The model of the probed file; the probes here always have valid settings, and probe no test file unless they say so. */
export function modelOf(context: Parameters<typeof getMcpContext>[0]): McpContext {
  const mcp = getMcpContext(context);
  if (!mcp) throw new Error("the probe's settings are invalid, or the probed file is a test file (testFiles)");
  return mcp;
}
