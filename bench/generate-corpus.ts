// Deterministic synthetic MCP server project for the benchmark: N tool files in the handler shapes of
// ECOSYSTEM.md, 80-400 lines each, about one planted violation per five tools, plus the transport layer
// and helpers around them. File i depends only on (seed, i), so a smaller corpus is a prefix of a larger one.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CodeBlockWriter } from "ts-morph";

export const DEFAULT_SEED = 0x4d435030;

export const SHAPES = ["factory", "registerTool", "serverTool", "requestHandler", "fastmcp", "mcpFramework"] as const;
export type Shape = (typeof SHAPES)[number];

/** Planted violations: the ADR's grep finds only the first; the others are what the plugin adds. */
export const VIOLATIONS = ["protocolCode", "throw", "catchWithoutIsError", "unprefixedText"] as const;
export type Violation = (typeof VIOLATIONS)[number];

export interface ToolFile {
  /** Corpus-relative `/` path. */
  path: string;
  shape: Shape;
  violation: Violation | undefined;
  text: string;
  lines: number;
}

export interface CorpusManifest {
  seed: number;
  size: number;
  generator: number;
  tools: { path: string; shape: Shape; violation: Violation | null; lines: number }[];
  otherFiles: string[];
}

/** Bump when the generated code changes so cached corpora are rebuilt. */
export const GENERATOR_VERSION = 1;

const DOMAINS = [
  "files",
  "git",
  "github",
  "search",
  "database",
  "http",
  "shell",
  "calendar",
  "notes",
  "docker",
  "deploy",
  "slack",
  "tickets",
  "metrics",
  "cache",
] as const;
const NOUNS = [
  "entry",
  "commit",
  "issue",
  "result",
  "record",
  "request",
  "process",
  "event",
  "note",
  "container",
  "release",
  "message",
  "ticket",
  "series",
  "key",
] as const;
const VERBS = ["list", "get", "create", "update", "delete", "search", "sync", "diff", "export", "inspect", "archive", "summarize"] as const;
const FIELDS = ["team", "owner", "status", "region", "label", "branch", "channel", "kind", "scope", "source"] as const;

/** mulberry32: tiny, fast and the same on every platform. */
class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

const pascal = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Everything one tool file is about, drawn from its own random stream. */
interface ToolPlan {
  rng: Random;
  index: number;
  domain: string;
  noun: string;
  verb: string;
  field: string;
  /** Unique per corpus: `git_list_commit_17`. */
  toolName: string;
  /** Unique per corpus: `ListCommit17`. */
  id: string;
  shape: Shape;
  violation: Violation | undefined;
  targetLines: number;
}

function planTool(seed: number, index: number): ToolPlan {
  const rng = new Random(Math.imul(seed ^ 0x9e3779b9, index + 1) ^ index);
  const domain = rng.pick(DOMAINS);
  const noun = rng.pick(NOUNS);
  const verb = rng.pick(VERBS);
  return {
    rng,
    index,
    domain,
    noun,
    verb,
    field: rng.pick(FIELDS),
    toolName: `${domain}_${verb}_${noun}_${String(index)}`,
    id: `${pascal(verb)}${pascal(noun)}${String(index)}`,
    shape: rng.pick(SHAPES),
    violation: rng.chance(0.2) ? rng.pick(VIOLATIONS) : undefined,
    targetLines: rng.int(80, 400),
  };
}

const newWriter = (): CodeBlockWriter => new CodeBlockWriter({ indentNumberOfSpaces: 2, useSingleQuote: false });

const lineCount = (text: string): number => text.split("\n").length;

