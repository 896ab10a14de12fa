// Configuration (d): what a user could write instead of the plugin with ESLint core rules only.
// It approximates the plugin's checks with selectors; being purely syntactic, it also flags throws in
// module-level helpers and the legitimate unknown-tool `McpError` of a low-level dispatcher.
import type { Linter } from "eslint";

const PROTOCOL = "JSON-RPC protocol errors belong to the transport layer (ADR-0004): return an isError result.";
const IS_ERROR_RESULT = "ObjectExpression:has(> Property[key.name='isError'][value.value=true])";

export const coreRulesConfig: Linter.Config[] = [
  {
    name: "bench/core-rules-only",
    files: ["**/src/tools/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@modelcontextprotocol/sdk/types.js", importNames: ["ErrorCode", "McpError"], message: PROTOCOL }],
          patterns: [{ group: ["**/errors.js", "**/errors"], importNames: ["ErrorCodes"], message: PROTOCOL }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='ErrorCodes']", message: PROTOCOL },
        { selector: "NewExpression[callee.name='McpError']", message: PROTOCOL },
        { selector: "UnaryExpression[operator='-'] > Literal[value>=32000][value<=32768]", message: PROTOCOL },
        { selector: "ObjectExpression:has(> Property[key.name='jsonrpc']):has(> Property[key.name='error'])", message: PROTOCOL },
        { selector: "ThrowStatement", message: "Tool handlers must not throw: return an isError result." },
        {
          selector: "CatchClause ReturnStatement > ObjectExpression:not(:has(> Property[key.name='isError']))",
          message: "A catch block that returns a result must set isError: true.",
        },
        {
          selector: `${IS_ERROR_RESULT} Property[key.name='text'] > TemplateLiteral > TemplateElement:first-child:not([value.raw=/^Error: /])`,
          message: 'Error result text must start with "Error: ".',
        },
        {
          selector: `${IS_ERROR_RESULT} Property[key.name='text'] > Literal:not([value=/^Error: /])`,
          message: 'Error result text must start with "Error: ".',
        },
      ],
    },
  },
];
