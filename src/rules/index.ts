import noProtocolErrorsInTools from "./no-protocol-errors-in-tools.js";

/** Every rule of the plugin by name; presets are derived from their metadata. */
export const rules = {
  "no-protocol-errors-in-tools": noProtocolErrorsInTools,
};

export type RuleName = keyof typeof rules;
