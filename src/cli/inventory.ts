import path from "node:path";
import { Node, type Project, SyntaxKind, ts as morphTs } from "ts-morph";
import ts from "typescript";
import { DEFAULT_SETTINGS } from "../model/settings.js";
import { getHandlerIndex, type Registration } from "../model/typescript/handler-index.js";
import { resolvedSymbol, type TsFunction, unwrapTs } from "../model/typescript/ts-nodes.js";

/** One tool of the project: its name, where its handler is, and how it is registered. */
export interface Tool {
  name: string;
  /** Path relative to the project folder, with `/`. */
  file: string;
  line: number;
  endLine: number;
  /** `registerTool (src/server.ts:12)`, `addTool (...)`, `extends MCPTool`, `tools/call case`. */
  registration: string;
}

/** Steps per name lookup: a schema is rarely more than a couple of aliases away. */
const NAME_BUDGET = 16;

const { handlers } = DEFAULT_SETTINGS;

/** The compiler program of a ts-morph project, checked to be of the TypeScript the plugin runs on. */
export function projectProgram(project: Project): ts.Program {
  // The plugin's analyses use the `typescript` package; ts-morph bundles its own copy of the compiler.
  if (majorMinor(morphTs.version) !== majorMinor(ts.version)) {
    throw new Error(`ts-morph bundles TypeScript ${morphTs.version}, the plugin uses ${ts.version}: versions must match`);
  }
  return tsProgram(project.getProgram().compilerObject);
}

/**
 * Every tool handler of the project: registrations anywhere (`server.registerTool(...)`,
 * `transport.registerTool(tool.schema, tool.handler)`, `server.tool(...)`, `setRequestHandler`
 * dispatchers, one entry per `case`), definition calls (`server.addTool({ name, execute })`,
 * `defineTool(...)`) and classes extending a tool base class (`MCPTool`).
 */
export function listTools(project: Project, program: ts.Program, root: string): Tool[] {
  const checker = program.getTypeChecker();
  const tools = new Map<string, Tool>();
  const add = (fn: ts.Node, name: string, registration: string): void => {
    const tool = { name, ...span(fn, root), registration };
    const key = `${tool.file}:${String(tool.line)}:${name}`;
    if (!tools.has(key)) tools.set(key, tool);
  };
  for (const registration of getHandlerIndex(program, handlers.registrationMethods).registrations) {
    const how = `${registration.method} (${location(registration.call, root)})`;
    for (const fn of registration.functions) {
      if (registration.kind === "requestHandler") {
        const cases = dispatcherCases(fn);
        if (cases.length === 0) add(fn, "tools/call", how);
        for (const clause of cases) add(clause, (clause.expression).text, `${how}, case`);
      } else {
        add(fn, registeredName(checker, registration, fn) ?? "(unnamed)", how);
      }
    }
  }
  for (const file of project.getSourceFiles()) {
    if (file.isDeclarationFile() || file.isInNodeModules()) continue;
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      const method = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
      if (!(handlers.definitionFunctions as readonly string[]).includes(method)) continue;
      const definition = call.getArguments().at(0);
      if (!definition || !Node.isObjectLiteralExpression(definition)) continue;
      const object = tsNode(definition.compilerNode) as ts.ObjectLiteralExpression;
      const fn = handlerProperty(object);
      if (fn) add(fn, nameOf(checker, object) ?? "(unnamed)", `${method} (${location(tsNode(call.compilerNode), root)})`);
    }
    for (const declaration of file.getClasses()) {
      const base = declaration.getExtends()?.getExpression().getText();
      if (!base || !(handlers.baseClasses as readonly string[]).includes(base)) continue;
      for (const property of handlers.properties) {
        const method = declaration.getMethod(property);
        if (!method) continue;
        const name = declaration.getProperty("name")?.getInitializer();
        const text = name && Node.isStringLiteral(name) ? name.getLiteralValue() : (declaration.getName() ?? "(unnamed)");
        add(tsNode(method.compilerNode), text, `extends ${base}`);
      }
    }
  }
  return [...tools.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

const majorMinor = (version: string): string => version.split(".").slice(0, 2).join(".");

// ts-morph's compiler objects, typed with the `typescript` package's declarations (same version, checked in `listTools`).
const tsProgram = (program: object): ts.Program => program as ts.Program;
const tsNode = (node: object): ts.Node => node as ts.Node;

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

/** The handler of a definition object: its `handler`/`handle`/`execute` property. */
function handlerProperty(object: ts.ObjectLiteralExpression): ts.Node | undefined {
  for (const member of object.properties) {
    if (!member.name || !ts.isIdentifier(member.name) || !(handlers.properties as readonly string[]).includes(member.name.text)) continue;
    if (ts.isMethodDeclaration(member)) return member;
    if (ts.isPropertyAssignment(member)) return member.initializer;
  }
  return undefined;
}

/** The tool names of a low-level dispatcher: the string `case` labels of its `switch`es. */
function dispatcherCases(fn: TsFunction): (ts.CaseClause & { expression: ts.StringLiteralLike })[] {
  const found: (ts.CaseClause & { expression: ts.StringLiteralLike })[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCaseClause(node) && ts.isStringLiteralLike(node.expression)) found.push(node as ts.CaseClause & { expression: ts.StringLiteralLike });
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

/**
 * A registration's tool name: the first argument when it is a string, else the `name` (or
 * `schema.name`) of the object the handler is defined in, else of the first argument.
 */
function registeredName(checker: ts.TypeChecker, registration: Registration, fn: TsFunction): string | undefined {
  const first = registration.call.arguments.at(0);
  const literal = first && unwrapTs(first);
  if (literal && ts.isStringLiteralLike(literal)) return literal.text;
  const holder = ts.isObjectLiteralExpression(fn.parent) ? fn.parent : fn.parent.parent;
  return (ts.isObjectLiteralExpression(holder) ? nameOf(checker, holder) : undefined) ?? (first && nameOf(checker, first));
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
