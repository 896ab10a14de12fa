// The three robustness checks shared by `scripts/stress.js`, `scripts/fuzz.js` and the vitest suites:
// no rule throws, every autofix parses and is idempotent, every suggestion parses on its own.
// Plain ESM so the scripts run on Node without a build step; types are in checks.d.ts.
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";

export const PLUGIN_NAMESPACE = "mcp-tool-errors";

/** Settings that make every function tool code, so every rule runs on every function. */
export const ALL_TOOL_CODE_SETTINGS = { [PLUGIN_NAMESPACE]: { toolFiles: ["**"] } };

const FILES = ["**/*.js", "**/*.mjs", "**/*.cjs", "**/*.jsx", "**/*.ts", "**/*.mts", "**/*.cts", "**/*.tsx"];

/**
 * The rules that run without type information (`configs.all`), and those left out (the rest of
 * `configs["all-type-checked"]`).
 * @param {import("eslint").ESLint.Plugin} plugin
 */
export function untypedRules(plugin) {
  const included = Object.keys(plugin.configs?.all?.rules ?? {});
  const excluded = Object.keys(plugin.configs?.["all-type-checked"]?.rules ?? {}).filter((ruleId) => !included.includes(ruleId));
  return { included, excluded };
}

/**
 * The rule an exception thrown out of `verify` came from: ESLint sets `ruleId` on listener
 * errors and prefixes errors from `create` with "Error while loading rule '<id>'".
 * @param {unknown} error
 */
function ruleOfError(error) {
  if (error && typeof error === "object") {
    if ("ruleId" in error && typeof error.ruleId === "string") return error.ruleId;
    const message = "message" in error ? String(error.message) : "";
    const loading = /Error while loading rule '([^']+)'/u.exec(message);
    if (loading?.[1]) return loading[1];
  }
  return "(unknown rule)";
}

/** @param {unknown} error */
const describeError = (error) =>
  error instanceof Error ? { message: error.message, stack: error.stack ?? error.message } : { message: String(error), stack: String(error) };

/**
 * A checker bound to one plugin and one rule set.
 * @param {{ plugin: import("eslint").ESLint.Plugin, cwd?: string, settings?: Record<string, unknown> }} options
 */
