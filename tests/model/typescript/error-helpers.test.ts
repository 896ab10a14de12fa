import rule from "../../../src/rules/error-text-prefix.js";
import { createRuleTester } from "../../rule-tester.js";
import { createTypedRuleTester } from "../../typed-rule-tester.js";

// `error(message)` lives in src/tools/utils.ts; only the program shows it is an error helper.
const code = `import { error, type ToolArgs } from "./utils.js";
export function createReadFileTool() {
  return {
    schema: { name: "read_file", description: "Read a file", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) => error(\`File not found: \${String(args.path)}\`),
  };
}`;

createTypedRuleTester().run("error-text-prefix with an error helper from another file", rule, {
  valid: [
    {
      name: "a prefixed message to the imported helper",
      filename: "src/tools/read-file.ts",
      code: code.replace("File not found", "Error: File not found"),
    },
  ],
  invalid: [
    {
      name: "an unprefixed message to the imported helper",
      filename: "src/tools/read-file.ts",
      code,
      output: code.replace("File not found", "Error: File not found"),
      errors: [{ messageId: "missingPrefix", line: 5, column: 46 }],
    },
  ],
});

// `respond(text, isError = false)` lives there too: only a call given `true` builds an error result.
const builderCode = `import { respond, type ToolArgs } from "./utils.js";
export function createListTool() {
  return {
    schema: { name: "list_files", description: "List files", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) =>
      args.path ? respond(\`Listing of \${String(args.path)}\`) : respond("Missing path: give a directory", true),
  };
}`;

createTypedRuleTester().run("error-text-prefix with a builder of either outcome from another file", rule, {
  valid: [
    {
      name: "the builder's success call and a prefixed failure",
      filename: "src/tools/read-file.ts",
      code: builderCode.replace("Missing path", "Error: Missing path"),
    },
  ],
  invalid: [
    {
      name: "an unprefixed failure given to the builder",
      filename: "src/tools/read-file.ts",
      code: builderCode,
      output: builderCode.replace("Missing path", "Error: Missing path"),
      errors: [{ messageId: "missingPrefix", line: 6, column: 72 }],
    },
  ],
});

createRuleTester().run("error-text-prefix without type information", rule, {
  valid: [{ name: "the imported helper is not known", filename: "src/tools/read-file.ts", code }],
  invalid: [],
});
