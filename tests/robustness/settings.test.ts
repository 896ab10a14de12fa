import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, getMcpSettings, SETTINGS_KEY } from "../../src/model/settings.js";
import plugin from "../../src/index.js";
import { rules } from "../../src/rules/index.js";
import { PLUGIN_NAMESPACE, untypedRules } from "./checks.js";

// Bad settings are reported as one configuration mistake per file, at line 1, naming the key and the
// expected form: never a crash (which in the editor hides every other plugin's findings too), and never
// a TypeError from inside a rule.

const TOOL_FILE = "/project/src/tools/read-file.ts";
const TOOL_CODE = `
import { z } from "zod";
import { error } from "./utils.js";
export function register(server: McpServer) {
  server.registerTool("read_file", { inputSchema: { path: z.string() } }, async ({ path }) => {
    try {
      return { content: [{ type: "text", text: await readFile(path, "utf8") }] };
    } catch (err) {
      return error(\`Failed to read \${path}: \${String(err)}\`);
    }
  });
}`;

const linter = new Linter({ cwd: "/project" });
const { included } = untypedRules(plugin);

function verify(config: Linter.Config): Linter.LintMessage[] {
  return linter.verify(
    TOOL_CODE,
    [{ files: ["**/*.ts"], plugins: { [PLUGIN_NAMESPACE]: plugin }, languageOptions: { parser: tsParser }, ...config }],
    { filename: TOOL_FILE },
  );
}

/** What `linter.verify` throws for a config (bad rule options); fails the test when it does not throw. */
function thrownBy(config: Linter.Config): Error {
  try {
    throw new Error(`verify did not throw; messages: ${JSON.stringify(verify(config))}`);
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`verify threw a non-Error: ${String(error)}`);
  }
}

