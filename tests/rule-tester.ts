import { RuleTester } from "@typescript-eslint/rule-tester";

/** A RuleTester on @typescript-eslint/parser without type information (TypeScript and JSX allowed). */
export function createRuleTester(): RuleTester {
  return new RuleTester({
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: false } },
    },
  });
}

/** Where tool files live by default (`settings.toolFiles` is `["**\/src/tools/**"]`). */
export const TOOL_FILE = "src/tools/read-file.ts";
/** A file outside `toolFiles`: the transport layer, or a server entry point. */
export const SERVER_FILE = "src/server.ts";
