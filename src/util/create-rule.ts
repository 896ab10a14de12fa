import { ESLintUtils } from "@typescript-eslint/utils";
import isDeepEqual from "fast-deep-equal";
import { lastAnswer } from "./last-answer.js";

export const REPOSITORY_URL = "https://github.com/mcp-tool-errors/eslint-plugin-mcp-tool-errors";

/**
 * The strictest preset a rule belongs to (`strict` holds `recommended` too); `all` holds every rule that
 * needs no types, `all-type-checked` every rule.
 */
export type RuleLevel = "recommended" | "strict";

export interface McpRuleDocs {
  description: string;
  recommended?: RuleLevel;
  requiresTypeChecking?: boolean;
}

const createNamedRule = ESLintUtils.RuleCreator<McpRuleDocs>((name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`);

/**
 * typescript-eslint's `RuleCreator`, with each distinct options value merged with the defaults once
 * rather than once per file: its `applyDefault` deep-clones the defaults with `structuredClone` at
 * every `create`, which was a fifth of the plugin's rule time in ESLint's stats. Options are JSON
 * (the schema validated them), so their text is a sound key; the merged value is shared between files
 * and is never written to.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  rule: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, McpRuleDocs>>,
): ReturnType<typeof createNamedRule<Options, MessageIds>> {
  const created = createNamedRule(rule);
  const defaults: Readonly<Options> = rule.meta.defaultOptions ?? ([] as unknown as Options);
  const resolved = new Map<string, Readonly<Options>>();
  // ESLint hands each file a new copy of the options (with `meta.defaultOptions` merged in): most runs give a rule
  // one value in all, and comparing with the last is cheaper than writing it out as a key at every file.
  // A rule whose schema takes no options is never given any (ESLint rejects them): nothing to read per file.
  const optionsFor =
    Array.isArray(rule.meta.schema) && rule.meta.schema.length === 0
      ? undefined
      : lastAnswer((given: readonly unknown[]): Readonly<Options> => {
          const key = JSON.stringify(given);
          let options = resolved.get(key);
          if (options === undefined) {
            options = ESLintUtils.applyDefault(defaults, given);
            resolved.set(key, options);
          }
          return options;
        }, isDeepEqual);
  // One `create` for both kinds of rule: every function a file's lint runs costs it (docs/benchmarks.md).
  return { ...created, create: (context) => rule.create(context, optionsFor ? optionsFor(context.options) : defaults) };
}
