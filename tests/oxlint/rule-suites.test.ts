// The untyped rules' RuleTester suites (tests/rules/) once more, under the RuleTester oxlint ships for JS plugins
// (`oxlint/plugins-dev`): the same cases, run by oxlint's parser, scope analysis, fixer and suggestion checks.
// That RuleTester refuses Node.js before 22 (it needs oxlint's raw AST transfer); the oxlint CLI, which the parity
// tests run, works on Node 20 as well. On Node 20 this file reports one skipped test saying so.
import { RuleTester } from "oxlint/plugins-dev";
import { describe, it, vi } from "vitest";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

type Cases = Parameters<RuleTester["run"]>[2];

/** typescript-eslint's RuleTester lints `file.ts` when a case names no file; oxlint's would lint `file.js`. */
const asTypeScript = <T extends RuleTester.ValidTestCase>(test: T): T => ({ ...test, filename: test.filename ?? "file.ts" });

vi.mock("../rule-tester.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../rule-tester.js")>();
  const { fileURLToPath } = await import("node:url");
  const tester = new RuleTester({
    // ESLint's 1-based columns and `sourceType: "module"`, as the suites are written for ESLint.
    eslintCompat: true,
    // typescript-eslint's RuleTester lints relative to the process's cwd, the repository root under vitest.
    cwd: fileURLToPath(new URL("../../", import.meta.url)),
  });
  return {
    ...original,
    createRuleTester: () => ({
      run(name: string, rule: Parameters<RuleTester["run"]>[1], tests: Cases) {
        tester.run(name, rule, {
          valid: tests.valid.map((test) => asTypeScript(typeof test === "string" ? { code: test } : test)),
          invalid: tests.invalid.map(asTypeScript),
        });
      },
    }),
  };
});

const NODE_MAJOR = Number(process.versions.node.split(".")[0]);

if (NODE_MAJOR >= 22) {
  await import("../rules/error-text-prefix.test.js");
  await import("../rules/no-protocol-errors-in-tools.test.js");
  await import("../rules/no-throw-in-tool-handler.test.js");
  await import("../rules/require-is-error.test.js");
  await import("../rules/require-try-catch-in-tool-handler.test.js");
} else {
  it.skip(`oxlint's RuleTester needs Node.js 22 or later (this is ${process.version})`);
}
