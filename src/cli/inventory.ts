import path from "node:path";
import ts from "typescript";
import type { McpSettings } from "../model/settings.js";
import { getProgramHandlers, type ProgramHandler } from "../model/typescript/program-handlers.js";
import { calleeLastName } from "../model/typescript/resolve.js";
import { resolvedSymbol, type TsFunction, unwrapTs } from "../model/typescript/ts-nodes.js";

/** One tool of the project: its name, where its handler is, and how it is registered. */
export interface Tool {
  name: string;
  /** Path relative to the project folder, with `/`. */
  file: string;
  line: number;
  endLine: number;
  /** `registerTool (src/server.ts:12)`, `addTool (...)`, `extends MCPTool`, `setRequestHandler (...), case`. */
  registration: string;
}

/** Steps per name lookup: a schema is rarely more than a couple of aliases away. */
const NAME_BUDGET = 16;

/**
 * Every tool of the project, from the handler model (`getProgramHandlers`): every shape the rules
 * recognise, registered in any file; a low-level dispatcher gives one tool per `case` of its `switch`.
 */
export function listTools(program: ts.Program, settings: McpSettings, root: string): Tool[] {
  const checker = program.getTypeChecker();
  const index = getProgramHandlers(program, settings, root);
  // One handler per function: the shape `handlerOf` prefers (`HANDLER_KIND_ORDER`).
  const unique = new Set(index.handlers.map((handler) => index.handlerOf(handler.fn) ?? handler));
  const tools = new Map<string, Tool>();
  const add = (node: ts.Node, name: string, registration: string): void => {
    const tool = { name, ...span(node, root), registration };
    const key = `${tool.file}:${String(tool.line)}:${name}`;
    if (!tools.has(key)) tools.set(key, tool);
  };
  for (const handler of unique) {
    const how = registrationOf(handler, root);
    if (handler.kind === "requestHandler") {
      const cases = dispatcherCases(handler.fn);
      if (cases.length === 0) add(handler.fn, "tools/call", how);
      for (const clause of cases) add(clause, clause.expression.text, `${how}, case`);
    } else {
      add(handler.fn, toolName(checker, handler) ?? "(unnamed)", how);
    }
  }
  return [...tools.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function registrationOf(handler: ProgramHandler, root: string): string {
  if (handler.kind === "classMethod") return `extends ${handler.via ?? "?"}`;
  if (handler.kind === "decoratedMethod") return `@${handler.via ?? "?"}`;
  if (handler.kind === "defaultExport") return "default export of a tool file";
  if (handler.call) return `${handler.via ?? calleeText(handler.call)} (${location(handler.call, root)})`;
  return `tool definition (${location(handler.definition ?? handler.fn, root)})`;
}

function calleeText(call: ts.CallExpression): string {
  const callee = unwrapTs(call.expression);
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
}

function location(node: ts.Node, root: string): string {
  const { file, line } = span(node, root);
  return `${file}:${String(line)}`;
}

function span(node: ts.Node, root: string): Pick<Tool, "endLine" | "file" | "line"> {
  const source = node.getSourceFile();
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const endLine = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
  return { file: path.relative(root, source.fileName).split(path.sep).join("/"), line, endLine };
}

/** The tool names of a low-level dispatcher: the string `case` labels of its `switch`es. */
function dispatcherCases(fn: TsFunction): (ts.CaseClause & { expression: ts.StringLiteralLike })[] {
  const found: (ts.CaseClause & { expression: ts.StringLiteralLike })[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCaseClause(node) && ts.isStringLiteralLike(node.expression))
      found.push(node as ts.CaseClause & { expression: ts.StringLiteralLike });
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

/**
 * A tool's name: a registration's first argument when it is a string; the `name` (or
 * `schema.name`) of the definition object, of the object the handler is defined in, or of the
 * registration's first argument; a tool class's `name` field or its class name; a tool file's name.
 */
function toolName(checker: ts.TypeChecker, handler: ProgramHandler): string | undefined {
  const { fn, call, definition, classNode } = handler;
  if (handler.kind === "decoratedMethod") {
    // `@Tool({ name: "get-note", ... }) async getNote()`: the decorator's description names the tool.
    const member = ts.isMethodDeclaration(fn) ? fn : fn.parent;
    const decorator = (ts.canHaveDecorators(member) ? (ts.getDecorators(member) ?? []) : []).find(
      ({ expression }) => ts.isCallExpression(expression) && calleeLastName(expression.expression) === handler.via,
    );
    const description = decorator && ts.isCallExpression(decorator.expression) ? decorator.expression.arguments.at(0) : undefined;
    return description && nameOf(checker, description);
  }
  if (classNode) {
    const field = classNode.members.find((member) => ts.isPropertyDeclaration(member) && member.name.getText() === "name");
    const value = field && ts.isPropertyDeclaration(field) && field.initializer ? unwrapTs(field.initializer) : undefined;
    return value && ts.isStringLiteralLike(value) ? value.text : classNode.name?.text;
  }
  if (handler.kind === "defaultExport") return path.basename(fn.getSourceFile().fileName).replace(/\.[cm]?[jt]sx?$/u, "");
  if (handler.kind === "dispatchTable") {
    const key = tableKey(fn);
    if (key !== undefined) return key;
  }
  const first = call?.arguments.at(0);
  const literal = first && unwrapTs(first);
  if (literal && ts.isStringLiteralLike(literal)) return literal.text;
  const holder = ts.isObjectLiteralExpression(fn.parent) ? fn.parent : fn.parent.parent;
  const objects = [definition, ts.isObjectLiteralExpression(holder) ? holder : undefined, first];
  for (const object of objects) {
    const name = object && nameOf(checker, object);
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * The key a dispatch table holds a function under: `search: async () => ...`, `["search", fn]` of a
 * `Map`. A definition entry (`{ name: "search", handler }`) is named by its `name` instead.
 */
function tableKey(fn: TsFunction): string | undefined {
  const member = ts.isMethodDeclaration(fn) ? fn : ts.isPropertyAssignment(fn.parent) ? fn.parent : undefined;
  if (member) {
    const definesName =
      ts.isObjectLiteralExpression(member.parent) && member.parent.properties.some((property) => property.name?.getText() === "name");
    return !definesName && (ts.isIdentifier(member.name) || ts.isStringLiteralLike(member.name)) ? member.name.text : undefined;
  }
  const key = ts.isArrayLiteralExpression(fn.parent) ? fn.parent.elements.at(0) : undefined;
  return key && ts.isStringLiteralLike(key) ? key.text : undefined;
}

/** The static `name` (or `schema.name`) of an object, following `const` bindings and imports. */
function nameOf(checker: ts.TypeChecker, start: ts.Expression): string | undefined {
  const pending: ts.Expression[] = [start];
  for (let budget = NAME_BUDGET; budget > 0 && pending.length > 0; budget--) {
    const node = unwrapTs(pending.shift() as ts.Expression);
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isObjectLiteralExpression(node)) {
      for (const key of ["name", "schema"]) {
        const member = node.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === key);
        if (member && ts.isPropertyAssignment(member)) pending.push(member.initializer);
        else if (member && ts.isShorthandPropertyAssignment(member)) pending.push(member.name);
      }
      continue;
    }
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) continue;
    const symbol = resolvedSymbol(checker, ts.isIdentifier(node) ? node : node.name);
    for (const declaration of symbol?.declarations ?? []) {
      if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) && declaration.initializer) {
        pending.push(declaration.initializer);
      }
    }
  }
  return undefined;
}
