import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { createRule } from "../../src/util/create-rule.js";

type Options = [{ allow: string[]; reportConvertedThrows: boolean }];

/** A rule that records the options its `create` was given, linted through ESLint's own Linter. */
function recordingRule() {
  const seen: Readonly<Options>[] = [];
  const rule = createRule<Options, "never">({
    name: "records-options",
    meta: {
      type: "problem",
      docs: { description: "Records its options" },
      messages: { never: "never" },
      schema: [
        {
          type: "object",
          properties: { allow: { type: "array", items: { type: "string" } }, reportConvertedThrows: { type: "boolean" } },
          additionalProperties: false,
        },
      ],
      defaultOptions: [{ allow: [], reportConvertedThrows: true }],
    },
    create(_context, options) {
      seen.push(options);
      return {};
    },
  });
  return { rule, seen };
}

function lint(rule: ReturnType<typeof recordingRule>["rule"], options: unknown[]) {
  new Linter().verify(`server.registerTool("read_file", {}, async () => ({ content: [] }));`, {
    plugins: { probe: { rules: { "records-options": rule as never } } },
    rules: { "probe/records-options": ["error", ...options] },
  });
}

describe("createRule", () => {
  it("gives create the options merged with the defaults, the same value for the same options on every file", () => {
    const { rule, seen } = recordingRule();
    lint(rule, [{ allow: ["UserError"] }]);
    lint(rule, [{ allow: ["UserError"] }]);
    lint(rule, []);
    lint(rule, [{ reportConvertedThrows: false }]);
    lint(rule, [{ allow: ["UserError"] }]);
    expect(seen).toEqual([
      [{ allow: ["UserError"], reportConvertedThrows: true }],
      [{ allow: ["UserError"], reportConvertedThrows: true }],
      [{ allow: [], reportConvertedThrows: true }],
      [{ allow: [], reportConvertedThrows: false }],
      [{ allow: ["UserError"], reportConvertedThrows: true }],
    ]);
    expect(seen[1]).toBe(seen[0]);
    // Options seen before, though not on the file just linted: the value merged then.
    expect(seen[4]).toBe(seen[0]);
  });

  it("leaves the defaults in the rule's metadata as they were", () => {
    const { rule } = recordingRule();
    lint(rule, [{ allow: ["UserError"], reportConvertedThrows: false }]);
    expect(rule.meta.defaultOptions).toEqual([{ allow: [], reportConvertedThrows: true }]);
  });
});
