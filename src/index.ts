import { readFileSync } from "node:fs";
import type { ESLint, Linter, Rule } from "eslint";
import { buildConfigs, PLUGIN_NAMESPACE, type PresetName } from "./configs/index.js";
import { rules } from "./rules/index.js";

// Read at import so `eslint --cache` (keyed on meta.name@meta.version) invalidates on upgrade.
const { name, version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  name: string;
  version: string;
};

const configs = {} as Record<PresetName, Linter.Config>;

const plugin = {
  meta: { name, version, namespace: PLUGIN_NAMESPACE },
  // typescript-eslint types the rule context with its legacy methods; ESLint 10's type lacks them.
  // At runtime they are the same rule objects.
  rules: rules as unknown as Record<keyof typeof rules, Rule.RuleModule>,
  configs,
} satisfies ESLint.Plugin;

Object.assign(configs, buildConfigs(plugin, rules));

export { plugin as default, plugin as "module.exports" };
