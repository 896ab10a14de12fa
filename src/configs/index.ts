import type { ESLint, Linter } from "eslint";
import type { McpRuleDocs } from "../util/create-rule.js";

export const PLUGIN_NAMESPACE = "mcp-tool-errors";

export type PresetName =
  | "all"
  | "all-type-checked"
  | "recommended"
  | "recommended-type-checked"
  | "strict"
  | "strict-type-checked";

interface RuleWithDocs {
  meta?: { docs?: Partial<McpRuleDocs> };
}

/**
 * Which presets take a rule, from its `meta.docs` (typescript-eslint's convention): a preset without
 * `-type-checked` holds no rule that needs type information, so it runs on any file.
 */
function inPreset(docs: Partial<McpRuleDocs> | undefined, preset: PresetName): boolean {
  const typed = docs?.requiresTypeChecking === true;
  if (typed && !preset.endsWith("-type-checked")) return false;
  if (preset.startsWith("all")) return true;
  const level = docs?.recommended;
  return preset.startsWith("strict") ? level === "recommended" || level === "strict" : level === "recommended";
}

const PRESETS: readonly PresetName[] = [
  "recommended",
  "strict",
  "all",
  "recommended-type-checked",
  "strict-type-checked",
  "all-type-checked",
];

/** The flat-config presets, each `{ name, plugins, rules }` with every rule at "error"; no files, no parser. */
export function buildConfigs(
  plugin: ESLint.Plugin,
  rules: Readonly<Record<string, RuleWithDocs>>,
): Record<PresetName, Linter.Config> {
  const configs = {} as Record<PresetName, Linter.Config>;
  for (const preset of PRESETS) {
    const presetRules: Linter.RulesRecord = {};
    for (const [name, rule] of Object.entries(rules)) {
      if (inPreset(rule.meta?.docs, preset)) presetRules[`${PLUGIN_NAMESPACE}/${name}`] = "error";
    }
    configs[preset] = { name: `${PLUGIN_NAMESPACE}/${preset}`, plugins: { [PLUGIN_NAMESPACE]: plugin }, rules: presetRules };
  }
  return configs;
}