/** Module-level helpers: the bulk of a tool file. Each returns its source; the handler calls some of them. */
const HELPERS: readonly ((plan: ToolPlan, n: number) => string)[] = [
  // A parser with early returns and a regular expression.
  (plan, n) => {
    const w = newWriter();
    const rec = `${pascal(plan.noun)}Record`;
    w.write(`export function parse${pascal(plan.noun)}Line${String(n)}(line: string): ${rec} | undefined`).block(() => {
      w.writeLine(`const parts = line.split("\\t");`);
      w.write("if (parts.length < 4)").block(() => w.writeLine("return undefined;"));
      w.writeLine("const [id, name, size, updatedAt, ...rest] = parts;");
      w.write(`if (!id || !name || !/^\\d+$/.test(size ?? ""))`).block(() => w.writeLine("return undefined;"));
      w.writeLine("return {").indent(() => {
        w.writeLine("id,");
        w.writeLine("name: name.trim(),");
        w.writeLine("size: Number(size),");
        w.writeLine(`updatedAt: updatedAt ?? new Date(0).toISOString(),`);
        w.writeLine(`${plan.field}: rest[0] ?? "unknown",`);
        w.writeLine(`tags: rest.slice(1).filter((tag) => tag.length > 0),`);
      });
      w.writeLine("};");
    });
    return w.toString();
  },
  // String building with a loop, conditionals and template literals.
  (plan, n) => {
    const w = newWriter();
    const rec = `${pascal(plan.noun)}Record`;
    w.write(`export function format${pascal(plan.noun)}Summary${String(n)}(items: readonly ${rec}[], limit: number): string`).block(() => {
      w.writeLine(`const lines: string[] = [\`## ${pascal(plan.noun)}s (\${String(items.length)})\`, ""];`);
      w.write("for (const item of items.slice(0, limit))").block(() => {
        w.writeLine(`const size = item.size > 1024 ? \`\${(item.size / 1024).toFixed(1)} KiB\` : \`\${String(item.size)} B\`;`);
        w.writeLine(`lines.push(\`- **\${item.name}** (\${size}, \${item.${plan.field}})\`);`);
        w.write("if (item.tags.length > 0)").block(() => w.writeLine(`lines.push(\`  tags: \${item.tags.join(", ")}\`);`));
      });
      w.write("if (items.length > limit)").block(() => {
        w.writeLine(`lines.push("", \`… and \${String(items.length - limit)} more; narrow the ${plan.field} filter.\`);`);
      });
      w.writeLine(`return lines.join("\\n");`);
    });
    return w.toString();
  },
  // A callback API wrapped in a promise: nested callbacks, reject on failure.
  (plan, n) => {
    const w = newWriter();
    w.write(
      `export function run${pascal(plan.domain)}Command${String(n)}(args: readonly string[], cwd: string, signal?: AbortSignal): Promise<CommandResult>`,
    ).block(() => {
      w.write("return new Promise((resolve, reject) =>").inlineBlock(() => {
        w.write(
          `execFile("${plan.domain}", [...args], { cwd, signal, maxBuffer: LIMITS.maxBytes * 4 }, (err, stdout, stderr) =>`,
        ).inlineBlock(() => {
          w.write(`if (err && typeof err.code !== "number")`).block(() => {
            w.writeLine("reject(err);");
            w.writeLine("return;");
          });
          w.writeLine(`resolve({ stdout, stderr, code: typeof err?.code === "number" ? err.code : 0 });`);
        });
        w.write(').on("error", (spawnError) =>').inlineBlock(() => w.writeLine("reject(spawnError);"));
        w.writeLine(");");
      });
      w.writeLine(");");
    });
    return w.toString();
  },
  // Input validation that throws: fine here, it is not a handler; handlers must catch it.
  (plan, n) => {
    const w = newWriter();
    w.write(`export function validate${pascal(plan.field)}${String(n)}(value: string): string`).block(() => {
      w.writeLine("const trimmed = value.trim();");
      w.write(`if (!/^[\\w.@:/-]{1,128}$/.test(trimmed))`).block(() => {
        w.writeLine(`throw new Error(\`invalid ${plan.field} "\${trimmed}": use letters, digits and . @ : / -\`);`);
      });
      w.write(`if (trimmed.includes(".."))`).block(() => {
        w.writeLine(`throw new Error(\`${plan.field} must not contain "..": \${trimmed}\`);`);
      });
      w.writeLine("return trimmed;");
    });
    return w.toString();
  },
  // Recursive async directory walk.
  (plan, n) => {
    const w = newWriter();
    w.write(
      `export async function collect${pascal(plan.noun)}Files${String(n)}(root: string, depth: number, out: string[] = []): Promise<string[]>`,
    ).block(() => {
      w.writeLine("const entries = await readdir(root, { withFileTypes: true });");
      w.write("for (const entry of entries)").block(() => {
        w.write(`if (entry.name.startsWith(".") || entry.name === "node_modules")`).block(() => w.writeLine("continue;"));
        w.writeLine("const full = path.join(root, entry.name);");
        w.write("if (entry.isDirectory() && depth > 0)").inlineBlock(() => {
          w.writeLine(`await collect${pascal(plan.noun)}Files${String(n)}(full, depth - 1, out);`);
        });
        w.write(" else if (entry.isFile())").block(() => w.writeLine("out.push(full);"));
        w.write("if (out.length >= LIMITS.maxResults)").block(() => w.writeLine("break;"));
      });
      w.writeLine("return out;");
    });
    return w.toString();
  },
  // Grouping and sorting with nested arrow callbacks.
  (plan, n) => {
    const w = newWriter();
    const rec = `${pascal(plan.noun)}Record`;
    w.write(`export function groupBy${pascal(plan.field)}${String(n)}(items: readonly ${rec}[]): [string, ${rec}[]][]`).block(() => {
      w.writeLine(`const groups = items.reduce<Record<string, ${rec}[]>>((acc, item) => {`).indent(() => {
        w.writeLine(`(acc[item.${plan.field}] ??= []).push(item);`);
        w.writeLine("return acc;");
      });
      w.writeLine("}, {});");
      w.writeLine("return Object.entries(groups)").indent(() => {
        w.writeLine(
          ".map(([key, group]): [string, " +
            rec +
            "[]] => [key, [...group].sort((a, b) => b.size - a.size || a.name.localeCompare(b.name))])",
        );
        w.writeLine(".sort(([a], [b]) => a.localeCompare(b));");
      });
    });
    return w.toString();
  },
  // A small cache class with a method that builds text.
  (plan, n) => {
    const w = newWriter();
    const rec = `${pascal(plan.noun)}Record`;
    w.write(`export class ${pascal(plan.noun)}Cache${String(n)}`).block(() => {
      w.writeLine(`private readonly entries = new Map<string, { value: ${rec}; expires: number }>();`);
      w.blankLine();
      w.writeLine("constructor(private readonly ttlMs: number = LIMITS.timeoutMs) {}");
      w.blankLine();
      w.write(`get(id: string): ${rec} | undefined`).block(() => {
        w.writeLine("const hit = this.entries.get(id);");
        w.write("if (!hit || hit.expires < Date.now())").block(() => {
          w.writeLine("this.entries.delete(id);");
          w.writeLine("return undefined;");
        });
        w.writeLine("return hit.value;");
      });
      w.blankLine();
      w.write(`set(value: ${rec}): void`).block(() => {
        w.writeLine("this.entries.set(value.id, { value, expires: Date.now() + this.ttlMs });");
      });
      w.blankLine();
      w.write("describe(): string").block(() => {
        w.writeLine("return [...this.entries.values()]").indent(() => {
          w.writeLine(`.map(({ value, expires }) => \`\${value.id}\\t\${value.name}\\t\${new Date(expires).toISOString()}\`)`);
          w.writeLine(`.join("\\n");`);
        });
      });
    });
    return w.toString();
  },
  // Reading a JSON file with a typed guard and a fallback.
  (plan, n) => {
    const w = newWriter();
    w.write(`export async function load${pascal(plan.domain)}Config${String(n)}(file: string): Promise<Record<string, string>>`).block(
      () => {
        w.writeLine(`const raw: unknown = JSON.parse(await readFile(file, "utf8"));`);
        w.write(`if (typeof raw !== "object" || raw === null || Array.isArray(raw))`).block(() => {
          w.writeLine(`throw new Error(\`\${file}: expected a JSON object\`);`);
        });
        w.writeLine("const config: Record<string, string> = {};");
        w.write("for (const [key, value] of Object.entries(raw))").block(() => {
          w.write(`if (typeof value === "string")`).inlineBlock(() => w.writeLine("config[key] = value;"));
          w.write(` else if (typeof value === "number" || typeof value === "boolean")`).block(() =>
            w.writeLine("config[key] = String(value);"),
          );
        });
        w.writeLine("return config;");
      },
    );
    return w.toString();
  },
  // A status mapper: a switch with fallthrough-free cases.
  (plan, n) => {
    const w = newWriter();
    const states = ["pending", "running", "done", "failed", "cancelled", "stale"].filter(() => plan.rng.chance(0.7));
    w.write(`export function describe${pascal(plan.noun)}State${String(n)}(state: string, since: number): string`).block(() => {
      w.writeLine("const age = Math.round((Date.now() - since) / 1000);");
      w.write("switch (state)").block(() => {
        for (const state of states) {
          w.writeLine(`case "${state}":`).indent(() => w.writeLine(`return \`${state} for \${String(age)} s\`;`));
        }
        w.writeLine("default:").indent(() => w.writeLine("return `unknown state ${state}`;"));
      });
    });
    return w.toString();
  },
  // Retry with exponential backoff: timers and a rethrow after the last attempt.
  (plan, n) => {
    const w = newWriter();
    const attempts = plan.rng.int(2, 5);
    w.write(`export async function withRetry${String(n)}<T>(work: () => Promise<T>, attempts = ${String(attempts)}): Promise<T>`).block(
      () => {
        w.writeLine("let lastError: unknown;");
        w.write("for (let attempt = 0; attempt < attempts; attempt++)").block(() => {
          w.write("try").inlineBlock(() => w.writeLine("return await work();"));
          w.write(" catch (err)").block(() => {
            w.writeLine("lastError = err;");
            w.writeLine(
              `await new Promise<void>((resolve) => setTimeout(resolve, ${String(plan.rng.pick([50, 100, 250]))} * 2 ** attempt));`,
            );
          });
        });
        w.writeLine(`throw lastError instanceof Error ? lastError : new Error(String(lastError));`);
      },
    );
    return w.toString();
  },
  // A query-string builder: string building over optional parts.
  (plan, n) => {
    const w = newWriter();
    const keys = FIELDS.filter(() => plan.rng.chance(0.4));
    w.write(
      `export function build${pascal(plan.domain)}Query${String(n)}(base: string, options: Partial<Record<string, string | number | undefined>>): string`,
    ).block(() => {
      w.writeLine("const params = new URLSearchParams();");
      w.write(`for (const key of [${keys.map((key) => `"${key}"`).join(", ")}, "page", "per_page"])`).block(() => {
        w.writeLine("const value = options[key];");
        w.write(`if (value !== undefined && value !== "")`).block(() => w.writeLine("params.set(key, String(value));"));
      });
      w.writeLine("const query = params.toString();");
      w.writeLine(`return query === "" ? base : \`\${base}\${base.includes("?") ? "&" : "?"}\${query}\`;`);
    });
    return w.toString();
  },
  // A line diff: nested loops, index arithmetic and string building.
  (plan, n) => {
    const w = newWriter();
    w.write(
      `export function diff${pascal(plan.noun)}Lines${String(n)}(before: string, after: string, context = ${String(plan.rng.int(1, 3))}): string`,
    ).block(() => {
      w.writeLine(`const a = before.split("\\n");`);
      w.writeLine(`const b = after.split("\\n");`);
      w.writeLine("const out: string[] = [];");
      w.writeLine("let i = 0;");
      w.writeLine("let j = 0;");
      w.write("while (i < a.length || j < b.length)").block(() => {
        w.write("if (a[i] === b[j])").inlineBlock(() => {
          w.write("if (out.length > 0 && out.length % (context * 4) !== 0)").block(() => w.writeLine('out.push(`  ${a[i] ?? ""}`);'));
          w.writeLine("i++;");
          w.writeLine("j++;");
        });
        w.write(' else if (j < b.length && !a.slice(i).includes(b[j] ?? ""))').inlineBlock(() => {
          w.writeLine('out.push(`+ ${b[j] ?? ""}`);');
          w.writeLine("j++;");
        });
        w.write(" else").block(() => {
          w.writeLine('out.push(`- ${a[i] ?? ""}`);');
          w.writeLine("i++;");
        });
      });
      w.writeLine(`return out.join("\\n");`);
    });
    return w.toString();
  },
];

