import { channel } from "node:diagnostics_channel";
import type ts from "typescript";
import {
  callArgumentShape,
  classMemberShape,
  defaultExportShape,
  definitionObjectShape,
  type HandlerShape,
  isAgentLibrary,
  isConvertingWrapper,
  isHandlerProperty,
  SET_REQUEST_HANDLER,
} from "../handler-shapes.js";
import type { McpSettings } from "../settings.js";
import { calleeLastName, resolveFunctions } from "./resolve.js";
import { descendants, isProjectSourceFile, isTsFunction, projectSourceFiles, type TsFunction, unwrapTs } from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/** A tool handler of the program, found through the handler shapes on TypeScript nodes. */
export interface ProgramHandler extends HandlerShape {
  fn: TsFunction;
  /** The call that registers or defines it (`server.registerTool(...)`, `defineTool(...)`), if any. */
  call: ts.CallExpression | undefined;
  /** The object literal that defines it (`{ name, inputSchema, handler }`), if any. */
  definition: ts.ObjectLiteralExpression | undefined;
  /** The class whose method it is, if any. */
  classNode: ts.ClassLikeDeclaration | undefined;
  /** Reached through a wrapper named in `handlers.wrappers`. */
  guarded: boolean;
}

export interface ProgramHandlers {
  handlers: readonly ProgramHandler[];
  /** The handler a function of the program is, in any shape, registered in any file. */
  handlerOf(fn: ts.Node): ProgramHandler | undefined;
}

/** Published once per index built (per program, settings and folder), for profiling and tests. */
export const programHandlersChannel = channel("mcp-tool-errors:handler-index");

/** The text of a `setRequestHandler` selector: the last name of `types.CallToolRequestSchema`, or a string. */
function selectorOf(node: ts.Expression | undefined): { name?: string; literal?: string } {
  if (!node) return {};
  const selector = unwrapTs(node);
  if (typescript.isStringLiteralLike(selector)) return { literal: selector.text };
  return { name: calleeLastName(selector) };
}

