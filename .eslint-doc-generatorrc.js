/** @type {import('eslint-doc-generator').GenerateOptions} */
export default {
  configEmoji: [
    ["recommended", "✅"],
    ["strict", "🔒"],
    ["recommended-type-checked", "☑️"],
    ["strict-type-checked", "🔐"],
  ],
  ignoreConfig: ["all", "all-type-checked"],
  ruleDocSectionInclude: ["Incorrect", "Correct", "When not to use it"],
  ruleDocTitleFormat: "prefix-name",
  urlConfigs: "https://github.com/mcp-tool-errors/eslint-plugin-mcp-tool-errors#presets",
};
