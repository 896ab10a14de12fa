import { ESLintUtils } from "@typescript-eslint/utils";

export const REPOSITORY_URL = "https://github.com/mcp-tool-errors/eslint-plugin-mcp-tool-errors";

/**
 * The strictest preset a rule belongs to (`strict` holds `recommended` too); `all` holds every rule that
 * needs no types, `all-type-checked` every rule.
 */
export type RuleLevel = "recommended" | "strict";

export interface McpRuleDocs {
  description: string;
  recommended?: RuleLevel;
  requiresTypeChecking?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<McpRuleDocs>(
  (name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`,
);
