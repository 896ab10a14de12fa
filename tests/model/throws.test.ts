import { parseForESLint } from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { enclosingFunction } from "../../src/model/estree-tree.js";
import { ThrowCollector } from "../../src/model/throws.js";

interface Probe {
  /** Every same-file function that can throw, as `name:line`. */
  throwing: string[];
  /** Every call of a same-file function that can throw, as `callee@line`, sorted. */
  calls: string[];
  /** For each throw site, whether it escapes its nearest function, as `line:escapes`. */
  sites: string[];
}

/** Runs the collector in a probe rule over `code`, so traversal and scope analysis are ESLint's own. */
function analyse(code: string, allow: readonly string[] = []): Probe {
  const probe: Probe = { throwing: [], calls: [], sites: [] };
  const linter = new Linter({ configType: "flat" });
  const messages = linter.verify(
    code,
    {
      files: ["**/*.ts"],
      languageOptions: { parser: { parseForESLint } },
      plugins: {
        probe: {
          rules: {
            throws: {
              create(context) {
                const collector = new ThrowCollector(context.sourceCode as never, allow, () => false);
                return {
                  ...(collector.listeners as object),
                  "Program:exit"() {
                    probe.throwing = collector.throwingFunctions().map(({ name, line }) => `${name}:${String(line)}`);
                    probe.calls = collector
                      .throwingCalls()
                      .map(({ call, callee }) => `${callee.name}@${String(call.loc.start.line)}`)
                      .sort();
                    for (const site of collector.sites()) {
                      const fn = enclosingFunction(site);
                      probe.sites.push(`${String(site.loc.start.line)}:${String(fn !== undefined && collector.escapes(site, fn))}`);
                    }
                  },
                };
              },
            },
          },
        },
      },
      rules: { "probe/throws": "error" },
    },
    "src/tools/probe.ts",
  );
  const fatal = messages.find((message) => message.fatal === true);
  if (fatal) throw new Error(fatal.message);
  return probe;
}

describe("ThrowCollector: which same-file functions can throw", () => {
  it("finds an argument helper that throws, and a helper that catches its own throw", () => {
    const { throwing } = analyse(`
function requireString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== "string") throw new Error(\`\${key} is required\`);
  return value;
}
const parseLimit = (raw: unknown) => {
  try {
    if (typeof raw !== "number") throw new Error("limit must be a number");
    return raw;
  } catch {
    return 20;
  }
};`);
    expect(throwing).toEqual(["requireString:4"]);
  });

  it("follows a chain to the line of the deepest throw, the first in source order", () => {
    const { throwing, calls } = analyse(`
function requireString(args: Record<string, unknown>, key: string): string {
  if (typeof args[key] !== "string") throw new Error(\`\${key} is required\`);
  if (args[key] === "") throw new Error(\`\${key} is empty\`);
  return String(args[key]);
}
const parseLogArgs = (args: Record<string, unknown>) => ({ ref: requireString(args, "ref") });
function gitLogArgv(args: Record<string, unknown>) {
  return ["log", parseLogArgs(args).ref];
}
gitLogArgv({});`);
    expect(throwing).toEqual(["requireString:3", "parseLogArgs:3", "gitLogArgv:3"]);
    expect(calls).toEqual(["gitLogArgv@11", "parseLogArgs@9", "requireString@7"]);
  });

  it("prefers the shortest chain to a throw over an earlier, longer one", () => {
    const { throwing } = analyse(`
function deep() { throw new Error("deep"); }
function middle() { deep(); }
function run(flag: boolean) {
  if (flag) middle();
  throw new Error("own");
}`);
    expect(throwing).toEqual(["deep:2", "middle:2", "run:6"]);
  });

  it("is safe on recursion: a cycle that throws and a cycle that does not", () => {
    const { throwing } = analyse(`
function walk(depth: number): number { if (depth > 32) throw new Error("too deep"); return visit(depth + 1); }
function visit(depth: number): number { return walk(depth); }
function isEven(n: number): boolean { return n === 0 || isOdd(n - 1); }
function isOdd(n: number): boolean { return n !== 0 && isEven(n - 1); }`);
    expect(throwing).toEqual(["walk:2", "visit:2"]);
  });

  it("counts nested functions that run where written as part of the function around them, unless a try there surrounds them", () => {
    const { throwing } = analyse(`
function validateAll(paths: string[]) {
  paths.forEach((path) => { if (!path) throw new Error("empty path"); });
}
function outer() {
  function inner() { throw new Error("inner"); }
  return inner;
}
function guarded() {
  try {
    const check = () => { throw new Error("checked"); };
    check();
  } catch {
    return false;
  }
  return true;
}`);
    // \`outer\` returns \`inner\` without calling it: \`inner\` runs where its caller calls it, not in \`outer\`.
    expect(throwing).toEqual(["validateAll:3", "inner:6", "check:11"]);
  });

  it("reaches a function declared in another through the calls that use it, not through where it is written", () => {
    const { throwing, calls, sites } = analyse(`
async function runQuery(sql: string) {
  const recordOutcome = (failed: boolean) => { if (failed) throw new Error("metrics failed"); };
  try {
    recordOutcome(false);
    return await db.query(sql);
  } catch {
    return null;
  }
}
async function importRows(rows: string[]) {
  function checkRow(row: string) { if (!row) throw new Error("empty row"); }
  rows.forEach(checkRow);
}
function startSession() {
  const action = async () => { throw new Error("no browser"); };
  return { action, waitForNetwork: false };
}
function keepForLater(session: Session) {
  const onClose = () => { throw new Error("closed"); };
  session.onclose = onClose;
}`);
    expect(throwing).toEqual(["recordOutcome:3", "importRows:12", "checkRow:12", "action:16", "keepForLater:20", "onClose:20"]);
    expect(calls).toEqual(["checkRow@13", "recordOutcome@5"]);
    // Each throw escapes its own function; where it goes from there is decided at the calls.
    expect(sites).toEqual(["3:true", "12:true", "16:true", "20:true"]);
  });

  it("leaves out allowed error classes", () => {
    const { throwing, sites } = analyse(
      `
const requireUrl = (url?: string) => { if (!url) throw new UserError("url is required"); return url; };
const requirePort = (port?: number) => { if (!port) throw new errors.UserError("port is required"); return port; };
const fail = () => Promise.reject(new UserError("nope"));
const crash = () => { throw new Error("crash"); };`,
      ["UserError"],
    );
    expect(throwing).toEqual(["crash:5"]);
    expect(sites).toEqual(["5:true"]);
  });

  it("does not resolve a let that is assigned again, a method, or a shadowing local", () => {
    const { calls } = analyse(`
let validate = (input: string) => { throw new Error(input); };
validate = (input: string) => input;
validate("x");
function requireString(value: unknown) { if (typeof value !== "string") throw new Error("not a string"); return value; }
deps.requireString("x");
function run(requireString: (value: unknown) => string) { return requireString(1); }`);
    expect(calls).toEqual([]);
  });

  it("does not count an async helper's call whose rejection is handled with .catch()", () => {
    const { calls } = analyse(`
async function load(path: string) { if (!path) throw new Error("path is required"); return path; }
function loadSync(path: string) { if (!path) throw new Error("path is required"); return Promise.resolve(path); }
load("a").catch(() => null);
loadSync("b").catch(() => null);
load("c");`);
    expect(calls).toEqual(["load@6", "loadSync@5"]);
  });

  it("handles long call chains and long cycles without recursion", () => {
    const count = 3000;
    const chain = Array.from({ length: count }, (_, index) =>
      index === count - 1
        ? `function f${String(index)}() { throw new Error("end"); }`
        : `function f${String(index)}() { return f${String(index + 1)}(); }`,
    ).join("\n");
    const { throwing } = analyse(`${chain}\nfunction g0() { return g1(); }\nfunction g1() { return g0(); }`);
    expect(throwing).toHaveLength(count);
    expect(throwing[0]).toBe(`f0:${String(count)}`);
  });
});

