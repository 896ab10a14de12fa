import rule from "../../../src/rules/no-protocol-errors-in-tools.js";
import { createTypedRuleTester } from "../../typed-rule-tester.js";

const settings = { "mcp-tool-errors": { protocolErrors: { names: ["ErrorCodes", "HttpErrorCodes"] } } };
const tool = (importLine: string, code: string): string => `${importLine}
import { error, type ToolArgs } from "./utils.js";
export function createInsertTool() {
  return {
    schema: { name: "insert_row", description: "Insert a row", inputSchema: { type: "object", properties: {} } },
    handler: async (args: ToolArgs) => error(\`Error: \${String(args.table)} failed (\${${code}})\`),
  };
}`;

createTypedRuleTester().run("no-protocol-errors-in-tools with the binding's type", rule, {
  valid: [
    {
      name: "an imported ErrorCodes whose members are database codes is the project's own",
      filename: "src/tools/read-file.ts",
      settings,
      code: tool(`import { ErrorCodes } from "../db-errors.js";`, "ErrorCodes.DUPLICATE_KEY"),
    },
    {
      name: "an imported enum of HTTP statuses",
      filename: "src/tools/read-file.ts",
      settings,
      code: tool(`import { HttpErrorCodes as Http } from "../errors.js";`, "Http.Conflict"),
    },
  ],
  invalid: [
    {
      name: "an imported ErrorCodes whose type shows a reserved code",
      filename: "src/tools/read-file.ts",
      settings,
      code: tool(`import { ErrorCodes } from "../errors.js";`, "ErrorCodes.INVALID_PARAMS"),
      errors: [{ messageId: "protocolErrorName", line: 6, column: 86 }],
    },
  ],
});
