import type { InvalidTestCase } from "@typescript-eslint/rule-tester";
import { SERVER_FILE, TOOL_FILE } from "../../rule-tester.js";

/** The ADR project's argument helper: throws on a missing argument. */
/** What each handler path's message says happens to a helper's throw. */
export const ESCAPES = "its throw escapes the handler";
export const SAFETY_NET =
  'the SDK\'s safety net turns its throw into an error result with the raw message and no "Error: " prefix (a non-Error value reads "[object Object]")';
export const JSON_RPC =
  "in a low-level `tools/call` dispatcher its throw becomes a JSON-RPC error response; the client treats it as an infrastructure failure and the model never sees your message";

export const REQUIRE_STRING = `
function requireString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== "string" || value === "") throw new Error(\`\${key} is required\`);
  return value;
}`;

/**
 * The cases of `no-throw-in-tool-handler` that report a call of a same-file helper that can throw
 * (`throwingCall`). tests/rules/throw-analyses-parity.test.ts moves each helper to another file and
 * checks that `no-throwing-call-in-tool-handler` reports the same calls there.
 */
export const throwingHelperCases: InvalidTestCase<
  "replaceWithErrorResult" | "reject" | "throw" | "throwingCall",
  [{ allow: string[]; reportConvertedThrows: boolean }]