/** The catch block of a handler: the clean form, or one of the planted catch violations. */
function writeCatch(w: CodeBlockWriter, plan: ToolPlan, returnsString: boolean): void {
  w.write(" catch (err)").block(() => {
    w.writeLine("const message = err instanceof Error ? err.message : String(err);");
    switch (plan.violation) {
      case "catchWithoutIsError":
        w.writeLine(`return { content: [{ type: "text", text: \`Error ${plan.verb}ing ${plan.noun}s: \${message}\` }] };`);
        return;
      case "unprefixedText":
        w.writeLine(`return { content: [{ type: "text", text: \`Failed to ${plan.verb} ${plan.noun}: \${message}\` }], isError: true };`);
        return;
      case "protocolCode":
        w.writeLine(`return error(\`Error: \${message}\`, ErrorCodes.INTERNAL_ERROR);`);
        return;
      default:
        if (returnsString || plan.rng.chance(0.5)) {
          w.writeLine(
            `return { content: [{ type: "text", text: \`Error: could not ${plan.verb} ${plan.noun}: \${message}\` }], isError: true };`,
          );
        } else {
          w.writeLine(
            `return error(\`Error: \${message}\`, ToolErrorCodes.${plan.rng.pick(["COMMAND_FAILED", "NOT_FOUND", "INVALID_INPUT"])});`,
          );
        }
    }
  });
}

