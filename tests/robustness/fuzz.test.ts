import path from "node:path";
import fc from "fast-check";
import { expect, it } from "vitest";
import plugin from "../../src/index.js";
import { mcpCase } from "./arbitraries.js";
import { createChecker, formatFailure, PLUGIN_NAMESPACE } from "./checks.js";

// A fixed seed keeps CI deterministic; `npm run fuzz -- --runs N --seed S` explores further.
const SEED = 20_260_728;
const RUNS = 250;
const CWD = "/project";

it(`lints ${String(RUNS)} generated MCP servers without a rule exception, a broken fix or a broken suggestion`, () => {
  const checker = createChecker({ plugin, cwd: CWD });
  let parsed = 0;
  let problems = 0;
  fc.assert(
    fc.property(mcpCase, ({ code, filename, settings }) => {
      const result = checker.check(code, path.posix.join(CWD, filename), { settings: { [PLUGIN_NAMESPACE]: settings } });
      if (result.parsed) parsed++;
      problems += result.problems;
      expect(result.failures.map((failure) => formatFailure(filename, failure))).toEqual([]);
    }),
    { seed: SEED, numRuns: RUNS },
  );
  // The generator must produce code that parses and that the rules have something to say about,
  // or the property above checks nothing.
  expect(parsed).toBeGreaterThanOrEqual(RUNS * 0.95);
  expect(problems).toBeGreaterThan(RUNS);
  // About 35 s on 2 idle cores; CI runs it twice (second time on the lowest ESLint), and a busy machine doubles it.
}, 120_000);
