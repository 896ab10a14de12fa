import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { createChecker } from "./checks.js";
import { PATHOLOGICAL_CASES } from "./pathological.js";

// Inputs that once broke a rule, or that stress the analysis (depth, width, cycles). Each must
// lint without an exception, with fixes that parse and are idempotent and suggestions that parse.

const checker = createChecker({ plugin, cwd: "/project" });
const TOOL_FILE = "/project/src/tools/stress.ts";

function expectClean(code: string): void {
  // Each suggestion re-lints the whole file: a few per rule keep the long file linear.
  const result = checker.check(code, TOOL_FILE, { suggestionsPerRule: 5 });
  expect(result.parseError).toBeUndefined();
  expect(result.failures).toEqual([]);
}

describe("pathological input: no stack overflow in the rules", () => {
  // Depths typescript-estree parses inside a vitest worker: its own recursion overflows Node's
  // default stack somewhere between 400 and 1,500 levels, before any rule runs. `npm run stress`
  // checks 2,000 levels with a large stack (docs/reliability.md).
  const SIZES: Record<string, number> = {
    "tool file lines": 3000,
    "nested blocks": 250,
    "nested functions": 250,
    "helper calls in one handler": 5000,
    "mutually recursive helpers": 2000,
  };
  it.each(PATHOLOGICAL_CASES.map((testCase) => ({ ...testCase, size: SIZES[testCase.name] ?? 0 })))(
    "$name: $size",
    ({ generate, size }) => {
      expect(size).toBeGreaterThan(0);
      expectClean(generate(size));
    },
    60_000,
  );
});
