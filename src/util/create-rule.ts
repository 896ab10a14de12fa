import { ESLintUtils } from "@typescript-eslint/utils";

export const REPOSITORY_URL = "https://github.com/mcp-tool-errors/eslint-plugin-mcp-tool-errors";

/** Which preset a rule belongs to; `all` holds every rule that needs no types, `all-type-checked` every rule. */
export type PresetName = "recommended" | "strict";

export interface McpRuleDocs {
  description: string;
  recommended?: PresetName;
  requiresTypeChecking?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<McpRuleDocs>(
  (name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`,
);
