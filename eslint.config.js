// The repository lints itself: typescript-eslint strict (type-checked) and eslint-plugin-eslint-plugin.
import js from "@eslint/js";
import eslintPlugin from "eslint-plugin-eslint-plugin";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["dist/", "coverage/", "examples/", "tests/fixtures/", "bench/.corpus/"]),
  {
    // Scripts, test helpers and config files written in plain ESM JavaScript.
    files: ["**/*.js"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.ts"],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ["src/rules/**/*.ts"],
    extends: [eslintPlugin.configs.recommended],
    rules: {
      "eslint-plugin/require-meta-docs-description": ["error", { pattern: "^(Enforce|Require|Disallow)" }],
      "eslint-plugin/require-meta-docs-url": "off",
      "eslint-plugin/prefer-message-ids": "error",
      "eslint-plugin/require-meta-schema-description": "error",
      "eslint-plugin/require-meta-default-options": "error",
    },
  },
  {
    files: ["tests/**/*.ts"],
    extends: [eslintPlugin.configs.recommended],
    rules: {
      "eslint-plugin/require-meta-docs-url": "off",
    },
  },
);