/**
 * The handler body: argument helpers that throw (inside the try unless the plan plants a throw),
 * a callback-based command, string building, and a result.
 */
function writeHandlerBody(w: CodeBlockWriter, plan: ToolPlan, argsName: string, returnsString: boolean): void {
  const rec = `${pascal(plan.noun)}Record`;
  const field = plan.field;
  if (plan.violation === "throw") {
    // Unguarded: the helper's throw escapes the handler, invisible to the ADR's grep audit.
    w.writeLine(`const root = requireString(${argsName}, "root");`);
  }
  w.write("try").inlineBlock(() => {
    if (plan.violation !== "throw") w.writeLine(`const root = requireString(${argsName}, "root");`);
    w.writeLine(`const limit = optionalInt(${argsName}, "limit") ?? LIMITS.maxResults;`);
    w.writeLine(`const ${field} = optionalString(${argsName}, "${field}");`);
    w.writeLine("const started = Date.now();");
    w.writeLine(
      `const result = await run${pascal(plan.domain)}Command0(["${plan.verb}", "--format=tsv", ...(${field} ? [\`--${field}=\${${field}}\`] : [])], root, signal);`,
    );
    w.write("if (result.code !== 0)").block(() => {
      if (returnsString) {
        w.writeLine(
          `return { content: [{ type: "text", text: \`Error: ${plan.domain} ${plan.verb} exited with \${String(result.code)}: \${result.stderr.trim()}\` }], isError: true };`,
        );
      } else {
        w.writeLine(
          `return error(\`Error: ${plan.domain} ${plan.verb} exited with \${String(result.code)}: \${result.stderr.trim()}\`, ToolErrorCodes.COMMAND_FAILED);`,
        );
      }
    });
    w.writeLine("const records = result.stdout");
    w.indent(() => {
      w.writeLine(`.split("\\n")`);
      w.writeLine(`.map((line) => parse${pascal(plan.noun)}Line0(line))`);
      w.writeLine(`.filter((record): record is ${rec} => record !== undefined);`);
    });
    w.write("if (records.length === 0)").block(() => {
      const text = `No ${plan.noun}s matched${plan.rng.chance(0.5) ? " in ${root}" : ""}.`;
      w.writeLine(returnsString ? `return \`${text}\`;` : `return success(\`${text}\`);`);
    });
    w.writeLine(`const lines: string[] = [format${pascal(plan.noun)}Summary0(records, limit)];`);
    w.write(`for (const [key, group] of groupBy${pascal(field)}0(records))`).block(() => {
      w.writeLine("const total = group.reduce((sum, record) => sum + record.size, 0);");
      w.writeLine(`lines.push(\`\${key}: \${String(group.length)} ${plan.noun}(s), \${String(total)} bytes\`);`);
      w.write("if (signal?.aborted)").block(() => {
        w.writeLine(`lines.push("(cancelled: partial summary)");`);
        w.writeLine("break;");
      });
    });
    if (plan.violation === "throw" && plan.rng.chance(0.5)) {
      w.write("if (lines.length > LIMITS.maxResults)").block(() => {
        w.writeLine(`throw new Error(\`too many ${plan.noun}s: \${String(lines.length)}\`);`);
      });
    }
    w.writeLine(`lines.push("", \`took \${String(Date.now() - started)} ms\`);`);
    w.writeLine(
      returnsString
        ? 'return truncate(lines.join("\\n"), LIMITS.maxBytes);'
        : 'return success(truncate(lines.join("\\n"), LIMITS.maxBytes));',
    );
  });
  writeCatch(w, plan, returnsString);
}

function inputSchemaObject(w: CodeBlockWriter, plan: ToolPlan): void {
  w.writeLine("{").indent(() => {
    w.writeLine(`root: z.string().describe("Directory the ${plan.domain} command runs in"),`);
    w.writeLine(`limit: z.number().int().positive().optional().describe("Maximum ${plan.noun}s to list"),`);
    w.writeLine(`${plan.field}: z.string().optional().describe("Only ${plan.noun}s with this ${plan.field}"),`);
  });
  w.write("}");
}

function jsonInputSchema(w: CodeBlockWriter, plan: ToolPlan): void {
  w.writeLine("inputSchema: {").indent(() => {
    w.writeLine(`type: "object",`);
    w.writeLine("properties: {").indent(() => {
      w.writeLine(`root: { type: "string", description: "Directory the ${plan.domain} command runs in" },`);
      w.writeLine(`limit: { type: "integer", minimum: 1, description: "Maximum ${plan.noun}s to list" },`);
      w.writeLine(`${plan.field}: { type: "string", description: "Only ${plan.noun}s with this ${plan.field}" },`);
    });
    w.writeLine("},");
    w.writeLine(`required: ["root"],`);
  });
  w.writeLine("},");
}