/** The module an identifier's binding is imported from, if it is an import. */
function importSource(checker: ts.TypeChecker, expression: ts.Expression): string | undefined {
  let root = unwrapTs(expression);
  while (typescript.isPropertyAccessExpression(root)) root = unwrapTs(root.expression);
  if (!typescript.isIdentifier(root)) return undefined;
  for (const declaration of checker.getSymbolAtLocation(root)?.declarations ?? []) {
    let node: ts.Node = declaration;
    while (!typescript.isImportDeclaration(node) && !typescript.isSourceFile(node)) node = node.parent;
    if (typescript.isImportDeclaration(node) && typescript.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier.text;
  }
  return undefined;
}

function memberName(member: ts.ObjectLiteralElementLike | ts.ClassElement): string | undefined {
  const name = member.name;
  return name && (typescript.isIdentifier(name) || typescript.isStringLiteral(name)) ? name.text : undefined;
}

function findMember(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((member) => memberName(member) === name);
}

class Builder {
  readonly handlers: ProgramHandler[] = [];
  private readonly checker: ts.TypeChecker;

  constructor(
    private readonly program: ts.Program,
    private readonly settings: McpSettings,
    private readonly isToolFile: (file: ts.SourceFile) => boolean,
  ) {
    this.checker = program.getTypeChecker();
  }

  build(): void {
    for (const file of projectSourceFiles(this.program)) {
      const inToolFile = this.isToolFile(file);
      for (const node of descendants(file)) {
        if (typescript.isCallExpression(node)) this.visitCall(node);
        else if (typescript.isObjectLiteralExpression(node)) this.visitObject(node, inToolFile);
        else if (typescript.isClassLike(node)) this.visitClass(node);
        else if (inToolFile && (typescript.isExportAssignment(node) || typescript.isFunctionDeclaration(node))) this.visitDefaultExport(node);
      }
    }
  }

  /** `server.registerTool(name, config, cb)` (the last argument), `setRequestHandler(CallToolRequestSchema, cb)`. */
  private visitCall(call: ts.CallExpression): void {
    const callee = unwrapTs(call.expression);
    if (!typescript.isPropertyAccessExpression(callee)) return;
    const method = callee.name.text;
    const argumentIndex = method === SET_REQUEST_HANDLER ? 1 : call.arguments.length - 1;
    const argument = call.arguments.at(argumentIndex);
    if (!argument || argumentIndex < 0) return;
    const shape = callArgumentShape(this.settings, {
      method,
      argumentIndex,
      isLastFunctionArgument: true,
      selector: selectorOf(call.arguments.at(0)),
      fromAgentLibrary: false,
    });
    if (shape && shape !== "lookThrough") this.add(argument, shape, { call });
  }

  /** `{ name, inputSchema, handler }`, `defineTool({ ..., handle() {} })`, `server.addTool({ execute })`. */
  private visitObject(object: ts.ObjectLiteralExpression, inToolFile: boolean): void {
    const member = object.properties.find((candidate) => isHandlerProperty(this.settings, memberName(candidate)));
    if (!member) return;
    let child: ts.Node = object;
    while (typescript.isParenthesizedExpression(child.parent) || typescript.isAsExpression(child.parent) || typescript.isSatisfiesExpression(child.parent)) {
      child = child.parent;
    }
    const call = typescript.isCallExpression(child.parent) && child.parent.arguments.includes(child as ts.Expression) ? child.parent : undefined;
    const schema = findMember(object, "schema");
    const schemaValue = schema && typescript.isPropertyAssignment(schema) ? unwrapTs(schema.initializer) : undefined;
    const source = call && importSource(this.checker, call.expression);
    const shape = definitionObjectShape(this.settings, {
      definitionCall: call && calleeLastName(call.expression),
      fromAgentLibrary: source !== undefined && isAgentLibrary(source),
      inToolFile,
      hasInputSchema: findMember(object, "inputSchema") !== undefined,
      hasToolSchema:
        schemaValue !== undefined &&
        typescript.isObjectLiteralExpression(schemaValue) &&
        (findMember(schemaValue, "inputSchema") !== undefined || findMember(schemaValue, "name") !== undefined),
    });
    if (!shape) return;
    if (typescript.isMethodDeclaration(member)) this.addFunction(member, shape, { call, definition: object }, false);
    else if (typescript.isPropertyAssignment(member)) this.add(member.initializer, shape, { call, definition: object });
    else if (typescript.isShorthandPropertyAssignment(member)) this.add(member.name, shape, { call, definition: object });
  }

  /** `class X extends MCPTool { async execute() {} }`, also `extends sdk.MCPTool`. */
  private visitClass(classNode: ts.ClassLikeDeclaration): void {
    const extendsClause = classNode.heritageClauses?.find((clause) => clause.token === typescript.SyntaxKind.ExtendsKeyword);
    const base = extendsClause?.types.at(0)?.expression;
    if (!base) return;
    const baseName = calleeLastName(base);
    for (const member of classNode.members) {
      const shape = classMemberShape(this.settings, memberName(member), baseName);
      if (!shape) continue;
      if (typescript.isMethodDeclaration(member)) this.addFunction(member, shape, { classNode }, false);
      else if (typescript.isPropertyDeclaration(member) && member.initializer) this.add(member.initializer, shape, { classNode });
    }
  }

  /** `export default async function (...) {}`, `export default handler`, in a tool file. */
  private visitDefaultExport(node: ts.ExportAssignment | ts.FunctionDeclaration): void {
    const shape = defaultExportShape(true);
    if (!shape) return;
    if (typescript.isExportAssignment(node)) {
      if (!node.isExportEquals) this.add(node.expression, shape, {});
      return;
    }
    const flags = typescript.getCombinedModifierFlags(node);
    if (flags & typescript.ModifierFlags.Default && flags & typescript.ModifierFlags.Export) this.addFunction(node, shape, {}, false);
  }

  /** The functions an expression in a handler position evaluates to, wrappers and bindings followed. */
  private add(expression: ts.Expression, shape: HandlerShape, where: Partial<Pick<ProgramHandler, "call" | "classNode" | "definition">>): void {
    const resolution = resolveFunctions(this.checker, expression, {
      throughWrappers: true,
      isConvertingWrapper: (name) => isConvertingWrapper(this.settings, name),
    });
    for (const fn of resolution.functions) {
      if (isProjectSourceFile(this.program, fn.getSourceFile())) this.addFunction(fn, shape, where, resolution.guarded.has(fn));
    }
  }

  private addFunction(fn: ts.Node, shape: HandlerShape, where: Partial<Pick<ProgramHandler, "call" | "classNode" | "definition">>, guarded: boolean): void {
    if (!isTsFunction(fn)) return;
    this.handlers.push({ fn, ...shape, call: where.call, definition: where.definition, classNode: where.classNode, guarded });
  }
}

const cache = new WeakMap<ts.Program, WeakMap<McpSettings, Map<string, ProgramHandlers>>>();

/**
 * Every tool handler of the program, in every shape the rules recognise, registered in any file:
 * built once per program, settings object and folder (`toolFiles` globs are relative to it).
 */
export function getProgramHandlers(program: ts.Program, settings: McpSettings, cwd: string): ProgramHandlers {
  let bySettings = cache.get(program);
  if (!bySettings) {
    bySettings = new WeakMap();
    cache.set(program, bySettings);
  }
  let byFolder = bySettings.get(settings);
  if (!byFolder) {
    byFolder = new Map();
    bySettings.set(settings, byFolder);
  }
  let found = byFolder.get(cwd);
  if (!found) {
    const builder = new Builder(program, settings, (file) => settings.isToolFile(file.fileName, cwd));
    builder.build();
    const first = new Map<ts.Node, ProgramHandler>();
    for (const handler of builder.handlers) if (!first.has(handler.fn)) first.set(handler.fn, handler);
    found = { handlers: builder.handlers, handlerOf: (fn) => first.get(fn) };
    byFolder.set(cwd, found);
    if (programHandlersChannel.hasSubscribers) programHandlersChannel.publish({ program });
  }
  return found;
}
