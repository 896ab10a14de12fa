import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import {
  type BindingDeclaration,
  bindingReferences,
  type BindingReferences,
  type DeclarationKind,
  referencesFromScopes,
  referencesFromText,
  unreferencedInText,
  undeclaredInText,
} from "../../src/util/references.js";
import { runProbe } from "../model/probe.js";

interface Binding {
  declaration: BindingDeclaration;
  id: TSESTree.Identifier;
}

/** Every binding `bindingReferences` is asked about: function names, declarators' identifiers, imports. */
function bindingsListener(found: Binding[]): TSESLint.RuleListener {
  return {
    FunctionDeclaration(node) {
      if (node.id) found.push({ declaration: node, id: node.id });
    },
    VariableDeclarator(node) {
      if (node.id.type === AST_NODE_TYPES.Identifier) found.push({ declaration: node, id: node.id });
    },
    "ImportSpecifier, ImportDefaultSpecifier, ImportNamespaceSpecifier"(
      node: TSESTree.ImportSpecifier | TSESTree.ImportDefaultSpecifier | TSESTree.ImportNamespaceSpecifier,
    ) {
      found.push({ declaration: node, id: node.local });
    },
  };
}

/** The text's answer (undefined where it leaves the question to the scopes) and the scopes' answer, per binding. */
function answers(code: string, filename = "src/tools/probe.ts") {
  const rows: {
    name: string;
    text: ReturnType<typeof referencesFromText>;
    spelledOnce: ReturnType<typeof unreferencedInText>;
    scopes: ReturnType<typeof referencesFromScopes>;
  }[] = [];
  runProbe(
    code,
    (context) => {
      const found: Binding[] = [];
      const { sourceCode } = context;
      return {
        ...bindingsListener(found),
        "Program:exit"() {
          for (const { declaration, id } of found) {
            rows.push({
              name: id.name,
              text: referencesFromText(declaration, id, sourceCode),
              spelledOnce: unreferencedInText(id, sourceCode),
              scopes: referencesFromScopes(declaration, id, sourceCode),
            });
          }
        },
      };
    },
    { filename },
  );
  return rows;
}

/** The one binding named `name`: whether the text decides it, and the lines of its reads. */
function answerFor(code: string, name: string) {
  const row = answers(code).find((candidate) => candidate.name === name);
  if (!row) throw new Error(`no binding ${name}`);
  const lines = (reads: readonly TSESTree.Identifier[]) => reads.map((read) => read.loc.start.line);
  return { decided: row.text !== undefined, text: row.text && lines(row.text.reads), scopes: lines(row.scopes.reads) };
}

/** The TypeScript files of this repository the parity tests read: the plugin's source, the examples, the fixtures. */
function repositoryFiles(): { root: string; files: string[] } {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const files = ["src", "examples", "tests/fixtures"].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.includes("node_modules"))
      .map((file) => path.join(folder, file)),
  );
  return { root, files };
}