export function createChecker({ plugin, cwd = process.cwd(), settings = ALL_TOOL_CODE_SETTINGS }) {
  const { included, excluded } = untypedRules(plugin);
  const linter = new Linter({ configType: "flat", cwd });
  /** @type {Record<string, "error">} */
  const rules = Object.fromEntries(included.map((ruleId) => [ruleId, "error"]));
  /**
   * @param {"module" | "commonjs"} sourceType
   * @param {Record<string, unknown>} ruleSettings
   * @param {Record<string, "error">} ruleSet
   * @returns {import("eslint").Linter.Config[]}
   */
  const configFor = (sourceType, ruleSettings, ruleSet) => [
    // The stress run lints node_modules, which flat config ignores by default.
    { ignores: ["!**/node_modules/"] },
    {
      files: FILES,
      plugins: { [PLUGIN_NAMESPACE]: plugin },
      languageOptions: { parser: tsParser, sourceType, ecmaVersion: "latest" },
      // node_modules is full of `eslint-disable` comments: they must not switch our rules off.
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
      settings: ruleSettings,
      rules: ruleSet,
    },
  ];
  const defaultConfigs = { module: configFor("module", settings, rules), commonjs: configFor("commonjs", settings, rules) };

  /**
   * Lints `code` and checks its fixes and suggestions.
   * @param {string} code
   * @param {string} filename
   * `suggestionsPerRule` caps how many suggestions of one rule are applied (each costs a full lint of
   * the file, so thousands on a 50,000-line file would be quadratic); the rest are counted as skipped.
   * @param {{ sourceTypes?: ("module" | "commonjs")[], settings?: Record<string, unknown>, suggestionsPerRule?: number }} [options]
   * @returns {import("./checks.js").CheckResult}
   */
  function check(code, filename, options = {}) {
    const { sourceTypes = ["module"], suggestionsPerRule = Infinity } = options;
    /** @type {import("./checks.js").CheckResult} */
    const result = {
      parsed: false,
      parseError: undefined,
      lintMs: 0,
      problems: 0,
      fixesChecked: 0,
      suggestionsChecked: 0,
      suggestionsSkipped: 0,
      failures: [],
    };
    const configs = options.settings
      ? { module: configFor("module", options.settings, rules), commonjs: configFor("commonjs", options.settings, rules) }
      : defaultConfigs;

    /**
     * @param {string} text
     * @param {import("eslint").Linter.Config[]} config
     * @param {string} stage
     */
    const verify = (text, config, stage) => {
      try {
        return linter.verify(text, config, { filename });
      } catch (error) {
        result.failures.push({ kind: "exception", stage, rule: ruleOfError(error), ...describeError(error) });
        return undefined;
      }
    };

    /** @type {import("eslint").Linter.Config[] | undefined} */
    let config;
    /** @type {import("eslint").Linter.LintMessage[] | undefined} */
    let messages;
    for (const sourceType of sourceTypes) {
      const candidate = configs[sourceType];
      const started = performance.now();
      const attempt = verify(code, candidate, "lint");
      result.lintMs = performance.now() - started;
      if (!attempt) return result;
      const fatal = attempt.find((message) => message.fatal);
      if (fatal) {
        result.parseError = `${String(fatal.line)}:${String(fatal.column)} ${fatal.message}`;
        continue;
      }
      config = candidate;
      messages = attempt;
      result.parseError = undefined;
      break;
    }
    if (!config || !messages) return result;
    const unconfigured = messages.find((message) => message.ruleId === null && message.line === 0);
    // The harness's own mistake (a file no config object matches), not a finding: stop loudly.
    if (unconfigured) throw new Error(`${filename}: ${unconfigured.message}`);
    result.parsed = true;
    result.problems = messages.filter((message) => message.ruleId?.startsWith(`${PLUGIN_NAMESPACE}/`)).length;

    /**
     * Lints a fixed or suggested text: it must parse, and no rule may throw on it.
     * @param {string} text
     * @param {string} stage
     * @param {string} rule
     */
    const reverify = (text, stage, rule) => {
      const again = verify(text, config, stage);
      const fatal = again?.find((message) => message.fatal);
      if (fatal) {
        result.failures.push({
          kind: "unparsable-output",
          stage,
          rule,
          message: `${String(fatal.line)}:${String(fatal.column)} ${fatal.message}`,
          stack: text,
        });
        return undefined;
      }
      return again;
    };

    const fixingRules = [...new Set(messages.filter((message) => message.fix).map((message) => message.ruleId ?? "(none)"))];
    if (fixingRules.length > 0) {
      result.fixesChecked = messages.filter((message) => message.fix).length;
      /**
       * `--fix` with only `ruleId`'s fixes (or all), then the checks on its output.
       * @param {string | undefined} ruleId
       * @returns {boolean} true when the output is fine
       */
      const checkFixes = (ruleId) => {
        const before = result.failures.length;
        /** @type {import("eslint").Linter.FixReport} */
        let fixed;
        try {
          fixed = linter.verifyAndFix(code, config, {
            filename,
            ...(ruleId === undefined ? {} : { ruleFilter: (/** @type {{ ruleId: string }} */ rule) => rule.ruleId === ruleId }),
          });
        } catch (error) {
          result.failures.push({ kind: "exception", stage: "fix", rule: ruleOfError(error), ...describeError(error) });
          return false;
        }
        const label = ruleId ?? fixingRules.join(", ");
        const after = reverify(fixed.output, "fix", label);
        const unstable = after?.filter((message) => message.fix) ?? [];
        if (unstable.length > 0) {
          result.failures.push({
            kind: "fix-not-idempotent",
            stage: "second fix pass",
            rule: [...new Set(unstable.map((message) => message.ruleId ?? "(none)"))].join(", "),
            message: unstable.map((message) => `${String(message.line)}:${String(message.column)} ${message.message}`).join("\n"),
            stack: fixed.output,
          });
        }
        return result.failures.length === before;
      };
      // All fixes together is what `--fix` does; on a failure, name the rule whose fixes alone fail.
      if (!checkFixes(undefined) && fixingRules.length > 1) {
        for (const ruleId of fixingRules) checkFixes(ruleId);
      }
    }

    /** @type {Map<string, number>} */
    const appliedPerRule = new Map();
    for (const message of messages) {
      for (const suggestion of message.suggestions ?? []) {
        const applied = appliedPerRule.get(message.ruleId ?? "") ?? 0;
        if (applied >= suggestionsPerRule) {
          result.suggestionsSkipped++;
          continue;
        }
        appliedPerRule.set(message.ruleId ?? "", applied + 1);
        result.suggestionsChecked++;
        const [start, end] = suggestion.fix.range;
        const text = code.slice(0, start) + suggestion.fix.text + code.slice(end);
        reverify(text, `suggestion "${suggestion.desc}"`, message.ruleId ?? "(none)");
      }
    }
    return result;
  }

  return { included, excluded, check };
}

/**
 * One line per failure: file, rule, what went wrong, then the stack (or the broken output).
 * @param {string} file
 * @param {import("./checks.js").CheckFailure} failure
 */
export function formatFailure(file, failure) {
  return `${file}\n  rule: ${failure.rule}\n  ${failure.kind} (${failure.stage}): ${failure.message.split("\n")[0] ?? ""}\n${failure.stack
    .split("\n")
    .slice(0, 30)
    .map((line) => `    ${line}`)
    .join("\n")}`;
}
