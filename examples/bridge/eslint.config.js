// How a user enables the plugin: typescript-eslint's parser for .ts files and the recommended preset.
import mcpToolErrors from "eslint-plugin-mcp-tool-errors";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser },
  },
  mcpToolErrors.configs.recommended,
);