const description = (plan: ToolPlan): string =>
  `${pascal(plan.verb)} ${plan.noun}s of the ${plan.domain} workspace, grouped by ${plan.field}.`;

/** The part of the file that recognisably is a tool, in the plan's shape. */
function writeTool(w: CodeBlockWriter, plan: ToolPlan): void {
  switch (plan.shape) {
    case "factory":
      w.write(`export function create${plan.id}Tool(deps: { workspace: string })`).block(() => {
        w.writeLine("return {").indent(() => {
          w.writeLine("schema: {").indent(() => {
            w.writeLine(`name: "${plan.toolName}",`);
            w.writeLine(`description: "${description(plan)}",`);
            jsonInputSchema(w, plan);
            w.writeLine("annotations: { readOnlyHint: true },");
          });
          w.writeLine("},");
          w.write("handler: async (rawArgs: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult> =>").inlineBlock(() => {
            w.writeLine("const args = { root: deps.workspace, ...rawArgs };");
            writeHandlerBody(w, plan, "args", false);
          });
          w.writeLine(",");
        });
        w.writeLine("};");
      });
      return;
    case "registerTool":
      w.write(`export function register${plan.id}(server: McpServer): void`).block(() => {
        w.writeLine("server.registerTool(").indent(() => {
          w.writeLine(`"${plan.toolName}",`);
          w.write(`{ title: "${pascal(plan.verb)} ${plan.noun}s", description: "${description(plan)}", inputSchema: `);
          inputSchemaObject(w, plan);
          w.writeLine(" },");
          w.write("async (args, extra) =>").inlineBlock(() => {
            w.writeLine("const signal = extra.signal;");
            writeHandlerBody(w, plan, "args", false);
          });
          w.writeLine(",");
        });
        w.writeLine(");");
      });
      return;
    case "serverTool":
      w.write(`export function register${plan.id}(server: McpServer): void`).block(() => {
        w.writeLine(`server.tool("${plan.toolName}", "${description(plan)}", `);
        inputSchemaObject(w, plan);
        w.write(", async (args, { signal }) =>").inlineBlock(() => {
          writeHandlerBody(w, plan, "args", false);
        });
        w.writeLine(");");
      });
      return;
    case "fastmcp":
      w.write(`export function add${plan.id}(server: FastMCP): void`).block(() => {
        w.writeLine("server.addTool({").indent(() => {
          w.writeLine(`name: "${plan.toolName}",`);
          w.writeLine(`description: "${description(plan)}",`);
          w.write("parameters: z.object(");
          inputSchemaObject(w, plan);
          w.writeLine("),");
          w.write("execute: async (args, { log }) =>").inlineBlock(() => {
            w.writeLine("const signal = AbortSignal.timeout(LIMITS.timeoutMs);");
            w.writeLine(`log.info("${plan.toolName}", { root: args.root });`);
            writeHandlerBody(w, plan, "args", true);
          });
          w.writeLine(",");
        });
        w.writeLine("});");
      });
      return;
    case "mcpFramework":
      w.write(`export default class ${plan.id}Tool extends MCPTool<${plan.id}Input>`).block(() => {
        w.writeLine(`name = "${plan.toolName}";`);
        w.writeLine(`description = "${description(plan)}";`);
        w.writeLine("schema = {").indent(() => {
          w.writeLine(`root: { type: z.string(), description: "Directory the ${plan.domain} command runs in" },`);
          w.writeLine(`limit: { type: z.number().optional(), description: "Maximum ${plan.noun}s to list" },`);
          w.writeLine(`${plan.field}: { type: z.string().optional(), description: "Only ${plan.noun}s with this ${plan.field}" },`);
        });
        w.writeLine("};");
        w.blankLine();
        w.write(`async execute(input: ${plan.id}Input)`).block(() => {
          w.writeLine("const signal = AbortSignal.timeout(LIMITS.timeoutMs);");
          writeHandlerBody(w, plan, "input", false);
        });
      });
      return;
    case "requestHandler":
      w.write(`export function register${plan.id}Handlers(server: Server): void`).block(() => {
        w.write("server.setRequestHandler(ListToolsRequestSchema, async () => (").inlineBlock(() => {
          w.writeLine("tools: [").indent(() => {
            w.writeLine(
              `{ name: "${plan.toolName}", description: "${description(plan)}", inputSchema: { type: "object" as const, properties: {} } },`,
            );
            w.writeLine(
              `{ name: "${plan.toolName}_count", description: "Count ${plan.noun}s.", inputSchema: { type: "object" as const, properties: {} } },`,
            );
          });
          w.writeLine("],");
        });
        w.writeLine("));");
        w.blankLine();
        w.write("server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>").inlineBlock(() => {
          w.writeLine("const signal = extra.signal;");
          w.writeLine("const args: Record<string, unknown> = request.params.arguments ?? {};");
          w.write("switch (request.params.name)").block(() => {
            w.write(`case "${plan.toolName}":`).block(() => {
              writeHandlerBody(w, plan, "args", false);
            });
            w.write(`case "${plan.toolName}_count":`).block(() => {
              w.write("try").inlineBlock(() => {
                w.writeLine(`const files = await collect${pascal(plan.noun)}Files0(requireString(args, "root"), 3);`);
                w.writeLine(`return success(\`\${String(files.length)} ${plan.noun} file(s)\`);`);
              });
              writeCatch(w, { ...plan, violation: undefined }, false);
            });
            w.write("default:").indent(() => {
              // The unknown-tool branch is a protocol error by the spec: legitimate here.
              w.writeLine("throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);");
            });
          });
        });
        w.writeLine(");");
      });
      return;
  }
}