describe("ThrowCollector: which throw sites escape", () => {
  it("a throw escapes unless caught; a rethrow in a catch clause escapes", () => {
    const { sites } = analyse(`
async function run() {
  try {
    throw new Error("caught");
  } catch (err) {
    throw err;
  }
}`);
    expect(sites).toEqual(["4:false", "6:true"]);
  });

  it("a returned rejection escapes even inside a try; an awaited one only where not caught", () => {
    const { sites } = analyse(`
async function run(url: string) {
  try {
    if (!url) return Promise.reject(new Error("url is required"));
    await Promise.reject(new Error("awaited"));
  } catch {
    return "";
  }
  await (url ? fetchText(url) : Promise.reject(new Error("no url")));
  const pending = Promise.reject(new Error("not returned"));
  return pending.catch(() => "");
}
const noop = () => Promise.reject(new Error("noop"));`);
    expect(sites).toEqual(["4:true", "5:false", "9:true", "13:true"]);
  });

  it("reads Promise.reject spelled with brackets, a template key or a type assertion, and not another reject", () => {
    const { sites } = analyse(`
async function fetchIssue(id: string) {
  if (!id) return Promise["reject"](new Error("id is required"));
  if (id.length > 64) return Promise[\`reject\`](new Error("id is too long"));
  if (id.includes("/")) return (Promise.reject as (reason: Error) => Promise<never>)(new Error("bad id"));
  return queue.reject(id);
}`);
    expect(sites).toEqual(["3:true", "4:true", "5:true"]);
  });
});

describe("ThrowCollector: calls of methods through this", () => {
  it("follows this.method() to an overloaded method's implementation", () => {
    const { throwing, calls } = analyse(`
class IssueTools {
  validate(id: string): string;
  validate(id: number): string;
  validate(id: string | number): string {
    if (id === "") throw new Error("id is required");
    return String(id);
  }
  run(id: string) {
    return this.validate(id);
  }
}`);
    expect(throwing).toEqual(["this.validate:6", "this.run:6"]);
    expect(calls).toEqual(["this.validate@10"]);
  });

  it("follows this.method() with the callee as it is, asserted or non-null, but not through an asserted this", () => {
    const { throwing, calls } = analyse(`
class IssueTools {
  validate(id: string): string {
    if (!id) throw new Error("id is required");
    return id;
  }
  run(id: string) {
    this.validate(id);
    (this.validate as (id: string) => string)(id);
    this.validate!(id);
    (this as IssueTools).validate(id);
  }
}`);
    expect(throwing).toEqual(["this.validate:4", "this.run:4"]);
    expect(calls).toEqual(["this.validate@10", "this.validate@8", "this.validate@9"]);
  });
});
