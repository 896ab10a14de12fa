import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

const bridge = fileURLToPath(new URL("../../examples/bridge/", import.meta.url));
const eslintBin = fileURLToPath(new URL("../../node_modules/eslint/bin/eslint.js", import.meta.url));
const prefix = `${plugin.meta.namespace}/`;

interface SarifLog {
  runs: {
    tool: { driver: { name: string; rules: { id: string; helpUri?: string; shortDescription?: { text: string } }[] } };
    results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
  }[];
}

// The CI step README documents: the ESLint CLI with the SARIF formatter, as GitHub code scanning consumes it.
describe("SARIF from the ESLint CLI on examples/bridge", () => {
  let status: number | null;
  let sarif: SarifLog;
  let expectedRuleIds: string[];

  beforeAll(async () => {
    const run = spawnSync(process.execPath, [eslintBin, "-f", "@microsoft/eslint-formatter-sarif", "."], {
      cwd: bridge,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.error).toBeUndefined();
    status = run.status;
    sarif = JSON.parse(run.stdout) as SarifLog;
    // Which of the plugin's rules report on the example: whatever the Node API finds, so new rules join by themselves.
    const results = await new ESLint({ cwd: bridge }).lintFiles(["."]);
    expectedRuleIds = [...new Set(results.flatMap((result) => result.messages.map((message) => message.ruleId ?? "")))]
      .filter((id) => id.startsWith(prefix))
      .toSorted();
  }, 60_000);

  it("exits non-zero because the example has errors", () => {
    expect(status).toBe(1);
  });

  it("names every rule of this plugin that reported, and only as results of those rules", () => {
    const [run] = sarif.runs;
    expect(sarif.runs).toHaveLength(1);
    expect(run.tool.driver.name).toBe("ESLint");
    expect(expectedRuleIds).toContain(`${prefix}no-protocol-errors-in-tools`);
    const described = run.tool.driver.rules.map((rule) => rule.id).filter((id) => id.startsWith(prefix));
    expect(described.toSorted()).toEqual(expectedRuleIds);
    const reported = new Set(run.results.map((result) => result.ruleId).filter((id) => id.startsWith(prefix)));
    expect([...reported].toSorted()).toEqual(expectedRuleIds);
    for (const result of run.results) {
      expect(result.level).toBe("error");
      expect(result.locations[0]?.physicalLocation.artifactLocation.uri).toMatch(/^file:\/\/.*\/examples\/bridge\/src\//u);
    }
  });

  it("links each rule to its docs page, the rule's meta.docs.url", () => {
    const rules = sarif.runs[0].tool.driver.rules.filter((rule) => rule.id.startsWith(prefix));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const name = rule.id.slice(prefix.length) as keyof typeof plugin.rules;
      const { docs } = plugin.rules[name].meta ?? {};
      expect(rule.helpUri).toBe(docs?.url);
      expect(rule.helpUri).toMatch(new RegExp(`/docs/rules/${name}\\.md$`, "u"));
      expect(rule.shortDescription?.text).toBe(docs?.description);
    }
  });
});