/** The one settings mistake reported for a config: the file's only message, at 1:1, from one of the plugin's rules. */
function settingsMistake(config: Linter.Config): string {
  const messages = verify(config);
  expect(messages, JSON.stringify(messages)).toHaveLength(1);
  const [message] = messages as [Linter.LintMessage];
  expect(message.messageId).toBe("invalidSettings");
  expect(message.ruleId?.startsWith(`${PLUGIN_NAMESPACE}/`)).toBe(true);
  expect([message.line, message.column]).toEqual([1, 1]);
  expect(message.message).toMatch(/^Configuration mistake: settings\["/u);
  expect(message.message).toMatch(/The mcp-tool-errors rules skip this file until it is fixed\.$/u);
  return message.message;
}

const withSettings = (settings: unknown, ruleIds: readonly string[] = included): Linter.Config => ({
  settings: { [SETTINGS_KEY]: settings },
  rules: Object.fromEntries(ruleIds.map((ruleId) => [ruleId, "error"])),
});

/** A value at a dotted path (`handlers.properties`) of an otherwise empty settings object. */
function settingsWith(path: string, value: unknown): Record<string, unknown> {
  const dot = path.indexOf(".");
  return dot === -1 ? { [path]: value } : { [path.slice(0, dot)]: { [path.slice(dot + 1)]: value } };
}

interface BadSetting {
  path: string;
  value: unknown;
  /** Fragments the message must contain besides `settings["mcp-tool-errors"].<path>`. */
  expected: string[];
}

const listKeys = [
  ...Object.keys(DEFAULT_SETTINGS.handlers).map((key) => `handlers.${key}`),
  ...Object.keys(DEFAULT_SETTINGS.protocolErrors).map((key) => `protocolErrors.${key}`),
  "acceptedErrorPrefixes",
];

const BAD_SETTINGS: BadSetting[] = [
  { path: "toolFiles", value: "src/tools/**", expected: ["must be an array of glob strings", '"**/src/tools/**"', 'got "src/tools/**"'] },
  { path: "toolFiles", value: ["src/tools/**", 7], expected: ["must be an array of glob strings", "item 1 is 7"] },
  { path: "toolFiles", value: [""], expected: ["must be an array of glob strings", 'the empty glob ""'] },
  { path: "toolFiles", value: ["!"], expected: ['the empty glob "!"'] },
  { path: "toolFiles", value: ["src/{tools,handlers"], expected: ['"src/{tools,handlers" is not a valid glob', "Unterminated group"] },
  { path: "toolFiles", value: ["!**/[z-a].ts"], expected: ['"!**/[z-a].ts" is not a valid glob', "Range out of order"] },
  { path: "toolFiles", value: ["/home/me/server/src/tools/**"], expected: ["is an absolute path", "relative to ESLint's cwd"] },
  { path: "toolFiles", value: ["src/[tools/**"], expected: ['"src/[tools/**" has an unbalanced "[" or "]"'] },
  {
    path: "testFiles",
    value: ["/home/me/server/test/**"],
    expected: ["testFiles must be an array of glob strings", "is an absolute path"],
  },
  ...listKeys.flatMap((path) => [
    { path, value: "handler", expected: ["must be an array of strings", 'got "handler"'] },
    { path, value: [["handler"]], expected: ["must be an array of strings", "item 0 is an array"] },
  ]),
  {
    path: "handlers",
    value: ["handler"],
    expected: ["must be an object with any of the keys properties, registrationMethods", "got an array"],
  },
  { path: "protocolErrors", value: "ErrorCodes", expected: ["must be an object with any of the keys names, modules", 'got "ErrorCodes"'] },
  { path: "errorPrefix", value: 42, expected: ['must be a non-empty string such as "Error: "', "got 42"] },
  { path: "errorPrefix", value: "  ", expected: ['must be a non-empty string such as "Error: "', 'got "  "'] },
  {
    path: "errorTextPattern",
    value: /^Error/u,
    expected: ["must be a regular expression source in a non-empty string", "got the RegExp /^Error/u"],
  },
  { path: "errorTextPattern", value: "", expected: ["must be a regular expression source in a non-empty string", 'got ""'] },
  {
    path: "errorTextPattern",
    value: "^(Error|Failed",
    expected: ["must be a valid regular expression source", '"^(Error|Failed" does not compile', "Unterminated group"],
  },
  { path: "errorTextPattern", value: "\\p{Errorish}", expected: ["must be a valid regular expression source", 'with the "u" flag'] },
  {
    path: "errorHelpers",
    value: "error",
    expected: ["must be an array whose entries are a function name or { name: string", 'got "error"'],
  },
  { path: "errorHelpers", value: [42], expected: ["errorHelpers[0] must be a function name or { name: string", "got 42"] },
  { path: "errorHelpers", value: [{ name: "" }], expected: ["errorHelpers[0].name must be a non-empty string", 'got ""'] },
  {
    path: "errorHelpers",
    value: [{ name: "error", messageArgument: -1 }],
    expected: ["errorHelpers[0].messageArgument must be a non-negative integer", "got -1"],
  },
  {
    path: "errorHelpers",
    value: ["ok", { name: "error", messageArgument: "0" }],
    expected: ["errorHelpers[1].messageArgument", 'got "0"'],
  },
  {
    path: "errorHelpers",
    value: [{ name: "error", addsPrefix: "yes" }],
    expected: ["errorHelpers[0].addsPrefix must be true or false", 'got "yes"'],
  },
  {
    path: "errorHelpers",
    value: [{ name: "respond", failureArgument: 0 }],
    expected: ["errorHelpers[0].failureArgument must be a non-negative integer other than messageArgument", "got 0"],
  },
  {
    path: "errorHelpers",
    value: [{ name: "respond", messageArgument: 1, failureArgument: "0" }],
    expected: ["errorHelpers[0].failureArgument", 'got "0"'],
  },
];

const UNKNOWN_KEYS: { settings: unknown; where: string; key: string; known: string }[] = [
  { settings: { toolfiles: ["**"] }, where: "", key: "toolfiles", known: Object.keys(DEFAULT_SETTINGS).join(", ") },
  { settings: { handlers: { property: ["run"] } }, where: ".handlers", key: "property", known: "properties, registrationMethods" },
  { settings: { protocolErrors: { name: ["X"] } }, where: ".protocolErrors", key: "name", known: "names, modules" },
  {
    settings: { errorHelpers: [{ name: "error", prefix: true }] },
    where: ".errorHelpers[0]",
    key: "prefix",
    known: "name, messageArgument, addsPrefix, failureArgument",
  },
];

describe("bad settings are reported once per file as a configuration mistake naming the key", () => {
  it("covers every setting", () => {
    const paths = new Set(BAD_SETTINGS.map(({ path }) => path));
    const expected = Object.entries(DEFAULT_SETTINGS).flatMap(([key, value]) =>
      typeof value === "object" && !Array.isArray(value) ? [key, ...Object.keys(value).map((inner) => `${key}.${inner}`)] : [key],
    );
    expect([...paths].sort()).toEqual(expected.sort());
  });

  it.each(BAD_SETTINGS)("$path = $value", ({ path, value, expected }) => {
    const message = settingsMistake(withSettings(settingsWith(path, value)));
    expect(message).toContain(`settings["${SETTINGS_KEY}"].${path.split(".")[0] ?? ""}`);
    for (const fragment of expected) expect(message).toContain(fragment);
  });

  it.each(UNKNOWN_KEYS)("unknown key $key", ({ settings, where, key, known }) => {
    expect(settingsMistake(withSettings(settings))).toContain(
      `settings["${SETTINGS_KEY}"]${where} has an unknown key "${key}"; the keys that exist are: ${known}`,
    );
  });

  it.each(["src/tools/**", 42, null, ["**"]])("the settings object itself: %j", (settings) => {
    expect(settingsMistake(withSettings(settings))).toContain(
      `settings["${SETTINGS_KEY}"] must be an object such as { toolFiles: ["**/src/tools/**"] }`,
    );
  });

  it.each(["mcp-tools-errors", "mcp-tool-error", "mcp_tool_errors", "MCP-Tool-Errors"])("a misspelled namespace: settings[%j]", (key) => {
    const config = { ...withSettings({}), settings: { [key]: { toolFiles: ["src/tools/**"] } } };
    expect(settingsMistake(config)).toContain(
      `settings["${key}"] is not read by any rule: the plugin's settings go under settings["${SETTINGS_KEY}"]`,
    );
  });

  it("another plugin's namespace is no misspelling", () => {
    const config = { ...withSettings({}), settings: { "mcp-security": { strict: true }, "import/resolver": { typescript: true } } };
    expect(verify(config).filter((message) => message.messageId === "invalidSettings")).toEqual([]);
  });

  it.each(included)("%s alone reports a bad setting, not a crash", (ruleId) => {
    const message = settingsMistake(withSettings({ errorHelpers: [{ name: "error", messageArgument: 1.5 }] }, [ruleId]));
    expect(message).toContain("errorHelpers[0].messageArgument must be a non-negative integer");
  });

  it("a bad setting leaves other rules' findings in place", () => {
    const config = withSettings({ toolFiles: "src/tools/**" });
    const messages = linter.verify(
      `${TOOL_CODE}\ndebugger;`,
      [
        {
          files: ["**/*.ts"],
          plugins: { [PLUGIN_NAMESPACE]: plugin },
          languageOptions: { parser: tsParser },
          ...config,
          rules: { ...config.rules, "no-debugger": "error" },
        },
      ],
      { filename: TOOL_FILE },
    );
    expect(messages.map((message) => message.messageId ?? message.ruleId)).toEqual(["invalidSettings", "unexpected"]);
    expect(messages[1]?.ruleId).toBe("no-debugger");
  });

  it("compiles errorTextPattern once per settings object", () => {
    const raw = { [SETTINGS_KEY]: { errorTextPattern: "^Failed\\b" } };
    const first = getMcpSettings(raw).errorTextPattern;
    expect(first).toBeInstanceOf(RegExp);
    expect(getMcpSettings(raw).errorTextPattern).toBe(first);
  });
});

/** The parts of a rule's JSON schema the wrong values are derived from. */
interface OptionSchema {
  type?: string;
  enum?: unknown[];
  items?: OptionSchema;
  minimum?: number;
  properties?: Record<string, OptionSchema>;
}

interface BadOption {
  label: string;
  options: unknown[];
  expected: string[];
}

/** A wrong value for one schema property, and what ESLint's schema validation says about it. */
function wrongValues(name: string, property: OptionSchema): BadOption[] {
  const option = (value: unknown): unknown[] => [{ [name]: value }];
  if (property.enum)
    return [
      { label: `${name}: not a choice`, options: option("not-a-choice"), expected: ["should be equal to one of the allowed values"] },
    ];
  switch (property.type) {
    case "array": {
      const { items } = property;
      return [
        { label: `${name}: not an array`, options: option("UserError"), expected: ['Value "UserError" should be array'] },
        ...(items?.type === "string"
          ? [{ label: `${name}: a number item`, options: option([42]), expected: ["Value 42 should be string"] }]
          : []),
      ];
    }
    case "integer":
      return [
        { label: `${name}: a string`, options: option("8"), expected: ['Value "8" should be integer'] },
        { label: `${name}: a fraction`, options: option(1.5), expected: ["Value 1.5 should be integer"] },
        ...(property.minimum === undefined
          ? []
          : [
              {
                label: `${name}: below the minimum`,
                options: option(property.minimum - 1),
                expected: [`should be >= ${String(property.minimum)}`],
              },
            ]),
      ];
    case "boolean":
      return [{ label: `${name}: a string`, options: option("yes"), expected: ['Value "yes" should be boolean'] }];
    case "string":
      return [{ label: `${name}: a number`, options: option(42), expected: ["Value 42 should be string"] }];
    default:
      throw new Error(`no wrong value for the schema type ${JSON.stringify(property.type)} of option "${name}": add one`);
  }
}

/** Bad options for a rule, derived from its schema so a new option is covered without editing this file. */
function badOptions(schema: unknown): BadOption[] {
  // Every rule here declares its schema as an array (one entry per option).
  const items = Array.isArray(schema) ? (schema as readonly OptionSchema[]) : [];
  if (items.length === 0) {
    return [
      {
        label: "an option for a rule without options",
        options: [{ allow: ["UserError"] }],
        expected: ["should NOT have more than 0 items"],
      },
    ];
  }
  return items.flatMap((item) => {
    const properties = Object.entries(item.properties ?? {});
    return [
      ...properties.flatMap(([name, property]) => wrongValues(name, property)),
      {
        label: "an unknown option",
        options: [{ notAnOption: true }],
        expected: ['Unexpected property "notAnOption"', `Expected properties: ${properties.map(([name]) => `"${name}"`).join(", ")}`],
      },
    ];
  });
}

describe("bad rule options are rejected by ESLint's schema validation, naming the rule and the value", () => {
  for (const [name, rule] of Object.entries(rules)) {
    const ruleId = `${PLUGIN_NAMESPACE}/${name}`;
    it.each(badOptions(rule.meta.schema))(`${name}: $label`, ({ options, expected }) => {
      const error = thrownBy({ rules: { [ruleId]: ["error", ...options] } });
      expect(error.message).toContain(`Key "${ruleId}"`);
      for (const fragment of expected) expect(error.message).toContain(fragment);
    });
  }
});