describe("references read from the text", () => {
  it("finds calls, arguments, shorthand properties and exports of a module-level helper", () => {
    const code = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      "async function searchIssues(args: { query: string }) {",
      '  return { content: [{ type: "text" as const, text: args.query }] };',
      "}",
      "export function register(server: McpServer) {",
      '  server.tool("search_issues", {}, searchIssues);',
      "  const tools = { searchIssues };",
      '  // searchIssues in a comment, "searchIssues" in a string, `searchIssues` in a template',
      "  return { tools, run: () => searchIssues({ query: 'x' }) };",
      "}",
      "export { searchIssues };",
    ].join("\n");
    expect(answerFor(code, "searchIssues")).toEqual({ decided: true, text: [6, 7, 9, 11], scopes: [6, 7, 9, 11] });
  });

  it("skips property keys, member properties and labels that share the name", () => {
    const code = [
      "const listFiles = async () => ({ content: [] });",
      "const registry = { listFiles: 1 };",
      "registry.listFiles = 2;",
      "listFiles: for (;;) { break listFiles; }",
      "export default listFiles;",
    ].join("\n");
    expect(answerFor(code, "listFiles")).toEqual({ decided: true, text: [5], scopes: [5] });
  });

  it("leaves another binding of the name, a write or a type position to the scopes", () => {
    const shadowed = ["function readNote(id: string) { return id; }", "export const handler = (readNote: string) => readNote;"].join("\n");
    expect(answerFor(shadowed, "readNote")).toMatchObject({ decided: false, scopes: [] });
    const written = ["let fetchPage = async () => 1;", "fetchPage = async () => 2;", "export { fetchPage };"].join("\n");
    expect(answerFor(written, "fetchPage")).toMatchObject({ decided: false });
    const typed = ["function runQuery() { return 1; }", "export type Run = typeof runQuery;"].join("\n");
    expect(answerFor(typed, "runQuery")).toMatchObject({ decided: false, scopes: [2] });
  });

  it("counts only occurrences inside the declaring block", () => {
    const code = ["export function register() {", "  const notify = () => 1;", "  notify();", "}", "notify();"].join("\n");
    expect(answerFor(code, "notify")).toEqual({ decided: true, text: [3], scopes: [3] });
  });

  it("does not read a re-export from another module as a reference", () => {
    const code = ["function toolError() { return 1; }", 'export { toolError as fail } from "./errors.js";', "toolError();"].join("\n");
    expect(answerFor(code, "toolError")).toEqual({ decided: true, text: [3], scopes: [3] });
  });

  it("leaves escaped names and non-ASCII neighbours to the scopes", () => {
    expect(answerFor(["function callTool() {}", "export const a = call\\u0054ool;"].join("\n"), "callTool")).toMatchObject({
      decided: false,
      scopes: [2],
    });
    expect(answerFor(["function callTool() {}", "export const a = callToolé;"].join("\n"), "callTool")).toMatchObject({ decided: false });
  });

  it("agrees with the scopes on every binding it decides in this repository's TypeScript", () => {
    const { root, files } = repositoryFiles();
    const decided = { server: 0, other: 0 };
    const total = { server: 0, other: 0 };
    for (const file of files) {
      const kind = file.startsWith("src") ? "other" : "server";
      for (const { name, text, scopes } of answers(readFileSync(path.join(root, file), "utf8"), file)) {
        total[kind]++;
        if (!text) continue;
        decided[kind]++;
        expect({ file, name, reads: text.reads, reassigned: text.reassigned }).toEqual({
          file,
          name,
          reads: scopes.reads,
          reassigned: scopes.reassigned,
        });
        for (const [index, read] of text.reads.entries()) expect(read).toBe(scopes.reads[index]);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(decided.other).toBeGreaterThan(500);
    // Most bindings of server code are decided from the text: what lets oxlint skip scope analysis.
    expect(decided.server / total.server).toBeGreaterThan(0.8);
  });

  it("decides a name spelled only at its binding has no references, and leaves any other spelling to the scopes", () => {
    const rows = answers(`
import { readFile } from "node:fs/promises";
// requirePath is documented here, so the text does not decide it.
export function requirePath(args: { path?: string }): string {
  return args.path ?? ".";
}
export function unusedHelper(value: string): string {
  return value.trim();
}
export function unusedHelperTwo(value: string): string {
  return value;
}
export const readNote = async (args: { path?: string }) => readFile(requirePath(args), "utf8");
`);
    const decided = Object.fromEntries(rows.map((row) => [row.name, row.spelledOnce]));
    expect(decided).toEqual({
      readFile: undefined,
      requirePath: undefined,
      // A longer name that starts with it is another spelling: left to the scopes.
      unusedHelper: undefined,
      unusedHelperTwo: { reads: [], reassigned: false },
      readNote: { reads: [], reassigned: false },
    });
  });

  it("decides no name the scopes give a reference to, in this repository's TypeScript", () => {
    const { root, files } = repositoryFiles();
    let decided = 0;
    for (const file of files) {
      for (const { name, spelledOnce, scopes } of answers(readFileSync(path.join(root, file), "utf8"), file)) {
        if (!spelledOnce) continue;
        decided++;
        expect({ file, name, reads: scopes.reads, reassigned: scopes.reassigned }).toEqual({ file, name, ...spelledOnce });
      }
    }
    expect(decided).toBeGreaterThan(50);
  });

  it("tells a name declared by no import, variable, function or catch parameter, as the scopes do", () => {
    const code = [
      'import { McpError as ProtocolFailure } from "@modelcontextprotocol/sdk/types.js";',
      "function runTool() {}",
      "const { limit, ...rest } = { limit: 1 };",
      "try { runTool(); } catch ({ message }) { console.error(message, rest, limit, ProtocolFailure); }",
    ].join("\n");
    const seen: Record<string, DeclarationKind[]> = {};
    runProbe(code, (context) => ({
      "Program:exit"() {
        for (const name of ["ProtocolFailure", "McpError", "runTool", "limit", "rest", "message", "console"]) {
          seen[name] = (["import", "variable", "function", "catch"] as const).filter(
            (kind) => !undeclaredInText(name, [kind], context.sourceCode),
          );
        }
      },
    }));
    expect(seen).toEqual({
      ProtocolFailure: ["import"],
      McpError: [],
      runTool: ["function"],
      limit: ["variable"],
      rest: ["variable"],
      message: ["catch"],
      console: [],
    });
  });

  it("never calls a name undeclared that the scopes resolve to such a declaration, in this repository's TypeScript", () => {
    const kindOf: Partial<Record<string, DeclarationKind>> = {
      [TSESLint.Scope.DefinitionType.ImportBinding]: "import",
      [TSESLint.Scope.DefinitionType.Variable]: "variable",
      [TSESLint.Scope.DefinitionType.FunctionName]: "function",
      [TSESLint.Scope.DefinitionType.CatchClause]: "catch",
    };
    const { root, files } = repositoryFiles();
    let checked = 0;
    for (const file of files) {
      runProbe(
        readFileSync(path.join(root, file), "utf8"),
        (context) => {
          const identifiers: TSESTree.Identifier[] = [];
          return {
            Identifier(node) {
              identifiers.push(node);
            },
            "Program:exit"() {
              const { sourceCode } = context;
              for (const identifier of identifiers) {
                const definition = ASTUtils.findVariable(sourceCode.getScope(identifier), identifier)?.defs.at(0);
                const kind = definition && kindOf[definition.type];
                if (!kind) continue;
                checked++;
                expect({ file, name: identifier.name, undeclared: undeclaredInText(identifier.name, [kind], sourceCode) }).toEqual({
                  file,
                  name: identifier.name,
                  undeclared: false,
                });
              }
            },
          };
        },
        { filename: file },
      );
    }
    expect(checked).toBeGreaterThan(5_000);
  });
});

describe("bindingReferences", () => {
  const helper = `
import { readFile } from "node:fs/promises";

export function requirePath(args: { path?: string }): string {
  if (!args.path) throw new Error("path is required");
  return args.path;
}

export async function readNote(args: { path?: string }) {
  return { content: [{ type: "text", text: await readFile(requirePath(args), "utf8") }] };
}
`;

  /** `requirePath`'s references, asked twice in one file, as the handler model and the throw collector do. */
  function readTwice(): [BindingReferences, BindingReferences] {
    const read: BindingReferences[] = [];
    runProbe(helper, (context) => ({
      "FunctionDeclaration[id.name='requirePath']"(node: TSESTree.FunctionDeclaration) {
        if (!node.id) return;
        read.push(bindingReferences(node, node.id, context.sourceCode), bindingReferences(node, node.id, context.sourceCode));
      },
    }));
    const first = read.at(0);
    const second = read.at(1);
    if (!first || !second) throw new Error("requirePath was not found");
    return [first, second];
  }

  it("reads a binding's references once per file, and a file linted again anew", () => {
    const [first, second] = readTwice();
    expect(first.reads.map((identifier) => identifier.loc.start.line)).toEqual([10]);
    expect(second).toBe(first);
    const [again] = readTwice();
    expect(again).not.toBe(first);
    expect(again.reads.map((identifier) => identifier.loc.start.line)).toEqual([10]);
  });
});
