import { fileURLToPath } from "node:url";
import { RuleTester } from "@typescript-eslint/rule-tester";

/** The typed fixture project, relative to the repository root (messages show paths relative to the cwd). */
export const TYPED_FIXTURE = "tests/fixtures/typed";

/**
 * A RuleTester with type information from `tests/fixtures/typed/tsconfig.json` (projectService):
 * test filenames are relative to that folder and must exist there; the test's code replaces the file's content.
 */
export function createTypedRuleTester(): RuleTester {
  return new RuleTester({
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: fileURLToPath(new URL(`../${TYPED_FIXTURE}`, import.meta.url)),
      },
    },
  });
}