function writeImports(w: CodeBlockWriter, plan: ToolPlan): void {
  w.writeLine(`import { execFile } from "node:child_process";`);
  w.writeLine(`import { readdir, readFile } from "node:fs/promises";`);
  w.writeLine(`import path from "node:path";`);
  if (plan.shape !== "factory" && plan.shape !== "requestHandler") w.writeLine(`import { z } from "zod";`);
  switch (plan.shape) {
    case "registerTool":
    case "serverTool":
      w.writeLine(`import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`);
      break;
    case "requestHandler":
      w.writeLine(`import type { Server } from "@modelcontextprotocol/sdk/server/index.js";`);
      w.writeLine(
        `import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";`,
      );
      break;
    case "fastmcp":
      w.writeLine(`import type { FastMCP } from "fastmcp";`);
      break;
    case "mcpFramework":
      w.writeLine(`import { MCPTool } from "mcp-framework";`);
      break;
    case "factory":
      break;
  }
  w.writeLine(`import { ${plan.violation === "protocolCode" ? "ErrorCodes, " : ""}ToolErrorCodes } from "../../errors.js";`);
  const resultType = plan.shape === "factory" ? ", type ToolResult" : "";
  w.writeLine(`import { error, optionalInt, optionalString, requireString, success, truncate${resultType} } from "../utils.js";`);
  w.blankLine();
}

function writeDeclarations(w: CodeBlockWriter, plan: ToolPlan): void {
  w.writeLine("const LIMITS = {").indent(() => {
    w.writeLine(`maxResults: ${String(plan.rng.pick([50, 100, 200, 500]))},`);
    w.writeLine(`maxBytes: ${String(plan.rng.pick([16_384, 65_536]))},`);
    w.writeLine(`timeoutMs: ${String(plan.rng.pick([5_000, 15_000, 30_000]))},`);
  });
  w.writeLine("} as const;");
  w.blankLine();
  w.write(`export interface ${pascal(plan.noun)}Record`).block(() => {
    w.writeLine("id: string;");
    w.writeLine("name: string;");
    w.writeLine("size: number;");
    w.writeLine("updatedAt: string;");
    w.writeLine(`${plan.field}: string;`);
    w.writeLine("tags: string[];");
  });
  w.blankLine();
  w.write("interface CommandResult").block(() => {
    w.writeLine("stdout: string;");
    w.writeLine("stderr: string;");
    w.writeLine("code: number;");
  });
  w.blankLine();
  if (plan.shape === "mcpFramework") {
    // A type alias, not an interface: it must be assignable to the helpers' Record<string, unknown>.
    w.write(`type ${plan.id}Input =`).block(() => {
      w.writeLine("root: string;");
      w.writeLine("limit?: number;");
      w.writeLine(`${plan.field}?: string;`);
    });
    w.blankLine();
  }
}

/** The source of tool file `index` of the corpus with this seed; `targetLines` overrides its length. */
export function generateToolFile(seed: number, index: number, targetLines?: number): ToolFile {
  const plan = planTool(seed, index);
  const wanted = targetLines ?? plan.targetLines;
  const head = newWriter();
  head.writeLine(`// ${description(plan)}`);
  writeImports(head, plan);
  writeDeclarations(head, plan);
  const tool = newWriter();
  writeTool(tool, plan);
  // The handler calls helpers 0-2 and 5 (parse, format, command, group); the rest pad to the length.
  const helpers = [0, 1, 2, 5].map((i) => HELPERS[i]?.(plan, 0) ?? "");
  if (plan.shape === "requestHandler") helpers.push(HELPERS[4]?.(plan, 0) ?? "");
  let used = lineCount(head.toString()) + lineCount(tool.toString()) + helpers.reduce((sum, h) => sum + lineCount(h) + 1, 0);
  for (let n = 1, last = -1; ; n++) {
    // Never the same kind twice in a row, so files do not look stamped out.
    let kind = plan.rng.int(0, HELPERS.length - 2);
    if (kind >= last) kind++;
    last = kind;
    const helper = (HELPERS[kind] ?? HELPERS[0])(plan, n);
    const cost = lineCount(helper) + 1;
    if (used + cost > wanted) break;
    helpers.push(helper);
    used += cost;
  }
  const text = `${head.toString()}${helpers.join("\n\n")}\n\n${tool.toString()}`;
  return {
    path: `src/tools/${plan.domain}/${plan.verb}-${plan.noun}-${String(index)}.ts`,
    shape: plan.shape,
    violation: plan.violation,
    text,
    lines: lineCount(text),
  };
}

const ERRORS_TS = `// Two tiers (ADR-0004): JSON-RPC protocol codes for the transport, tool codes for tool results.
export const ErrorCodes = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  RATE_LIMITED: -32000,
  SESSION_ERROR: -32001,
} as const;

export const ToolErrorCodes = {
  FILE_NOT_FOUND: "file_not_found",
  NOT_FOUND: "not_found",
  PERMISSION_DENIED: "permission_denied",
  COMMAND_FAILED: "command_failed",
  INVALID_INPUT: "invalid_input",
  EXTENSION_DISCONNECTED: "extension_disconnected",
} as const;

export type ToolErrorCode = (typeof ToolErrorCodes)[keyof typeof ToolErrorCodes];
`;

const UTILS_TS = `import type { ToolErrorCode } from "../errors.js";

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** Argument helpers throw on bad input; a handler calls them inside its try. */
export function requireString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== "string" || value.length === 0) {
    throw new Error(\`\${key} is required and must be a non-empty string\`);
  }
  return value;
}

export function optionalString(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new Error(\`\${key} must be a string\`);
  return value;
}

export function optionalInt(args: Record<string, unknown>, key: string): number | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) throw new Error(\`\${key} must be an integer\`);
  return value;
}

export function success(text: string): ToolResult {
  return { content: [{ type: "text", text }] };
}

/** The error result: its text is the message as given (callers prefix "Error: "). */
export function error(message: string, code?: ToolErrorCode | number): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true, ...(code === undefined ? {} : { structuredContent: { code } }) };
}

export function truncate(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  return \`\${Buffer.from(text).subarray(0, maxBytes).toString("utf8")}\\n… (truncated)\`;
}
`;