>[] = [
  {
    name: "an overloaded function declaration that throws",
    filename: TOOL_FILE,
    code: `
function parseDepth(raw: string): number;
function parseDepth(raw: number): number;
function parseDepth(raw: string | number): number {
  const depth = Number(raw);
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(\`bad depth: \${String(raw)}\`);
  return depth;
}
export const listTree = {
  schema: { name: "list_tree", inputSchema: { type: "object" } },
  handler: async (args: { depth: string }) => ({ content: [{ type: "text", text: await tree(parseDepth(args.depth)) }] }),
};`,
    errors: [{ messageId: "throwingCall", data: { name: "parseDepth", line: 6, outcome: ESCAPES, hint: "" }, line: 11, column: 93 }],
  },
  {
    name: "a helper that only lets the URL elicitation error through throws nothing of its own; the other helper's call is reported",
    filename: SERVER_FILE,
    code: `
import { UrlElicitationRequiredError } from "@modelcontextprotocol/sdk/types.js";
function letElicitationThrough(error: unknown): void {
  if (error instanceof UrlElicitationRequiredError) throw error;
}
function toToolFailure(error: unknown): never {
  throw new Error(\`payment failed: \${String(error)}\`);
}
server.registerTool("pay_invoice", { inputSchema: {} }, async ({ invoiceId }: { invoiceId: string }) => {
  try {
    const receipt = await payments.pay(invoiceId);
    return { content: [{ type: "text", text: \`Paid: \${receipt.id}\` }] };
  } catch (error) {
    letElicitationThrough(error);
    return toToolFailure(error);
  }
});`,
    errors: [{ messageId: "throwingCall", data: { name: "toToolFailure", line: 7, outcome: SAFETY_NET, hint: "" }, line: 15, column: 12 }],
  },
  {
    name: "a call to a same-file argument helper that throws (the ADR project's violation)",
    filename: TOOL_FILE,
    code: `${REQUIRE_STRING}
export function createGitLogTool(deps: { git(args: string[]): Promise<string> }) {
  return {
    schema: { name: "git_log", description: "Show the git log", inputSchema: { type: "object" } },
    handler: async (args: Record<string, unknown>) => {
      const ref = requireString(args, "ref");
      return { content: [{ type: "text", text: await deps.git(["log", ref]) }] };
    },
  };
}`,
    errors: [{ messageId: "throwingCall", data: { name: "requireString", line: 4, outcome: ESCAPES, hint: "" }, line: 11, column: 19 }],
  },
  {
    name: "a chain of helpers reports the line of the deepest throw",
    filename: SERVER_FILE,
    code: `${REQUIRE_STRING}
const parseLogArgs = (args: Record<string, unknown>) => ({ ref: requireString(args, "ref"), limit: 20 });
function gitLogArgv(args: Record<string, unknown>): string[] {
  const { ref, limit } = parseLogArgs(args);
  return ["log", \`-n\${limit}\`, ref];
}
server.registerTool("git_log", { inputSchema: {} }, async (args) => {
  const argv = gitLogArgv(args);
  return { content: [{ type: "text", text: await git(argv) }] };
});`,
    errors: [{ messageId: "throwingCall", data: { name: "gitLogArgv", line: 4, outcome: SAFETY_NET, hint: "" }, line: 13, column: 16 }],
  },
  {
    name: "recursion between helpers that throw ends (cycle)",
    filename: SERVER_FILE,
    code: `
function walk(node: TreeNode, depth: number): string[] {
  if (depth > 32) throw new Error("tree too deep");
  return node.children.flatMap((child) => visit(child, depth + 1));
}
function visit(node: TreeNode, depth: number): string[] {
  return [node.name, ...walk(node, depth)];
}
server.registerTool("list_tree", { inputSchema: {} }, async ({ root }) => ({
  content: [{ type: "text", text: visit(await loadTree(root), 0).join("\\n") }],
}));`,
    errors: [{ messageId: "throwingCall", data: { name: "visit", line: 3, outcome: SAFETY_NET, hint: "" }, line: 10, column: 35 }],
  },
  {
    name: "a named handler function, and another handler that calls it",
    filename: TOOL_FILE,
    code: `
async function handleGitDiff(args: { base?: string }) {
  if (!args.base) throw new Error("base is required");
  return { content: [{ type: "text", text: await git(["diff", args.base]) }] };
}
export const gitDiff = { schema: { name: "git_diff", inputSchema: { type: "object" } }, handler: handleGitDiff };
export const gitDiffMain = {
  schema: { name: "git_diff_main", inputSchema: { type: "object" } },
  handler: async () => handleGitDiff({ base: "main" }),
};`,
    errors: [
      {
        messageId: "throw",
        line: 3,
        column: 19,
        suggestions: [
          {
            messageId: "replaceWithErrorResult",
            output: `
async function handleGitDiff(args: { base?: string }) {
  if (!args.base) return { content: [{ type: "text", text: "Error: base is required" }], isError: true };
  return { content: [{ type: "text", text: await git(["diff", args.base]) }] };
}
export const gitDiff = { schema: { name: "git_diff", inputSchema: { type: "object" } }, handler: handleGitDiff };
export const gitDiffMain = {
  schema: { name: "git_diff_main", inputSchema: { type: "object" } },
  handler: async () => handleGitDiff({ base: "main" }),
};`,
          },
        ],
      },
      { messageId: "throwingCall", data: { name: "handleGitDiff", line: 3, outcome: ESCAPES, hint: "" }, line: 9, column: 24 },
    ],
  },
  {
    name: "a helper that only rejects, and a helper whose throw is outside its own try",
    filename: SERVER_FILE,
    code: `
const notFound = (path: string) => Promise.reject(new Error(\`not found: \${path}\`));
function readJson(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(\`invalid JSON: \${String(err)}\`);
  }
  return parsed;
}
server.registerTool("read_json", { inputSchema: {} }, async ({ path }) => {
  if (!exists(path)) return notFound(path);
  return { content: [{ type: "text", text: JSON.stringify(readJson(await readFile(path, "utf8"))) }] };
});`,
    errors: [
      { messageId: "throwingCall", data: { name: "notFound", line: 2, outcome: SAFETY_NET, hint: "" }, line: 13, column: 29 },
      { messageId: "throwingCall", data: { name: "readJson", line: 8, outcome: SAFETY_NET, hint: "" }, line: 14, column: 59 },
    ],
  },
  {
    name: "an async helper whose promise chain reaches a .catch() is handled, in a helper too; one whose chain has only .then() is not",
    filename: SERVER_FILE,
    code: `
async function fetchPage(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(\`HTTP \${String(response.status)} for \${url}\`);
  return response.text();
}
async function previewOf(url: string): Promise<string> {
  return fetchPage(url).then((text) => text.slice(0, 200)).catch(() => "");
}
server.registerTool("fetch_page", { inputSchema: { url: z.string() } }, async ({ url }) => {
  const preview = await previewOf(url);
  const full = await fetchPage(url).then((text) => text.trim());
  return { content: [{ type: "text", text: \`\${preview}\\n\${full}\` }] };
});`,
    errors: [{ messageId: "throwingCall", data: { name: "fetchPage", line: 4, outcome: SAFETY_NET, hint: "" }, line: 12, column: 22 }],
  },
  {
    name: "a helper bound with var, never reassigned",
    filename: SERVER_FILE,
    code: `
var requireRepository = function (args: { repo?: string }): string {
  if (!args.repo) throw new Error("repo is required");
  return args.repo;
};
server.registerTool("list_branches", { inputSchema: {} }, async (args) => {
  const repo = requireRepository(args);
  return { content: [{ type: "text", text: (await git(repo, ["branch"])).join("\\n") }] };
});`,
    errors: [
      { messageId: "throwingCall", data: { name: "requireRepository", line: 3, outcome: SAFETY_NET, hint: "" }, line: 7, column: 16 },
    ],
  },
  {
    name: "a helper whose rejection leaves through ?: under return await",
    filename: SERVER_FILE,
    code: `
async function loadIssue(id: string | undefined) {
  return await (id ? fetchIssue(id) : Promise.reject(new Error("issue id is required")));
}
server.registerTool("get_issue", { inputSchema: {} }, async ({ id }) => {
  const issue = await loadIssue(id);
  return { content: [{ type: "text", text: issue.title }] };
});`,
    errors: [{ messageId: "throwingCall", data: { name: "loadIssue", line: 3, outcome: SAFETY_NET, hint: "" }, line: 6, column: 23 }],
  },
  {
    name: "a method called on a const that holds an instance of a same-file class, its throw in a map callback",
    filename: SERVER_FILE,
    code: `
export class KnowledgeGraphManager {
  constructor(private readonly entities: Map<string, string[]>) {}
  async addObservations(observations: { entityName: string; contents: string[] }[]) {
    return observations.map((observation) => {
      const entity = this.entities.get(observation.entityName);
      if (!entity) throw new Error(\`Entity with name \${observation.entityName} not found\`);
      entity.push(...observation.contents);
      return { entityName: observation.entityName, added: observation.contents };
    });
  }
}
const knowledgeGraph = new KnowledgeGraphManager(new Map());
server.registerTool("add_observations", { inputSchema: { observations: z.array(ObservationSchema) } }, async ({ observations }) => {
  const added = await knowledgeGraph.addObservations(observations);
  return { content: [{ type: "text", text: JSON.stringify(added, null, 2) }] };
});`,
    errors: [
      {
        messageId: "throwingCall",
        data: { name: "knowledgeGraph.addObservations", line: 7, outcome: SAFETY_NET, hint: "" },
        line: 15,
        column: 23,
      },
    ],
  },
  {
    name: "a method called on a variable given only the awaited call of the class's static factory",
    filename: SERVER_FILE,
    code: `
class CurrencyTable {
  constructor(private readonly codes: string[]) {}
  static async load(): Promise<CurrencyTable> {
    const response = await fetch("https://rates.example.com/currencies");
    const table = new CurrencyTable((await response.json()) as string[]);
    return table;
  }
  normalize(code: string): string {
    const upper = code.toUpperCase();
    if (!this.codes.includes(upper)) throw new Error(\`Unknown currency code \${code}\`);
    return upper;
  }
}
let currencies: CurrencyTable;
export async function start(): Promise<void> {
  currencies = await CurrencyTable.load();
}
server.registerTool("convert_amount", { inputSchema: { from: z.string(), to: z.string() } }, async ({ from, to }) => {
  const response = await fetch(\`https://rates.example.com/convert?from=\${currencies.normalize(from)}&to=\${to}\`);
  return { content: [{ type: "text", text: await response.text() }] };
});`,
    errors: [
      { messageId: "throwingCall", data: { name: "currencies.normalize", line: 11, outcome: SAFETY_NET, hint: "" }, line: 20, column: 74 },
    ],
  },
  {
    name: "a method called on a singleton: the static getInstance() returns a static field typed as the class",
    filename: SERVER_FILE,
    code: `
class JiraClient {
  private static instance: JiraClient | undefined;
  private constructor(private readonly baseUrl: string) {}
  static getInstance(): JiraClient {
    if (!JiraClient.instance) JiraClient.instance = new JiraClient(process.env.JIRA_URL ?? "https://jira.example.com");
    return JiraClient.instance;
  }
  async getIssue(key: string): Promise<unknown> {
    if (!/^[A-Z]+-\\d+$/.test(key)) throw new Error(\`Invalid issue key \${key}\`);
    const response = await fetch(\`\${this.baseUrl}/rest/api/3/issue/\${key}\`);
    return response.json();
  }
}
const jira = JiraClient.getInstance();
server.tool("get_issue", { key: z.string() }, async ({ key }) => {
  const issue = await jira.getIssue(key);
  return { content: [{ type: "text", text: JSON.stringify(issue) }] };
});`,
    errors: [{ messageId: "throwingCall", data: { name: "jira.getIssue", line: 10, outcome: SAFETY_NET, hint: "" }, line: 17, column: 23 }],
  },
  {
    name: "a static method called on its class, which throws through a static sibling it calls as this.<name>()",
    filename: SERVER_FILE,
    code: `
class CityNames {
  static parse(raw: string): string {
    return this.normalize(raw).trim();
  }
  private static normalize(raw: string): string {
    if (!/^[a-z ]+$/i.test(raw)) throw new Error(\`Not a city name: \${raw}\`);
    return raw.toLowerCase();
  }
}
server.registerTool("forecast", { inputSchema: { city: z.string() } }, async ({ city }) => {
  const response = await fetch(\`https://api.example.com/forecast?city=\${encodeURIComponent(CityNames.parse(city))}\`);
  return { content: [{ type: "text", text: await response.text() }] };
});`,
    errors: [
      { messageId: "throwingCall", data: { name: "CityNames.parse", line: 7, outcome: SAFETY_NET, hint: "" }, line: 12, column: 92 },
    ],
  },
];
