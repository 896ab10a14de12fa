import path from "node:path";
import { describe, expect, it } from "vitest";
import { eslintFor, oxlintConfig, ROOT, runOxlint } from "./hosts.js";

const BRIDGE = path.join(ROOT, "examples/bridge");
const TYPED_RULE = { "mcp-tool-errors/no-throwing-call-in-tool-handler": "error" } as const;
/** The start of typescript-eslint's `getParserServices` error, the convention for a typed rule run without types. */
const NEEDS_TYPES = "You have used a rule which requires type information, but don't have parserOptions set to generate type information";
const STACK_FRAME = /^\s*(?:\|\s*)?at /mu;

// The untyped rules' typed paths (handlers and helpers in other files) fall back to per-file analysis without a
// program: parity.test.ts runs them under oxlint, whose parser services are empty, and under ESLint without a project.
describe("the type-aware rule without type information", () => {
  it("stops oxlint with one message, typescript-eslint's, and no stack trace", { timeout: 120_000 }, () => {
    // The bridge has 12 files: before, oxlint printed the error with its stack once per file.
    const run = runOxlint(BRIDGE, oxlintConfig(TYPED_RULE), ["."]);
    const output = run.stdout + run.stderr;
    expect(run.status).toBe(1);
    expect(output.split("Error running JS plugin").length - 1).toBe(1);
    expect(output.split(NEEDS_TYPES).length - 1).toBe(1);
    expect(output).not.toMatch(STACK_FRAME);
  });

  it(
    "stops ESLint at the first file with the same message, naming the rule, on every run of a long-lived ESLint",
    { timeout: 120_000 },
    async () => {
      const eslint = eslintFor(BRIDGE, TYPED_RULE);
      for (let run = 0; run < 2; run++) {
        const error = await eslint.lintFiles(["."]).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(Error);
        const { message, stack } = error as Error;
        expect(message).toContain("Error while loading rule 'mcp-tool-errors/no-throwing-call-in-tool-handler'");
        expect(message).toContain(NEEDS_TYPES);
        expect(stack).toBe(`Error: ${message}`);
      }
    },
  );
});