const TRANSPORT_TS = `import { ErrorCodes } from "./errors.js";
import type { ToolResult } from "./tools/utils.js";

export interface ToolSchema {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export type ToolHandler = (args: Record<string, unknown>, signal?: AbortSignal) => Promise<ToolResult>;

interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: number | string;
  method: string;
  params?: Record<string, unknown>;
}

type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: number | string | null; result: unknown }
  | { jsonrpc: "2.0"; id: number | string | null; error: { code: number; message: string } };

/** The transport layer: the one place protocol error codes belong (ADR-0004 tier 1). */
export class Transport {
  private readonly tools = new Map<string, { schema: ToolSchema; handler: ToolHandler }>();
  private readonly calls = new Map<string, number[]>();

  constructor(private readonly rateLimitPerMinute = 120) {}

  registerTool(schema: ToolSchema, handler: ToolHandler): void {
    this.tools.set(schema.name, { schema, handler });
  }

  async handleMessage(raw: string, session: string): Promise<JsonRpcResponse> {
    let request: JsonRpcRequest;
    try {
      request = JSON.parse(raw) as JsonRpcRequest;
    } catch {
      return this.fail(null, ErrorCodes.PARSE_ERROR, "Parse error");
    }
    if (this.rateLimited(session)) return this.fail(request.id, ErrorCodes.RATE_LIMITED, "Rate limit exceeded");
    switch (request.method) {
      case "tools/list":
        return { jsonrpc: "2.0", id: request.id, result: { tools: [...this.tools.values()].map((tool) => tool.schema) } };
      case "tools/call":
        return this.callTool(request);
      default:
        return this.fail(request.id, ErrorCodes.METHOD_NOT_FOUND, \`Method not found: \${request.method}\`);
    }
  }

  private async callTool(request: JsonRpcRequest): Promise<JsonRpcResponse> {
    const name = request.params?.name;
    const tool = typeof name === "string" ? this.tools.get(name) : undefined;
    if (!tool) return this.fail(request.id, ErrorCodes.INVALID_PARAMS, \`Unknown tool: \${String(name)}\`);
    try {
      const args = (request.params?.arguments ?? {}) as Record<string, unknown>;
      return { jsonrpc: "2.0", id: request.id, result: await tool.handler(args) };
    } catch (err) {
      // Safety net: a throwing handler still answers with isError content, and we log it.
      const message = err instanceof Error ? err.message : String(err);
      console.warn(\`tool \${tool.schema.name} threw: \${message}\`);
      return { jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: \`Error: \${message}\` }], isError: true } };
    }
  }

  private rateLimited(session: string): boolean {
    const now = Date.now();
    const recent = (this.calls.get(session) ?? []).filter((time) => now - time < 60_000);
    recent.push(now);
    this.calls.set(session, recent);
    return recent.length > this.rateLimitPerMinute;
  }

  private fail(id: number | string | null, code: number, message: string): JsonRpcResponse {
    return { jsonrpc: "2.0", id, error: { code, message } };
  }
}
`;

/** Declarations for the two frameworks that are not installed, so a type-checked run is possible. */
const FRAMEWORK_TYPES = `declare module "fastmcp" {
  import type { z } from "zod";
  export interface Context {
    log: { info(message: string, data?: Record<string, unknown>): void; warn(message: string): void };
  }
  export class FastMCP {
    constructor(options: { name: string; version: \`\${number}.\${number}.\${number}\` });
    addTool<T extends z.ZodType>(tool: {
      name: string;
      description?: string;
      parameters: T;
      execute: (args: z.infer<T>, context: Context) => Promise<unknown>;
    }): void;
  }
  export class UserError extends Error {}
}

declare module "mcp-framework" {
  export abstract class MCPTool<TInput = Record<string, unknown>> {
    abstract name: string;
    abstract description: string;
    protected abstract schema: Record<string, { type: unknown; description: string }>;
    protected abstract execute(input: TInput): Promise<unknown>;
  }
}
`;

const IMPORTED_NAME: Record<Shape, (plan: ToolPlan) => string> = {
  factory: (plan) => `create${plan.id}Tool`,
  registerTool: (plan) => `register${plan.id}`,
  serverTool: (plan) => `register${plan.id}`,
  requestHandler: (plan) => `register${plan.id}Handlers`,
  fastmcp: (plan) => `add${plan.id}`,
  mcpFramework: (plan) => `${plan.id}Tool`,
};

