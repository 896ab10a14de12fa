import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../../src/", import.meta.url));

/** Every module of src/ (relative, with `/`) and the src/ modules it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(src, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    const targets: string[] = [];
    const visit = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? node.moduleSpecifier.text
          : ts.isCallExpression(node) &&
              node.expression.kind === ts.SyntaxKind.ImportKeyword &&
              node.arguments.length > 0 &&
              ts.isStringLiteral(node.arguments[0])
            ? node.arguments[0].text
            : undefined;
      if (specifier?.startsWith(".")) {
        targets.push(
          path.posix.normalize(path.posix.join(path.posix.dirname(file.split(path.sep).join("/")), specifier)).replace(/\.js$/u, ".ts"),
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(file.split(path.sep).join("/"), targets);
  }
  return graph;
}

/** The import cycles of the graph, each as the list of modules on it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "active" | "done">();
  const stack: string[] = [];
  const visit = (module: string): void => {
    state.set(module, "active");
    stack.push(module);
    for (const target of graph.get(module) ?? []) {
      if (state.get(target) === "active") found.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(module, "done");
  };
  for (const module of graph.keys()) if (!state.has(module)) visit(module);
  return found;
}

describe("the source layout", () => {
  const graph = importGraph();

  it("has no import cycles, type-only imports included", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps layers apart: util/ knows no MCP, fix/ and model/ know no rules, rules do not import each other", () => {
    const violations: string[] = [];
    for (const [module, targets] of graph) {
      for (const target of targets) {
        const layer = module.split("/")[0];
        const targetLayer = target.split("/")[0];
        const wrong =
          (layer === "util" && targetLayer !== "util") ||
          ((layer === "fix" || layer === "model") && (targetLayer === "rules" || targetLayer === "configs" || targetLayer === "cli")) ||
          (layer === "rules" && targetLayer === "rules" && !module.endsWith("rules/index.ts"));
        if (wrong) violations.push(`${module} -> ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
