import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "@typescript-eslint/typescript-estree";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { throwingHelperCases } from "./cases/throwing-helpers.js";

/*
 * The same-file analysis (`no-throw-in-tool-handler`, `throwingCall`) and the cross-file one
 * (`no-throwing-call-in-tool-handler`) must agree: every helper the first reports, moved to another
 * file, is reported by the second; under the type-checked preset each such call is reported exactly
 * once, whichever file the helper is in.
 */

const HELPERS_MODULE = "moved-helpers";

interface Layout {
  /** The handler file, with the helpers' lines blanked so every call keeps its line and column. */
  main: string;
  helpers: string;
}

/** Top-level declarations and the names they bind. */
function declaredNames(statement: TSESTree.ProgramStatement): string[] {
  const declaration = statement.type === AST_NODE_TYPES.ExportNamedDeclaration ? statement.declaration : statement;
  if (!declaration) return [];
  if (
    (declaration.type === AST_NODE_TYPES.FunctionDeclaration ||
      declaration.type === AST_NODE_TYPES.TSDeclareFunction ||
      declaration.type === AST_NODE_TYPES.ClassDeclaration) &&
    declaration.id
  )
    return [declaration.id.name];
  if (declaration.type === AST_NODE_TYPES.VariableDeclaration) {
    return declaration.declarations.flatMap((declarator) => (declarator.id.type === AST_NODE_TYPES.Identifier ? [declarator.id.name] : []));
  }
  return [];
}

/** Moves the named helpers, and the top-level functions they use, to a module of their own. */
function moveHelpers(code: string, names: readonly string[]): Layout {
  const program = parse(code, { range: true, loc: true });
  const declarations = program.body.filter((statement) => declaredNames(statement).length > 0);
  const moving = new Set<TSESTree.ProgramStatement>();
  const pending = [...names];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const statement of declarations) {
      if (moving.has(statement) || !declaredNames(statement).includes(name)) continue;
      moving.add(statement);
      const text = code.slice(...statement.range);
      for (const other of declarations) {
        if (!moving.has(other) && declaredNames(other).some((used) => new RegExp(`\\b${used}\\b`, "u").test(text)))
          pending.push(...declaredNames(other));
      }
    }
  }
  const imports = program.body
    .filter((statement) => statement.type === AST_NODE_TYPES.ImportDeclaration)
    .map((statement) => code.slice(...statement.range));
  const moved = [...moving].sort((a, b) => a.range[0] - b.range[0]);
  const exported = moved.map((statement) => {
    const text = code.slice(...statement.range);
    return statement.type === AST_NODE_TYPES.ExportNamedDeclaration ? text : `export ${text}`;
  });
  let main = code;
  for (const statement of [...moved].reverse()) {
    const text = code.slice(...statement.range);
    main = main.slice(0, statement.range[0]) + text.replace(/[^\n]/gu, "") + main.slice(statement.range[1]);
  }
  const bound = [...new Set(moved.flatMap(declaredNames))];
  // The cases start with a newline: the import takes the empty first line, so no line moves.
  const importLine = `import { ${bound.join(", ")} } from "./${HELPERS_MODULE}.js";`;
  main = main.startsWith("\n") ? `${importLine}${main}` : `${importLine}\n${main}`;
  return { main, helpers: [...imports, ...exported].join("\n") };
}

const root = mkdtempSync(path.join(tmpdir(), "mcp-tool-errors-parity-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

interface Report {
  ruleId: string;
  line: number;
  column: number;
}

/** Lints `files` (path -> text) as one typed project under the type-checked preset; reports for `target`. */
async function lintTyped(folder: string, files: Record<string, string>, target: string): Promise<Report[]> {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  const program = ts.createProgram(
    Object.keys(files).map((file) => path.join(folder, file)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      types: [],
    },
  );
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tsParser, parserOptions: { programs: [program] } } },
      plugin.configs["recommended-type-checked"],
      {
        rules: {
          "mcp-tool-errors/no-protocol-errors-in-tools": "off",
          "mcp-tool-errors/require-is-error": "off",
          "mcp-tool-errors/error-text-prefix": "off",
        },
      },
    ],
  });
  const results = await eslint.lintFiles([path.join(folder, target)]);
  return results.flatMap((result) => result.messages).map(({ ruleId, line, column }) => ({ ruleId: ruleId ?? "fatal", line, column }));
}

const cases = throwingHelperCases.map((testCase, index) => {
  const errors = (testCase.errors as readonly { messageId: string; line?: number; column?: number; data?: { name?: unknown } }[]).filter(
    (error) => error.messageId === "throwingCall",
  );
  return { name: testCase.name ?? String(index), index, code: testCase.code, filename: testCase.filename ?? "src/server.ts", errors };
});

describe("the same-file and the cross-file throw analyses agree", () => {
  it.each(cases)("$name", { timeout: 60_000 }, async ({ index, code, filename, errors }) => {
    const expected = errors.map((error) => `${String(error.line)}:${String(error.column)}`).sort();
    // A method called on an instance moves with the variable that holds the instance (`knowledgeGraph.addObservations`).
    const names = errors.map((error) => String(error.data?.name).split(".")[0] ?? "");

    // The helper in the handler's file: the same-file rule reports the call, the typed rule does not repeat it.
    const together = await lintTyped(path.join(root, `together-${String(index)}`), { [filename]: code }, filename);
    const calls = (reports: Report[], rule: string) =>
      reports
        .filter((report) => report.ruleId === `mcp-tool-errors/${rule}`)
        .map((report) => `${String(report.line)}:${String(report.column)}`);
    expect(
      calls(together, "no-throw-in-tool-handler")
        .filter((at) => expected.includes(at))
        .sort(),
    ).toEqual(expected);
    expect(calls(together, "no-throwing-call-in-tool-handler").filter((at) => expected.includes(at))).toEqual([]);

    // The helper moved to another file: the typed rule reports the same calls, once.
    const layout = moveHelpers(code, names);
    const helpersFile = path.posix.join(path.posix.dirname(filename), `${HELPERS_MODULE}.ts`);
    const apart = await lintTyped(
      path.join(root, `apart-${String(index)}`),
      { [filename]: layout.main, [helpersFile]: layout.helpers },
      filename,
    );
    expect(
      calls(apart, "no-throwing-call-in-tool-handler")
        .filter((at) => expected.includes(at))
        .sort(),
    ).toEqual(expected);
    expect(calls(apart, "no-throw-in-tool-handler").filter((at) => expected.includes(at))).toEqual([]);
  });
});