/** `src/tools/<domain>/index.ts`: registers every tool of the domain with its host. */
function domainIndex(plans: readonly ToolPlan[], files: readonly ToolFile[]): string {
  const w = newWriter();
  w.writeLine(`import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`);
  w.writeLine(`import type { Server } from "@modelcontextprotocol/sdk/server/index.js";`);
  w.writeLine(`import type { FastMCP } from "fastmcp";`);
  w.writeLine(`import type { Transport } from "../../transport.js";`);
  plans.forEach((plan, i) => {
    const name = IMPORTED_NAME[plan.shape](plan);
    const from = `./${path.posix.basename(files[i]?.path ?? "", ".ts")}.js`;
    w.writeLine(plan.shape === "mcpFramework" ? `import ${name} from "${from}";` : `import { ${name} } from "${from}";`);
  });
  w.blankLine();
  w.writeLine("export interface Hosts { transport: Transport; mcp: McpServer; lowLevel: Server; fast: FastMCP; workspace: string }");
  w.blankLine();
  w.writeLine("/** mcp-framework discovers its tool classes itself; they are listed for the loader's manifest. */");
  w.writeLine(
    `export const frameworkTools = [${plans
      .filter((p) => p.shape === "mcpFramework")
      .map((p) => IMPORTED_NAME.mcpFramework(p))
      .join(", ")}];`,
  );
  w.blankLine();
  w.write("export function registerAll(hosts: Hosts): void").block(() => {
    for (const plan of plans) {
      const name = IMPORTED_NAME[plan.shape](plan);
      switch (plan.shape) {
        case "factory":
          w.write("").block(() => {
            w.writeLine(`const tool = ${name}({ workspace: hosts.workspace });`);
            w.writeLine("hosts.transport.registerTool(tool.schema, tool.handler);");
          });
          break;
        case "registerTool":
        case "serverTool":
          w.writeLine(`${name}(hosts.mcp);`);
          break;
        case "requestHandler":
          w.writeLine(`${name}(hosts.lowLevel);`);
          break;
        case "fastmcp":
          w.writeLine(`${name}(hosts.fast);`);
          break;
        case "mcpFramework":
          break;
      }
    }
  });
  return w.toString();
}

function serverIndex(domains: readonly string[]): string {
  const w = newWriter();
  w.writeLine(`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`);
  w.writeLine(`import { Server } from "@modelcontextprotocol/sdk/server/index.js";`);
  w.writeLine(`import { FastMCP } from "fastmcp";`);
  w.writeLine(`import { Transport } from "./transport.js";`);
  for (const domain of domains) w.writeLine(`import { registerAll as register${pascal(domain)} } from "./tools/${domain}/index.js";`);
  w.blankLine();
  w.write("export function createServer(workspace: string)").block(() => {
    w.writeLine("const hosts = {").indent(() => {
      w.writeLine("transport: new Transport(),");
      w.writeLine(`mcp: new McpServer({ name: "bench-server", version: "1.0.0" }),`);
      w.writeLine(`lowLevel: new Server({ name: "bench-low-level", version: "1.0.0" }, { capabilities: { tools: {} } }),`);
      w.writeLine(`fast: new FastMCP({ name: "bench-fast", version: "1.0.0" }),`);
      w.writeLine("workspace,");
    });
    w.writeLine("};");
    for (const domain of domains) w.writeLine(`register${pascal(domain)}(hosts);`);
    w.writeLine("return hosts;");
  });
  return w.toString();
}

const CORPUS_TSCONFIG = {
  compilerOptions: {
    target: "ES2023",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ["src", "types"],
};

/** Writes the corpus of `size` tool files into `dir` (emptied first) and returns its manifest. */
export function generateCorpus(options: { dir: string; size: number; seed?: number }): CorpusManifest {
  const seed = options.seed ?? DEFAULT_SEED;
  rmSync(options.dir, { recursive: true, force: true });
  const write = (relative: string, text: string): void => {
    const file = path.join(options.dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  const byDomain = new Map<string, { plans: ToolPlan[]; files: ToolFile[] }>();
  const tools: CorpusManifest["tools"] = [];
  for (let index = 0; index < options.size; index++) {
    const file = generateToolFile(seed, index);
    write(file.path, file.text);
    tools.push({ path: file.path, shape: file.shape, violation: file.violation ?? null, lines: file.lines });
    const plan = planTool(seed, index);
    const group = byDomain.get(plan.domain) ?? { plans: [], files: [] };
    group.plans.push(plan);
    group.files.push(file);
    byDomain.set(plan.domain, group);
  }
  const otherFiles = ["src/errors.ts", "src/tools/utils.ts", "src/transport.ts", "src/index.ts", "types/frameworks.d.ts"];
  write("src/errors.ts", ERRORS_TS);
  write("src/tools/utils.ts", UTILS_TS);
  write("src/transport.ts", TRANSPORT_TS);
  write("types/frameworks.d.ts", FRAMEWORK_TYPES);
  const domains = [...byDomain.keys()].sort();
  for (const domain of domains) {
    const group = byDomain.get(domain);
    if (!group) continue;
    write(`src/tools/${domain}/index.ts`, domainIndex(group.plans, group.files));
    otherFiles.push(`src/tools/${domain}/index.ts`);
  }
  write("src/index.ts", serverIndex(domains));
  write("tsconfig.json", `${JSON.stringify(CORPUS_TSCONFIG, null, 2)}\n`);
  write("package.json", `${JSON.stringify({ name: "bench-mcp-server", private: true, type: "module" }, null, 2)}\n`);
  const manifest: CorpusManifest = { seed, size: options.size, generator: GENERATOR_VERSION, tools, otherFiles };
  write("manifest.json", `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

function main(): void {
  const { values } = parseArgs({
    options: { size: { type: "string", default: "200" }, seed: { type: "string" }, out: { type: "string" } },
  });
  const size = Number(values.size);
  if (!Number.isInteger(size) || size < 1) throw new Error(`--size must be a positive integer, got ${values.size}`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  const dir = path.resolve(values.out ?? path.join("bench", ".corpus", `n${String(size)}`));
  const manifest = generateCorpus({ dir, size, seed });
  const violations = manifest.tools.filter((tool) => tool.violation !== null).length;
  const lines = manifest.tools.reduce((sum, tool) => sum + tool.lines, 0);
  console.log(`${dir}: ${String(size)} tool files, ${String(lines)} lines, ${String(violations)} planted violations`);
}

const entry = process.argv.at(1);
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) main();
