import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";

/** The `allow` option of the throw rules: error classes a framework turns into error results on purpose. */
export const allowedErrorClassesSchema = {
  type: "array",
  items: { type: "string" },
  uniqueItems: true,
  description: "Error classes that may be thrown because the framework turns them into error results (FastMCP's `UserError`).",
} as const satisfies JSONSchema4;

/** The `reportConvertedThrows` option of the throw rules. */
export const reportConvertedThrowsSchema = {
  type: "boolean",
  description:
    "Report throws in handlers whose runtime turns them into error results (`McpServer`'s `registerTool`/`tool`/`registerToolTask`, FastMCP's `addTool`); low-level dispatchers and other handlers are always checked.",
} as const satisfies JSONSchema4;
