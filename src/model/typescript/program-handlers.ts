import { channel } from "node:diagnostics_channel";
import type ts from "typescript";
import {
  callArgumentShape,
  answersThrowWithMessage,
  classMemberShape,
  MAX_BASE_CLASS_DEPTH,
  decoratedMethodShape,
  defaultExportShape,
  TOOL_METADATA_EXPORTS,
  annotatedCallbackShape,
  definitionObjectShape,
  definesNoTool,
  aliasedMethod,
  importedRegistrationFunction,
  dispatchTableShape,
  etaExpansionHandsOn,
  type FileFacts,
  type GivenValue,
  HANDLER_KIND_ORDER,
  forwardsToFunction,
  type HandlerShape,
  isAgentLibrary,
  isAppToolRegistrationName,
  isGuardingDefinition,
  isGuardingLibraryDefinition,
  handlerObjectMemberShape,
  buildsTableIndex,
  isHandlerMember,
  isHandlerProperty,
  normalisesName,
  TABLE_INDEX_SETTER,
  isProjectClass,
  isRegistrarExport,
  isRegistrarParameter,
  isRegistrationCall,
  standsWhereMakerIsCalled,
  tableStandsWhereFactoryIsCalled,
  toolModuleExportShape,
  isServerCode,
  SET_REQUEST_HANDLER,
  isGuardedCall,
  MAX_SPREAD_FACTORIES,
  isWebMcpRegistry,
  givesWebMcpTools,
  hasInputSchemaProperty,
  isTableLoopMethod,
  isTableValuesCall,
  wrapperCatchesThrows,
} from "../handler-shapes.js";
import type { McpSettings } from "../settings.js";
import { isSdkProtocolErrorImport } from "../protocol-errors.js";
import { handedOnFactsTs, isErrorCallbackArgumentTs, symbolOfRead, wrapperCatchesTs } from "./converting-wrappers.js";
import { Importers } from "./importers.js";
import { calleeLastName, resolveFunctions, returnedValuesTs } from "./resolve.js";
import {
  containsTs,
  descendants,
  aliasedMethodNameTs,
  functionOfDeclaration,
  isConstDeclaration,
  isProjectSourceFile,
  isStatic,
  isTsFunction,
  outerTs,
  projectSourceFiles,
  resolvedSymbol,
  symbolNode,
  tryAround,
  type TsFunction,
  unwrapTs,
} from "./ts-nodes.js";
import { enclosingFunctionOf, returningFunction } from "../throw-semantics.js";
import { findMember, isErrorAnswerTs, memberName, returnsErrorResult } from "./tool-results.js";
import { tsTree } from "./ts-tree.js";
import { rendersUiTs } from "./ui-components.js";
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
/** Published once per file the index reads, with the file: what linting some files of a program costs. */
export const programHandlersFileChannel = channel("mcp-tool-errors:handler-index-file");

/** The text of a `setRequestHandler` selector: the last name of `types.CallToolRequestSchema`, or a string. */
function selectorOf(node: ts.Expression | undefined): { name?: string; literal?: string } {
  if (!node) return {};
  const selector = unwrapTs(node);
  if (typescript.isStringLiteralLike(selector)) return { literal: selector.text };
  return { name: calleeLastName(selector) };
}

/** Steps through `const` aliases of an import (`const t = tool as unknown as CreateTool`): aliases of aliases are rare. */
const ALIAS_DEPTH = 4;

/** The module an expression's root binding is imported from, through `const` aliases and casts. */
function importSource(checker: ts.TypeChecker, expression: ts.Expression, depth = 0): string | undefined {
  let root = unwrapTs(expression);
  while (typescript.isPropertyAccessExpression(root)) root = unwrapTs(root.expression);
  if (!typescript.isIdentifier(root) || depth >= ALIAS_DEPTH) return undefined;
  for (const declaration of checker.getSymbolAtLocation(root)?.declarations ?? []) {
    if (isConstDeclaration(declaration) && declaration.initializer) {
      return importSource(checker, declaration.initializer, depth + 1);
    }
    let node: ts.Node = declaration;
    while (!typescript.isImportDeclaration(node) && !typescript.isSourceFile(node)) node = node.parent;
    if (typescript.isImportDeclaration(node) && typescript.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier.text;
  }
  return undefined;
}

/** The handlers one file's registrations, definitions, tables, classes and default exports lead to, in any file. */
class Builder {
  private handlers: ProgramHandler[] = [];
  private readonly checker: ts.TypeChecker;
  /** Per file, whether it gives WebMCP's registry its tools (`givesWebMcpTools`). */
  private readonly webMcpFiles = new WeakMap<ts.SourceFile, boolean>();

  constructor(
    private readonly program: ts.Program,
    private readonly settings: McpSettings,
    private readonly isToolFile: (file: ts.SourceFile) => boolean,
  ) {
    this.checker = program.getTypeChecker();
  }

  visitFile(file: ts.SourceFile): ProgramHandler[] {
    this.handlers = [];
    const inToolFile = this.isToolFile(file);
    const facts: FileFacts & { imports: string[] } = {
      imports: [],
      registersTools: false,
      exportsToolMetadata: file.statements.some((statement) => exportedNamesTs(statement).some((name) => TOOL_METADATA_EXPORTS.has(name))),
      importsProtocolErrors: file.statements.some((statement) => this.importsProtocolError(statement)),
    };
    // Objects and default exports are decided once the walk has seen the file's imports, whether it registers tools
    // itself, and its loops.
    const objects: ts.ObjectLiteralExpression[] = [];
    const defaultExports: (ts.ExportAssignment | ts.FunctionDeclaration)[] = [];
    const loops: TableLoop[] = [];
    for (const node of descendants(file)) {
      const loop = tableLoopOf(node);
      if (loop) loops.push(loop);
      if (typescript.isCallExpression(node)) facts.registersTools = this.visitCall(node) || facts.registersTools;
      else if (typescript.isObjectLiteralExpression(node)) objects.push(node);
      else if (typescript.isClassLike(node)) this.visitClass(node);
      else if (typescript.isVariableDeclaration(node)) this.visitAnnotatedCallback(node);
      else if (typescript.isImportDeclaration(node) && typescript.isStringLiteral(node.moduleSpecifier))
        facts.imports.push(node.moduleSpecifier.text);
      else if (inToolFile && (typescript.isExportAssignment(node) || typescript.isFunctionDeclaration(node))) defaultExports.push(node);
    }
    for (const object of objects) this.visitObject(object, inToolFile, facts, loops);
    for (const node of defaultExports) this.visitDefaultExport(node, facts);
    if (inToolFile) this.visitToolModuleExports(file);
    return this.handlers;
  }

  /** The function a tool file exports under a handler property's name, beside an input schema (`toolModuleExportShape`). */
  private visitToolModuleExports(file: ts.SourceFile): void {
    const exported = new Set(file.statements.flatMap(exportedNamesTs));
    const shapeOf = (name: string): HandlerShape | undefined =>
      toolModuleExportShape(this.settings, { name, inToolFile: () => true, exports: (candidate) => exported.has(candidate) });
    for (const statement of file.statements) {
      // `export default function handler` is a default export's (`visitDefaultExport`).
      if (typescript.isFunctionDeclaration(statement) && statement.name) {
        const flags = typescript.getCombinedModifierFlags(statement);
        const shape =
          flags & typescript.ModifierFlags.Export && !(flags & typescript.ModifierFlags.Default) ? shapeOf(statement.name.text) : undefined;
        if (shape) this.addFunction(statement, shape, {}, false);
      } else if (
        typescript.isVariableStatement(statement) &&
        statement.declarationList.flags & typescript.NodeFlags.Const &&
        exportedNamesTs(statement).length > 0
      ) {
        for (const { name, initializer } of statement.declarationList.declarations) {
          const shape = typescript.isIdentifier(name) && initializer ? shapeOf(name.text) : undefined;
          if (shape && initializer) this.add(initializer, shape, {});
        }
      }
    }
  }

  /** `const getFlakyTests: ToolCallback<Args> = async (args) => ...` (`annotatedCallbackShape`). */
  private visitAnnotatedCallback(declaration: ts.VariableDeclaration): void {
    const { type, initializer } = declaration;
    if (!type || !initializer || !typescript.isTypeReferenceNode(type) || !typescript.isIdentifier(type.typeName)) return;
    if (!isConstDeclaration(declaration)) return;
    const typeName = type.typeName;
    const shape = annotatedCallbackShape(this.settings, {
      typeName: typeName.text,
      typeSource: () => importSource(this.checker, typeName),
    });
    if (shape) this.add(initializer, shape, {});
  }

  /**
   * `server.registerTool(name, config, cb)` (the last argument), `setRequestHandler(CallToolRequestSchema, cb)`
   * and the dispatch tables of that dispatcher. True when the call registers a tool (`isRegistrationCall`).
   */
  private visitCall(call: ts.CallExpression): boolean {
    const callee = unwrapTs(call.expression);
    const method = this.calledMethod(callee);
    // Only a method registers; a function call may be a definition function given the options, then the handler.
    if (method === undefined && !typescript.isIdentifier(callee)) return false;
    const argumentIndex = method === SET_REQUEST_HANDLER ? 1 : call.arguments.length - 1;
    const argument = call.arguments.at(argumentIndex);
    if (!argument || argumentIndex < 0) return false;
    const first = call.arguments.at(0);
    const configFirst = argumentIndex > 0 && first !== undefined && typescript.isObjectLiteralExpression(unwrapTs(first));
    const nameFirst = argumentIndex > 0 && first !== undefined && typescript.isStringLiteral(unwrapTs(first));
    if (method === undefined && !configFirst && !nameFirst && !isAppToolRegistrationName(calleeLastName(callee))) return false;
    const otherToolApi = this.isOtherToolApi(callee);
    const shape = callArgumentShape(this.settings, {
      method,
      argumentIndex,
      isLastFunctionArgument: true,
      selector: selectorOf(first),
      callee: () => calleeLastName(callee),
      configFirst,
      nameFirst,
      importSource: () => importSource(this.checker, callee),
      otherToolApi,
      projectReceiver: () => callsProjectMethodTs(this.checker, callee),
    });
    if (shape && shape !== "lookThrough") {
      // A project's own registration method is read like a wrapper (`this.registerTool(tool, cb)` that calls `cb` in a `try`).
      const guarded =
        shape.kind === "registration"
          ? wrapperCatchesTs(this.checker, call, argumentIndex, this.settings)
          : isGuardingDefinition(this.settings, shape.via) ||
            isGuardingLibraryDefinition(shape.via, () => importSource(this.checker, callee));
      const object = unwrapTs(argument);
      // A handler object in the callback's place: `registerToolTask(name, config, { createTask, ... })`, or a `const`
      // bound to one.
      const handlerObject = typescript.isIdentifier(object) ? constInitializer(this.checker, object) : object;
      const member =
        handlerObject && typescript.isObjectLiteralExpression(handlerObject)
          ? handlerObject.properties.find((candidate) => handlerObjectMemberShape(shape, memberName(candidate)))
          : undefined;
      if (member) this.addMember(member, shape, { call }, guarded);
      const dispatchers = this.add(argument, shape, { call }, guarded);
      if (shape.kind === "requestHandler") for (const dispatcher of dispatchers) this.visitDispatchTables(dispatcher, call);
    }
    return method !== undefined && isRegistrationCall(this.settings, { method, otherToolApi });
  }

  /** The functions of each table the dispatcher looks the requested tool up in and calls (`handlers[name](args)`). */
  private visitDispatchTables(dispatcher: TsFunction, call: ts.CallExpression): void {
    const name = new TsRequestedName(this.checker, dispatcher);
    for (const node of descendants(dispatcher)) {
      const table = name.lookupTable(node);
      const called = table && this.callOfLookup(node);
      const shape = dispatchTableShape({ inDispatcher: true, byRequestedName: table !== undefined, resultCalled: called !== undefined });
      if (!shape || !table || !called) continue;
      const guard = tryAround(called, dispatcher);
      const guarded = isGuardedCall({
        inTry: guard !== undefined,
        catchReturnsErrorResult:
          guard?.catchClause?.block.statements.some((statement) => returnsErrorResult(statement, this.settings, this.checker)) ?? false,
      });
      for (const value of this.tableValues(table)) this.add(value, shape, { call }, guarded);
    }
  }

  /**
   * The handler expressions of a table: values of a keyed object, of `new Map([...])` entries, or the handler properties
   * of definitions; of an index built from a table (`buildsTableIndex`), that table's.
   */
  private tableValues(table: ts.Expression, depth = 0): (ts.Expression | ts.MethodDeclaration)[] {
    const symbol = symbolNode(table);
    const declaration = symbol && resolvedSymbol(this.checker, symbol)?.valueDeclaration;
    const variable = declaration && typescript.isVariableDeclaration(declaration) ? declaration : undefined;
    const init = variable?.initializer && unwrapTs(variable.initializer);
    if (!variable || !init) return [];
    const indexed = depth < MAX_SPREAD_FACTORIES ? this.indexedTable(init, variable) : undefined;
    if (indexed) return this.tableValues(indexed, depth + 1);
    const entries: (ts.Expression | ts.MethodDeclaration)[] = [];
    if (typescript.isObjectLiteralExpression(init)) {
      entries.push(...this.objectEntries(init, 0));
    } else if (typescript.isArrayLiteralExpression(init)) {
      entries.push(...init.elements);
    } else if (typescript.isNewExpression(init) && calleeLastName(init.expression) === "Map") {
      const pairs = init.arguments?.[0] && unwrapTs(init.arguments[0]);
      if (pairs && typescript.isArrayLiteralExpression(pairs)) {
        for (const pair of pairs.elements) {
          const entry = unwrapTs(pair);
          if (typescript.isArrayLiteralExpression(entry) && entry.elements.length > 1) entries.push(entry.elements[1]);
        }
      }
    }
    // A definition object as an entry holds the handler in a handler property.
    return entries.flatMap((entry) => {
      const written = typescript.isMethodDeclaration(entry) ? entry : unwrapTs(entry);
      // A definition bound to a `const` of the file, listed by name (`[askTool]`).
      const value = typescript.isIdentifier(written) ? (constInitializer(this.checker, written) ?? written) : written;
      if (!typescript.isObjectLiteralExpression(value)) return [entry];
      const has = (name: string): boolean => findMember(value, name) !== undefined;
      return value.properties.flatMap((member): (ts.Expression | ts.MethodDeclaration)[] => {
        if (!isHandlerMember(this.settings, memberName(member), has)) return [];
        if (typescript.isPropertyAssignment(member)) return [member.initializer];
        if (typescript.isShorthandPropertyAssignment(member)) return [member.name];
        return typescript.isMethodDeclaration(member) ? [member] : [];
      });
    });
  }

  /**
   * The table an index is built from (`buildsTableIndex`), `init` initialising `declaration`: the one whose `map` callback
   * gives `new Map(...)` or `Object.fromEntries(...)` the pairs `[tool.name, tool]`, or, for an empty `new Map()`, the one
   * a loop of the file fills it from (`for (const tool of tools) byName.set(tool.name, tool)`). The ESTree adapter's
   * `tableIndex` reads the same shapes from the table's side.
   */
  private indexedTable(init: ts.Expression, declaration: ts.VariableDeclaration): ts.Expression | undefined {
    const constructed = typescript.isNewExpression(init);
    if (!constructed && !typescript.isCallExpression(init)) return undefined;
    if (!buildsTableIndex({ builder: calleeLastName(init.expression), constructed })) return undefined;
    const pairs = init.arguments?.[0] && unwrapTs(init.arguments[0]);
    if (pairs) {
      const callee = typescript.isCallExpression(pairs) ? unwrapTs(pairs.expression) : undefined;
      const callback = typescript.isCallExpression(pairs) ? pairs.arguments.at(0) : undefined;
      const fn = callback && unwrapTs(callback);
      if (!callee || !typescript.isPropertyAccessExpression(callee) || callee.name.text !== "map" || !fn || !isTsFunction(fn))
        return undefined;
      const entry = fn.parameters.at(0)?.name;
      const returnsEntry = returnedValuesTs(fn).some((value) => {
        const pair = unwrapTs(value);
        const second = typescript.isArrayLiteralExpression(pair) && pair.elements.length === 2 ? unwrapTs(pair.elements[1]) : undefined;
        return (
          second !== undefined &&
          entry !== undefined &&
          typescript.isIdentifier(entry) &&
          typescript.isIdentifier(second) &&
          second.text === entry.text
        );
      });
      return returnsEntry ? callee.expression : undefined;
    }
    const index = this.checker.getSymbolAtLocation(declaration.name);
    for (const node of descendants(declaration.getSourceFile())) {
      if (!typescript.isCallExpression(node) || node.arguments.length !== 2) continue;
      const callee = unwrapTs(node.expression);
      if (!typescript.isPropertyAccessExpression(callee) || callee.name.text !== TABLE_INDEX_SETTER) continue;
      if (this.checker.getSymbolAtLocation(unwrapTs(callee.expression)) !== index) continue;
      const value = unwrapTs(node.arguments[1]);
      for (let around: ts.Node = node.parent; !typescript.isSourceFile(around); around = around.parent) {
        const loop = tableLoopOf(around);
        if (loop && typescript.isIdentifier(loop.element) && typescript.isIdentifier(value) && loop.element.text === value.text)
          return loop.table;
      }
    }
    return undefined;
  }

  /**
   * The values of a keyed table's entries, also of the tables a spread factory call returns
   * (`{ ...createLogsToolHandlers(api) }`, the factory in any file; see `MAX_SPREAD_FACTORIES`).
   */
  private objectEntries(object: ts.ObjectLiteralExpression, depth: number): (ts.Expression | ts.MethodDeclaration)[] {
    return object.properties.flatMap((member): (ts.Expression | ts.MethodDeclaration)[] => {
      if (typescript.isPropertyAssignment(member)) return [member.initializer];
      if (typescript.isShorthandPropertyAssignment(member)) return [member.name];
      if (typescript.isMethodDeclaration(member)) return [member];
      const spread = typescript.isSpreadAssignment(member) ? unwrapTs(member.expression) : undefined;
      if (!spread || !typescript.isCallExpression(spread) || depth >= MAX_SPREAD_FACTORIES) return [];
      return resolveFunctions(this.checker, spread.expression, { throughWrappers: false }).functions.flatMap((factory) =>
        returnedValuesTs(factory).flatMap((value) => {
          const returned = unwrapTs(value);
          return typescript.isObjectLiteralExpression(returned) ? this.objectEntries(returned, depth + 1) : [];
        }),
      );
    });
  }

  /** The call of what a lookup found: `lookup(args)`, `lookup.handler(args)`, or either through a `const`. */
  private callOfLookup(lookup: ts.Node): ts.CallExpression | undefined {
    const direct = callOfValue(lookup, this.settings);
    if (direct) return direct;
    let child = lookup;
    while (
      typescript.isParenthesizedExpression(child.parent) ||
      typescript.isAsExpression(child.parent) ||
      typescript.isNonNullExpression(child.parent) ||
      typescript.isAwaitExpression(child.parent)
    )
      child = child.parent;
    const declaration = child.parent;
    if (!typescript.isVariableDeclaration(declaration) || declaration.initializer !== child || !typescript.isIdentifier(declaration.name))
      return undefined;
    const symbol = this.checker.getSymbolAtLocation(declaration.name);
    const scope = declaration.parent.parent.parent;
    for (const node of descendants(scope)) {
      if (typescript.isIdentifier(node) && node !== declaration.name && this.checker.getSymbolAtLocation(node) === symbol) {
        const call = callOfValue(node, this.settings);
        if (call) return call;
      }
    }
    return undefined;
  }

  /** `{ name, inputSchema, handler }`, `defineTool({ ..., handle() {} })`, `server.addTool({ execute })`. */
  private visitObject(object: ts.ObjectLiteralExpression, inToolFile: boolean, facts: FileFacts, loops: readonly TableLoop[]): void {
    const has = (name: string): boolean => findMember(object, name) !== undefined;
    const member = object.properties.find((candidate) => isHandlerMember(this.settings, memberName(candidate), has));
    if (!member) return;
    const child = outerTs(object);
    const call =
      typescript.isCallExpression(child.parent) && child.parent.arguments.includes(child as ts.Expression) ? child.parent : undefined;
    const definitionCall = call && calleeLastName(call.expression);
    const shape = definitionObjectShape(this.settings, {
      definitionCall,
      otherToolApi: call !== undefined && this.isOtherToolApi(call.expression),
      inToolFile,
      inServerCode: isServerCode(this.settings, facts),
      hasInputSchema: hasInputSchemaProperty(has),
      definesNoTool: () => definesNoTool(definitionCall, has),
      fileImports: () => facts.imports,
    });
    if (!shape) return;
    const guard = call ?? factoryCallTs(object);
    const guarded =
      isGuardingDefinition(this.settings, guard && calleeLastName(guard.expression)) ||
      isGuardingLibraryDefinition(guard && calleeLastName(guard.expression), () => guard && importSource(this.checker, guard.expression)) ||
      this.loopGuards(object, memberName(member), loops);
    this.addMember(member, shape, { call, definition: object }, guarded);
  }

  /** The function a member of an object literal holds: a method, a property's value, a shorthand's variable. */
  private addMember(
    member: ts.ObjectLiteralElementLike,
    shape: HandlerShape,
    where: Partial<Pick<ProgramHandler, "call" | "definition">>,
    guarded: boolean,
  ): void {
    if (typescript.isMethodDeclaration(member)) this.addFunction(member, shape, where, guarded);
    else if (typescript.isPropertyAssignment(member)) this.add(member.initializer, shape, where, guarded);
    else if (typescript.isShorthandPropertyAssignment(member)) this.add(member.name, shape, where, guarded);
  }

  /**
   * Whether the file's loops over the table `object` is an entry of (bound to a `const`) call the entry's handler
   * `property` only where a `try` of theirs returns an error result (`isTableLoopMethod`). A use in a handler position
   * (`registerTool(tool.name, config, tool.handler)`) is not a call: that registration is found from the call itself.
   */
  /**
   * The table a definition object is an entry of: written in it (`tableEntryContainerTs`), or bound to a `const` whose
   * name the file's table lists (`const askTool = { ... }; const tools = [askTool]`): the ESTree `tableListing`.
   */
  private tableListing(object: ts.ObjectLiteralExpression): ts.Expression | undefined {
    const written = tableEntryContainerTs(object);
    const declaration = written ? undefined : outerTs(object).parent;
    if (!declaration || !isConstDeclaration(declaration) || !typescript.isIdentifier(declaration.name)) return written;
    const symbol = this.checker.getSymbolAtLocation(declaration.name);
    for (const node of descendants(object.getSourceFile())) {
      if (!typescript.isIdentifier(node) || node === declaration.name || node.text !== declaration.name.text) continue;
      const read = typescript.isShorthandPropertyAssignment(node.parent)
        ? this.checker.getShorthandAssignmentValueSymbol(node.parent)
        : this.checker.getSymbolAtLocation(node);
      const listing = read === symbol ? tableEntryContainerTs(node) : undefined;
      if (listing) return listing;
    }
    return undefined;
  }

  private loopGuards(object: ts.ObjectLiteralExpression, property: string | undefined, loops: readonly TableLoop[]): boolean {
    const table = this.tableListing(object);
    if (property === undefined || !table) return false;
    const readsTable = this.tableReadTest(table);
    const uses: ts.Expression[] = [];
    for (const loop of loops) if (readsTable(loop.table)) uses.push(...this.entryHandlerUses(loop, property));
    const boundaryOf = (call: ts.Node): ts.Node => enclosingFunctionOf(tsTree, call) ?? call.getSourceFile();
    return (
      uses.length > 0 &&
      wrapperCatchesThrows(handedOnFactsTs(uses, boundaryOf, (value) => isErrorAnswerTs(value, this.settings, this.checker)))
    );
  }

  /**
   * Whether a looped expression reads `table`: the `const` it is bound to, or, for a table a function of the file returns
   * (`tableStandsWhereFactoryIsCalled`), a call of that function or a `const` bound to one (the ESTree `tableReads`).
   */
  private tableReadTest(table: ts.Expression): (looped: ts.Expression) => boolean {
    const declaration = outerTs(table).parent;
    const constSymbol =
      isConstDeclaration(declaration) && typescript.isIdentifier(declaration.name)
        ? this.checker.getSymbolAtLocation(declaration.name)
        : undefined;
    const valueOf = (looped: ts.Expression): ts.Node | undefined =>
      typescript.isIdentifier(looped) ? this.checker.getSymbolAtLocation(looped)?.valueDeclaration : undefined;
    if (constSymbol) return (looped) => typescript.isIdentifier(looped) && this.checker.getSymbolAtLocation(looped) === constSymbol;
    const factory = returningFunction(tsTree, table);
    const factoryDeclaredInFile = factory !== undefined && isTsFunction(factory) && declaredFunctionTs(factory) === factory;
    if (!factory || !tableStandsWhereFactoryIsCalled({ factoryDeclaredInFile })) return () => false;
    const callsFactory = (node: ts.Node): boolean => {
      if (!typescript.isCallExpression(node)) return false;
      const callee = valueOf(unwrapTs(node.expression));
      return callee !== undefined && declaredFunctionTs(callee) === factory;
    };
    return (looped) => {
      if (callsFactory(unwrapTs(looped))) return true;
      const bound = valueOf(looped);
      return (
        bound !== undefined && isConstDeclaration(bound) && bound.initializer !== undefined && callsFactory(unwrapTs(bound.initializer))
      );
    };
  }

  /** The reads of an entry's handler `property` in a loop: `tool.handler` for the entry `tool`, `handler` for `{ handler }`. */
  private entryHandlerUses({ element, body }: TableLoop, property: string): ts.Expression[] {
    const readsOf = (name: ts.Identifier): ts.Identifier[] => {
      const symbol = this.checker.getSymbolAtLocation(name);
      const reads: ts.Identifier[] = [];
      for (const node of descendants(body)) {
        if (typescript.isIdentifier(node) && node !== name && symbolOfRead(this.checker, node) === symbol) reads.push(node);
      }
      return reads;
    };
    if (typescript.isIdentifier(element)) {
      return readsOf(element).flatMap((read) => {
        const member = outerTs(read).parent;
        return typescript.isPropertyAccessExpression(member) && member.expression === outerTs(read) && member.name.text === property
          ? [member]
          : [];
      });
    }
    if (!typescript.isObjectBindingPattern(element)) return [];
    const binding = element.elements.find((candidate) => {
      const key = candidate.propertyName ?? candidate.name;
      return !candidate.dotDotDotToken && (typescript.isIdentifier(key) || typescript.isStringLiteral(key)) && key.text === property;
    });
    return binding && typescript.isIdentifier(binding.name) ? readsOf(binding.name) : [];
  }

  /** `fn` calls a registration method itself, in its body or a function nested in it (see `isRegistrarExport`). */
  private registersTools(fn: TsFunction): boolean {
    for (const node of descendants(fn)) {
      if (!typescript.isCallExpression(node)) continue;
      const callee = unwrapTs(node.expression);
      const method = this.calledMethod(callee);
      if (method === undefined || !isRegistrationCall(this.settings, { method, otherToolApi: false })) continue;
      if (isRegistrationCall(this.settings, { method, otherToolApi: this.isOtherToolApi(callee) })) return true;
    }
    return false;
  }

  /** The method a callee calls: `registerTool` of `server.registerTool`, or of a `registerTool` taken off its object (`aliasedMethod`). */
  private calledMethod(callee: ts.Expression): string | undefined {
    if (typescript.isPropertyAccessExpression(callee)) return callee.name.text;
    if (!typescript.isIdentifier(callee)) return undefined;
    return (
      aliasedMethod(this.settings, {
        name: callee.text,
        method: () => aliasedMethodNameTs(this.checker.getSymbolAtLocation(callee)?.valueDeclaration),
      }) ??
      importedRegistrationFunction(this.settings, { name: callee.text, imported: () => importSource(this.checker, callee) !== undefined })
    );
  }

  /** A callee of another tool API than MCP's: WebMCP's registry, or a function imported from an agent library. */
  private isOtherToolApi(callee: ts.Expression): boolean {
    const source = importSource(this.checker, callee);
    return (source !== undefined && isAgentLibrary(source)) || isWebMcpCallee(callee) || this.givesWebMcpTools(callee);
  }

  /** The callee, a member, is in a file that gives WebMCP's registry its tools (`givesWebMcpTools`). */
  private givesWebMcpTools(callee: ts.Expression): boolean {
    if (!typescript.isPropertyAccessExpression(unwrapTs(callee))) return false;
    const file = callee.getSourceFile();
    let answer = this.webMcpFiles.get(file);
    if (answer === undefined) {
      const imports = file.statements.flatMap((statement) =>
        typescript.isImportDeclaration(statement) && typescript.isStringLiteral(statement.moduleSpecifier)
          ? [statement.moduleSpecifier.text]
          : [],
      );
      answer = givesWebMcpTools(this.settings, file.text, imports);
      this.webMcpFiles.set(file, answer);
    }
    return answer;
  }

  /** `import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js"`, not type-only (see `FileFacts`). */
  private importsProtocolError(statement: ts.Statement): boolean {
    if (!typescript.isImportDeclaration(statement) || !typescript.isStringLiteral(statement.moduleSpecifier)) return false;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !typescript.isNamedImports(bindings)) return false;
    const source = statement.moduleSpecifier.text;
    // `isTypeOnlyImportOrExportDeclaration` answers for the specifier and the clause around it (`import type { ... }`).
    return bindings.elements.some(
      (element) =>
        !typescript.isTypeOnlyImportOrExportDeclaration(element) &&
        isSdkProtocolErrorImport((element.propertyName ?? element.name).text, source, this.settings),
    );
  }

  /**
   * The base class that makes a class's members handlers (`handlers.baseClasses`): the one it extends, or one a class of
   * its file between them extends; else the name it extends (as the ESTree adapter's `toolBaseClass`).
   */
  private toolBaseClass(classNode: ts.ClassLikeDeclaration): string | undefined {
    const { baseClasses } = this.settings.handlers;
    let base = extendedClass(classNode);
    let name = base && calleeLastName(base);
    for (let depth = 0; base && name !== undefined && !baseClasses.includes(name) && depth < MAX_BASE_CLASS_DEPTH; depth++) {
      const declaration = typescript.isIdentifier(base) ? this.checker.getSymbolAtLocation(base)?.valueDeclaration : undefined;
      if (!declaration || !typescript.isClassDeclaration(declaration) || declaration.getSourceFile() !== classNode.getSourceFile()) break;
      const next = extendedClass(declaration);
      const nextName = next && calleeLastName(next);
      if (!next || nextName === undefined) break;
      base = next;
      name = nextName;
    }
    return name;
  }

  /**
   * `class X extends MCPTool { async execute() {} }`, also `extends sdk.MCPTool`; a method under a tool decorator
   * (`@Tool({ name: "get-note" }) async getNote(args) {}`).
   */
  private visitClass(classNode: ts.ClassLikeDeclaration): void {
    const baseName = this.toolBaseClass(classNode);
    for (const member of classNode.members) {
      const shape =
        classMemberShape(this.settings, memberName(member), baseName) ??
        decoratedMethodShape(
          this.settings,
          (typescript.canHaveDecorators(member) ? (typescript.getDecorators(member) ?? []) : []).map(decoratorFactsTs),
        );
      if (!shape) continue;
      // A class whose runtime answers a throw as the tool's failure guards its handlers.
      const guarded = answersThrowWithMessage(shape);
      if (typescript.isMethodDeclaration(member)) this.addFunction(member, shape, { classNode }, guarded);
      else if (typescript.isPropertyDeclaration(member) && member.initializer) this.add(member.initializer, shape, { classNode }, guarded);
    }
  }

  /** `export default async function (...) {}`, `export default handler`, in a tool file. */
  private visitDefaultExport(node: ts.ExportAssignment | ts.FunctionDeclaration, facts: FileFacts): void {
    const shape = defaultExportShape(true, () => facts);
    if (!shape) return;
    if (typescript.isExportAssignment(node)) {
      if (!node.isExportEquals) this.add(node.expression, shape, {});
      return;
    }
    const flags = typescript.getCombinedModifierFlags(node);
    if (flags & typescript.ModifierFlags.Default && flags & typescript.ModifierFlags.Export) this.addFunction(node, shape, {}, false);
  }

  /**
   * The functions an expression in a handler position evaluates to, wrappers, bindings and
   * `this.method` followed; a function that only forwards to a method hands the role to the method.
   */
  private add(
    expression: ts.Expression | ts.MethodDeclaration,
    shape: HandlerShape,
    where: Partial<Pick<ProgramHandler, "call" | "classNode" | "definition">>,
    guardedByTable = false,
    longForms = new Set<TsFunction>(),
  ): TsFunction[] {
    const added: TsFunction[] = [];
    if (typescript.isMethodDeclaration(expression)) {
      this.addFunction(expression, shape, where, guardedByTable);
      return [expression];
    }
    const resolution = resolveFunctions(this.checker, expression, {
      throughWrappers: true,
      isConvertingWrapper: (call, argumentIndex) => wrapperCatchesTs(this.checker, call, argumentIndex, this.settings),
      isErrorCallback: (call, argumentIndex) => isErrorCallbackArgumentTs(this.checker, call, argumentIndex, this.settings),
      parameterArguments: this.registrarArguments,
      madeFunctions: (call) => this.madeFunctions(call),
    });
    for (const fn of resolution.functions) {
      // `(args) => wrap(cb)(args)` stands for `wrap(cb)`: the function it is given is the handler.
      const expanded = etaExpandedCallTs(fn);
      if (expanded && etaExpansionHandsOn(expanded.arguments.map((argument) => this.givenValue(argument, fn)))) {
        if (longForms.has(fn)) continue;
        longForms.add(fn);
        added.push(...this.add(expanded, shape, where, guardedByTable || resolution.guarded.has(fn), longForms));
        continue;
      }
      const forwarded = forwardedCall(fn);
      const callee = forwarded && (typescript.isIdentifier(forwarded) ? "function" : "method");
      let callees: TsFunction[] = [];
      const call = forwarded && outerTs(forwarded).parent;
      const asked = {
        calleeFound: (): boolean => (callees = forwarded ? this.forwardedFunctions(forwarded, fn) : []).length > 0,
        givenFunction: (): boolean =>
          call !== undefined &&
          typescript.isCallExpression(call) &&
          call.arguments.some(
            (argument) => typescript.isArrowFunction(unwrapTs(argument)) || typescript.isFunctionExpression(unwrapTs(argument)),
          ),
      };
      const targets = forwardsToFunction({ callee, position: shape.kind }, asked) ? callees : [fn];
      for (const target of targets) {
        if (!isProjectSourceFile(this.program, target.getSourceFile())) continue;
        if (this.addFunction(target, shape, where, guardedByTable || resolution.guarded.has(fn))) added.push(target);
      }
    }
    return added;
  }

  /** What `argument` of the call a long form makes (`etaExpandedCallTs`) is, as the ESTree adapter's `givenValue` reads it. */
  private givenValue(argument: ts.Expression, longForm: TsFunction): GivenValue {
    const value = unwrapTs(argument);
    if (typescript.isArrowFunction(value) || typescript.isFunctionExpression(value)) return "function";
    if (!typescript.isIdentifier(value)) return "other";
    const declaration = this.checker.getSymbolAtLocation(value)?.valueDeclaration;
    if (declaration && typescript.isParameter(declaration)) return declaration.parent === longForm ? "other" : "parameter";
    return declaration && declaredFunctionTs(declaration) ? "function" : "other";
  }

  /**
   * The functions the function of the call's own file that `call` calls by name returns as themselves
   * (`standsWhereMakerIsCalled`), as the ESTree adapter's `madeFunctionPosition` finds them from the functions.
   */
  private madeFunctions(call: ts.CallExpression): TsFunction[] {
    const callee = unwrapTs(call.expression);
    const declaration = typescript.isIdentifier(callee) ? this.checker.getSymbolAtLocation(callee)?.valueDeclaration : undefined;
    const maker = declaration && declaredFunctionTs(declaration);
    if (!maker || !standsWhereMakerIsCalled({ makerDeclaredInFile: maker.getSourceFile() === call.getSourceFile() })) return [];
    return returnedValuesTs(maker).flatMap((value) => {
      const made = unwrapTs(value);
      return typescript.isArrowFunction(made) || typescript.isFunctionExpression(made) ? [made] : [];
    });
  }

  /** Per parameter, the arguments `registrarArguments` found. */
  private readonly registrarCalls = new Map<ts.ParameterDeclaration, readonly ts.Expression[]>();

  /**
   * The arguments the calls of a local registrar in its own file give its `parameter` (`isRegistrarParameter`), as
   * the ESTree adapter's `registrarArgumentPosition` finds them from the calls.
   */
  private readonly registrarArguments = (parameter: ts.ParameterDeclaration): readonly ts.Expression[] => {
    const known = this.registrarCalls.get(parameter);
    if (known) return known;
    const found: ts.Expression[] = [];
    this.registrarCalls.set(parameter, found);
    const registrar = declaredFunctionTs(parameter.parent);
    const plainParameter = typescript.isIdentifier(parameter.name) && !parameter.dotDotDotToken && !parameter.initializer;
    const name = registrar && registrarName(registrar);
    const symbol = name && this.checker.getSymbolAtLocation(name);
    if (!registrar || !plainParameter || !symbol) return found;
    const argumentIndex = registrar.parameters.indexOf(parameter);
    for (const node of descendants(registrar.getSourceFile())) {
      if (!typescript.isCallExpression(node)) continue;
      const callee = unwrapTs(node.expression);
      const argument = node.arguments.at(argumentIndex);
      if (!argument || !typescript.isIdentifier(callee) || callee.text !== name.text || this.checker.getSymbolAtLocation(callee) !== symbol)
        continue;
      const first = node.arguments.at(0);
      const configFirst = argumentIndex > 0 && first !== undefined && typescript.isObjectLiteralExpression(unwrapTs(first));
      const argumentShape = callArgumentShape(this.settings, {
        method: undefined,
        argumentIndex,
        isLastFunctionArgument: node.arguments.slice(argumentIndex + 1).every((later) => !isTsFunction(unwrapTs(later))),
        selector: selectorOf(first),
        callee: () => callee.text,
        configFirst,
        // The registrar is the file's own function, not an imported definition function.
        nameFirst: false,
        importSource: () => undefined,
        otherToolApi: false,
        projectReceiver: () => false,
      });
      if (isRegistrarParameter({ plainParameter, argumentShape })) found.push(argument);
    }
    return found;
  };

  /**
   * The functions a forwarding call calls: the method `this.search` or `tools.search` resolves to, or a function
   * declared in the forwarder's own file under the name (`handleToolCall`), as the ESTree adapter finds them.
   */
  private forwardedFunctions(callee: ts.Expression, forwarder: TsFunction): TsFunction[] {
    if (!typescript.isIdentifier(callee)) return resolveFunctions(this.checker, callee, { throughWrappers: false }).functions;
    const declaration = this.checker.getSymbolAtLocation(callee)?.valueDeclaration;
    const declared = declaration && declaredFunctionTs(declaration);
    return declared && declared.getSourceFile() === forwarder.getSourceFile() ? [declared] : [];
  }

  private addFunction(
    fn: ts.Node,
    shape: HandlerShape,
    where: Partial<Pick<ProgramHandler, "call" | "classNode" | "definition">>,
    guarded: boolean,
  ): boolean {
    if (!isTsFunction(fn) || rendersUiTs(fn) || isRegistrarExport(shape, () => this.registersTools(fn))) return false;
    this.handlers.push({ fn, ...shape, call: where.call, definition: where.definition, classNode: where.classNode, guarded });
    return true;
  }
}

/** A loop over a table: what it loops over (`tools` of `Object.values(tools)` too), the entry's binding, and where it is read. */
interface TableLoop {
  table: ts.Expression;
  element: ts.BindingName;
  body: ts.Node;
}

/** `for (const tool of tools)`, `tools.forEach((tool) => ...)` (see `isTableLoopMethod`), the ESTree adapter's `loopElementOf`. */
function tableLoopOf(node: ts.Node): TableLoop | undefined {
  let loop: TableLoop | undefined;
  if (typescript.isForOfStatement(node)) {
    const declaration = typescript.isVariableDeclarationList(node.initializer) ? node.initializer.declarations.at(0) : undefined;
    loop = declaration && { table: node.expression, element: declaration.name, body: node.statement };
  } else if (typescript.isCallExpression(node)) {
    const callee = unwrapTs(node.expression);
    const first = node.arguments.at(0);
    const callback = first && unwrapTs(first);
    const fn = callback && (typescript.isArrowFunction(callback) || typescript.isFunctionExpression(callback)) ? callback : undefined;
    const parameter = fn?.parameters.at(0);
    loop =
      typescript.isPropertyAccessExpression(callee) && isTableLoopMethod(callee.name.text) && fn && parameter
        ? { table: callee.expression, element: parameter.name, body: fn.body }
        : undefined;
  }
  if (!loop) return undefined;
  let table = unwrapTs(loop.table);
  if (typescript.isCallExpression(table) && table.arguments.length > 0) {
    const callee = unwrapTs(table.expression);
    if (typescript.isPropertyAccessExpression(callee) && isTableValuesCall(calleeLastName(callee.expression), callee.name.text))
      table = unwrapTs(table.arguments[0]);
  }
  return { ...loop, table };
}

/** The table a definition object is an entry of: an array, a keyed object or a `Map` (the ESTree `tableEntryContainer`). */
function tableEntryContainerTs(entry: ts.Expression): ts.Expression | undefined {
  const child = outerTs(entry);
  const parent = child.parent;
  if (typescript.isPropertyAssignment(parent) && parent.initializer === child) return parent.parent;
  if (typescript.isShorthandPropertyAssignment(parent) && parent.name === child) return parent.parent;
  if (!typescript.isArrayLiteralExpression(parent)) return undefined;
  const pair = parent.elements.indexOf(child as ts.Expression) === 1 ? outerTs(parent) : undefined;
  const entries = pair?.parent;
  const construct = entries && typescript.isArrayLiteralExpression(entries) ? outerTs(entries).parent : undefined;
  return construct && typescript.isNewExpression(construct) && calleeLastName(construct.expression) === "Map" ? construct : parent;
}

/** `defineTool((args) => ({ name, handler }))`: the call that a function returning the definition `object` is given to. */
function factoryCallTs(object: ts.ObjectLiteralExpression): ts.CallExpression | undefined {
  const fn = returningFunction(tsTree, object);
  const child = fn && outerTs(fn);
  return child && typescript.isCallExpression(child.parent) && child.parent.arguments.includes(child as ts.Expression)
    ? child.parent
    : undefined;
}

/**
 * The callee of the one call a function makes and nothing else, a member or a name: `(args) => this.search(args)`,
 * `async (args) => { return tools.search(args); }`, `(request) => handleToolCall(request.params.name)`.
 */
function forwardedCall(fn: TsFunction): ts.Expression | undefined {
  const call = onlyCallTs(fn);
  const callee = call && unwrapTs(call.expression);
  return callee && (typescript.isPropertyAccessExpression(callee) || typescript.isIdentifier(callee)) ? callee : undefined;
}

/**
 * The one call a function expression makes and nothing else: its expression body or its only `return`, `await` looked
 * through, after `const`s that only read its input (as the ESTree adapter's `onlyCall`).
 */
function onlyCallTs(fn: TsFunction): ts.CallExpression | undefined {
  if (!typescript.isArrowFunction(fn) && !typescript.isFunctionExpression(fn)) return undefined;
  let body: ts.Node = fn.body;
  if (typescript.isBlock(body)) {
    const last = body.statements.at(-1);
    if (!last || !typescript.isReturnStatement(last) || !last.expression || !body.statements.slice(0, -1).every(onlyReadsInputTs))
      return undefined;
    body = last.expression;
  }
  let value = unwrapTs(body as ts.Expression);
  if (typescript.isAwaitExpression(value)) value = unwrapTs(value.expression);
  return typescript.isCallExpression(value) ? value : undefined;
}

/** `const { name } = request.params;`: a `const` that only reads values (as the ESTree adapter's `onlyReadsInput`). */
function onlyReadsInputTs(statement: ts.Statement): boolean {
  return (
    typescript.isVariableStatement(statement) &&
    (statement.declarationList.flags & typescript.NodeFlags.Const) !== 0 &&
    statement.declarationList.declarations.every(
      (declaration) => declaration.initializer !== undefined && isReadTs(declaration.initializer),
    )
  );
}

/** A name, a member of one, or one with a written fallback (`args ?? {}`), as the ESTree adapter's `isRead`. */
function isReadTs(expression: ts.Expression): boolean {
  const node = unwrapTs(expression);
  if (typescript.isIdentifier(node)) return true;
  if (typescript.isPropertyAccessExpression(node)) return isReadTs(node.expression);
  if (typescript.isElementAccessExpression(node))
    return typescript.isLiteralExpression(unwrapTs(node.argumentExpression)) && isReadTs(node.expression);
  if (!typescript.isBinaryExpression(node)) return false;
  const operator = node.operatorToken.kind;
  if (operator !== typescript.SyntaxKind.QuestionQuestionToken && operator !== typescript.SyntaxKind.BarBarToken) return false;
  const fallback = unwrapTs(node.right);
  const written =
    typescript.isLiteralExpression(fallback) ||
    fallback.kind === typescript.SyntaxKind.TrueKeyword ||
    fallback.kind === typescript.SyntaxKind.FalseKeyword ||
    fallback.kind === typescript.SyntaxKind.NullKeyword ||
    (typescript.isObjectLiteralExpression(fallback) && fallback.properties.length === 0) ||
    (typescript.isArrayLiteralExpression(fallback) && fallback.elements.length === 0);
  return written && isReadTs(node.left);
}

/**
 * The call whose result a function only calls with its own parameters, in order: `wrap(cb)` of `(args, extra) =>
 * wrap(cb)(args, extra)`, as the ESTree adapter's `etaExpandedCall` reads it.
 */
function etaExpandedCallTs(fn: TsFunction): ts.CallExpression | undefined {
  const call = onlyCallTs(fn);
  const inner = call && unwrapTs(call.expression);
  if (!call || !inner || !typescript.isCallExpression(inner) || call.arguments.length > fn.parameters.length) return undefined;
  const passesOwn = call.arguments.every((argument, index) => {
    const parameter = fn.parameters[index];
    const name = typescript.isIdentifier(parameter.name) ? parameter.name.text : undefined;
    if (typescript.isSpreadElement(argument))
      return parameter.dotDotDotToken !== undefined && typescript.isIdentifier(argument.expression) && argument.expression.text === name;
    return (
      parameter.dotDotDotToken === undefined &&
      parameter.initializer === undefined &&
      typescript.isIdentifier(argument) &&
      argument.text === name
    );
  });
  return passesOwn ? inner : undefined;
}

/** The value a `const` that `name` reads is bound to. */
/**
 * The ESTree adapter's `callsProjectMethod`: the method `callee` calls is a project class's (`isProjectClass`), called on
 * a `const` whose value is `new <Class>(...)` of a top-level class of the file that defines it as an instance method, or
 * of a class imported from a relative module.
 */
function callsProjectMethodTs(checker: ts.TypeChecker, callee: ts.Expression): boolean {
  if (!typescript.isPropertyAccessExpression(callee)) return false;
  const object = unwrapTs(callee.expression);
  const made = typescript.isIdentifier(object) ? constInitializer(checker, object) : undefined;
  const className = made && typescript.isNewExpression(made) ? unwrapTs(made.expression) : undefined;
  if (!className || !typescript.isIdentifier(className)) return false;
  const declaration = checker.getSymbolAtLocation(className)?.valueDeclaration;
  const declared =
    declaration && typescript.isClassDeclaration(declaration) && declaration.parent === callee.getSourceFile() ? declaration : undefined;
  const method = callee.name.text;
  return isProjectClass({
    declaredWithMethod:
      declared?.members.some(
        (member) =>
          !isStatic(member) &&
          memberName(member) === method &&
          ((typescript.isMethodDeclaration(member) && member.body !== undefined) ||
            (typescript.isPropertyDeclaration(member) && member.initializer !== undefined && isTsFunction(unwrapTs(member.initializer)))),
      ) ?? false,
    importSource: declared ? undefined : importSource(checker, className),
  });
}

function constInitializer(checker: ts.TypeChecker, name: ts.Identifier): ts.Expression | undefined {
  const declaration = checker.getSymbolAtLocation(name)?.valueDeclaration;
  return declaration && isConstDeclaration(declaration) && declaration.initializer ? unwrapTs(declaration.initializer) : undefined;
}

/** A function declaration, or a function bound to a `const` (the ESTree adapter's `declaredFunction`). */
function declaredFunctionTs(declaration: ts.Node): TsFunction | undefined {
  if (typescript.isFunctionDeclaration(declaration)) return declaration.body ? declaration : undefined;
  if (isConstDeclaration(declaration)) return functionOfDeclaration(declaration);
  if (!isTsFunction(declaration)) return undefined;
  const binding = outerTs(declaration).parent;
  return typescript.isVariableDeclaration(binding) && declaredFunctionTs(binding) === declaration ? declaration : undefined;
}

/** The name a function declared in its file is called by: its own, or its `const`'s. */
function registrarName(fn: TsFunction): ts.Identifier | undefined {
  if (typescript.isFunctionDeclaration(fn)) return fn.name;
  const binding = outerTs(fn).parent;
  return typescript.isVariableDeclaration(binding) && typescript.isIdentifier(binding.name) ? binding.name : undefined;
}

/** The call of a value: `value(args)`, `value?.(args)`, `value.handler(args)`, `await` looked through. */
function callOfValue(value: ts.Node, settings: McpSettings): ts.CallExpression | undefined {
  const child = outerTs(value);
  const parent = child.parent;
  if (typescript.isCallExpression(parent) && parent.expression === child) return parent;
  if (!typescript.isPropertyAccessExpression(parent) || parent.expression !== child || !isHandlerProperty(settings, parent.name.text))
    return undefined;
  return typescript.isCallExpression(parent.parent) && parent.parent.expression === parent ? parent.parent : undefined;
}

/**
 * The requested tool name of a dispatcher on TypeScript nodes, for dispatch tables across files:
 * `<request>.params.name`, `params.name` with `params` destructured, or a name bound to either. The
 * ESTree side (`../unknown-tool-branch.ts`) reads the same shapes for the rules.
 */
/** The string a call normalises (`normalisesName`), as the ESTree adapter's `normalisedString`. */
function normalisedStringTs(node: ts.Node): ts.Expression | undefined {
  if (!typescript.isCallExpression(node)) return undefined;
  const callee = unwrapTs(node.expression);
  return typescript.isPropertyAccessExpression(callee) && normalisesName(callee.name.text, node.arguments.length)
    ? callee.expression
    : undefined;
}

/** `??` and `||`: a name with its fallback (`req.params.name ?? ""`). */
function isNameFallback(operator: ts.SyntaxKind): boolean {
  return operator === typescript.SyntaxKind.QuestionQuestionToken || operator === typescript.SyntaxKind.BarBarToken;
}

/** A function of one parameter that only returns it normalised, as the ESTree adapter's `normalisesParameter`. */
function normalisesParameterTs(fn: TsFunction): boolean {
  const parameter = fn.parameters.length === 1 ? fn.parameters[0].name : undefined;
  if (!parameter || !typescript.isIdentifier(parameter)) return false;
  const values = returnedValuesTs(fn);
  return (
    values.length > 0 &&
    values.every((value) => {
      let node = unwrapTs(value);
      for (let inner = normalisedStringTs(node); inner; inner = normalisedStringTs(node)) node = unwrapTs(inner);
      return typescript.isIdentifier(node) && node.text === parameter.text && node !== unwrapTs(value);
    })
  );
}

class TsRequestedName {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly dispatcher: TsFunction,
  ) {}

  is(expression: ts.Node): boolean {
    const node = typescript.isExpression(expression) ? unwrapTs(expression) : expression;
    if (typescript.isPropertyAccessExpression(node)) return node.name.text === "name" && this.isParams(node.expression);
    // `name.toLowerCase()` (`normalisesName`), `req.params.name ?? ""`, `canonicalize(name)` are the name.
    const normalised = normalisedStringTs(node);
    if (normalised) return this.is(normalised);
    if (typescript.isBinaryExpression(node) && isNameFallback(node.operatorToken.kind)) return this.is(node.left);
    if (typescript.isCallExpression(node) && node.arguments.length === 1) {
      const declaration = this.checker.getSymbolAtLocation(unwrapTs(node.expression))?.valueDeclaration;
      const fn = declaration && declaredFunctionTs(declaration);
      return fn !== undefined && normalisesParameterTs(fn) && this.is(node.arguments[0]);
    }
    if (!typescript.isIdentifier(node)) return false;
    const declaration = this.declarationInDispatcher(node);
    if (!declaration) return false;
    if (typescript.isVariableDeclaration(declaration)) return declaration.initializer !== undefined && this.is(declaration.initializer);
    return patternKey(declaration) === "name" && this.isParamsPattern(declaration.parent);
  }

  /** `tools[name]`, `tools.get(name)`, `tools.find((t) => t.name === name)`: the table looked up in. */
  lookupTable(node: ts.Node): ts.Expression | undefined {
    if (typescript.isElementAccessExpression(node)) return this.is(node.argumentExpression) ? node.expression : undefined;
    if (!typescript.isCallExpression(node)) return undefined;
    const callee = unwrapTs(node.expression);
    const first = node.arguments.at(0);
    if (!typescript.isPropertyAccessExpression(callee) || !first) return undefined;
    if (callee.name.text === "get") return this.is(first) ? callee.expression : undefined;
    if (callee.name.text !== "find") return undefined;
    for (const inner of descendants(first)) if (this.is(inner)) return callee.expression;
    return undefined;
  }

  /** `request.params`, `params` destructured from the request, or a `const` bound to it (`const params = request.params`). */
  private isParams(expression: ts.Expression): boolean {
    const node = unwrapTs(expression);
    if (typescript.isPropertyAccessExpression(node)) return node.name.text === "params";
    if (!typescript.isIdentifier(node)) return false;
    const declaration = this.declarationInDispatcher(node);
    if (declaration && isConstDeclaration(declaration))
      return declaration.initializer !== undefined && this.isParams(declaration.initializer);
    return declaration !== undefined && typescript.isBindingElement(declaration) && patternKey(declaration) === "params";
  }

  /** `{ name } = request.params`, `{ params: { name } }`. */
  private isParamsPattern(pattern: ts.ObjectBindingPattern): boolean {
    const holder = pattern.parent;
    if (typescript.isBindingElement(holder)) return patternKey(holder) === "params";
    return typescript.isVariableDeclaration(holder) && holder.initializer !== undefined && this.isParams(holder.initializer);
  }

  private declarationInDispatcher(
    identifier: ts.Identifier,
  ): ts.VariableDeclaration | (ts.BindingElement & { parent: ts.ObjectBindingPattern }) | undefined {
    const declaration = this.checker.getSymbolAtLocation(identifier)?.valueDeclaration;
    if (!declaration || !containsTs(this.dispatcher, declaration)) return undefined;
    if (typescript.isVariableDeclaration(declaration) && typescript.isIdentifier(declaration.name)) return declaration;
    return typescript.isBindingElement(declaration) && typescript.isObjectBindingPattern(declaration.parent)
      ? (declaration as ts.BindingElement & { parent: ts.ObjectBindingPattern })
      : undefined;
  }
}

/** The names a top-level statement exports: `export const schema = ...`, `export function x()`, `export { metadata }`. */
function exportedNamesTs(statement: ts.Statement): string[] {
  if (typescript.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    return clause && typescript.isNamedExports(clause) ? clause.elements.map((element) => element.name.text) : [];
  }
  const exported =
    typescript.canHaveModifiers(statement) &&
    typescript.getModifiers(statement)?.some((m) => m.kind === typescript.SyntaxKind.ExportKeyword);
  if (!exported) return [];
  if (typescript.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap(({ name }) => (typescript.isIdentifier(name) ? [name.text] : []));
  }
  return (typescript.isFunctionDeclaration(statement) || typescript.isClassDeclaration(statement)) && statement.name
    ? [statement.name.text]
    : [];
}

/** The key a binding element reads: `name` of `{ name }` and of `{ name: toolName }`. */
function patternKey(element: ts.BindingElement): string | undefined {
  const key = element.propertyName ?? element.name;
  return typescript.isIdentifier(key) || typescript.isStringLiteral(key) ? key.text : undefined;
}

/**
 * The handler index of one program, settings object and folder, read file by file as it is asked: a
 * function's question reads only the files whose registrations can lead to it (`Importers`), each
 * once, so linting one file of a large program does not read every registration of it; for a function
 * that the other files only call, its own file.
 */
class ProgramHandlerIndex implements ProgramHandlers {
  private readonly builder: Builder;
  private readonly files: readonly ts.SourceFile[];
  private readonly places: ReadonlyMap<ts.SourceFile, number>;
  private readonly importers: Importers;
  /** The handlers each read file's registrations lead to, by the file's place in the program. */
  private readonly byFile = new Map<ts.SourceFile, readonly ProgramHandler[]>();
  /** Files whose functions have been asked about: every file that can reach them has been read. */
  private readonly answered = new Set<ts.SourceFile>();
  /** Each function's handler: the kind `HANDLER_KIND_ORDER` prefers, then the first in program order, as if every file had been read. */
  private readonly best = new Map<ts.Node, { handler: ProgramHandler; rank: readonly [number, number, number] }>();
  private all: readonly ProgramHandler[] | undefined;

  constructor(
    private readonly program: ts.Program,
    settings: McpSettings,
    cwd: string,
  ) {
    this.builder = new Builder(program, settings, (file) => settings.isToolFile(file.fileName, cwd));
    // A test's registrations (`server.registerTool("x", {}, productionHandler)`) and its tools are no part of the server.
    this.files = projectSourceFiles(program).filter((file) => !settings.isTestFile(file.fileName, cwd));
    this.places = new Map(this.files.map((file, place) => [file, place]));
    this.importers = new Importers(program.getTypeChecker(), this.files);
  }

  get handlers(): readonly ProgramHandler[] {
    this.all ??= this.files.flatMap((file) => this.read(file));
    return this.all;
  }

  handlerOf(fn: ts.Node): ProgramHandler | undefined {
    const file = fn.getSourceFile();
    // Registrations lead only to the project's own functions (a library's are not handlers of this server).
    if (!this.places.has(file)) return undefined;
    if (this.answered.has(file)) return this.best.get(fn)?.handler;
    // Only its own file can register a function that other files only call.
    if (this.importers.isOnlyCalled(fn)) {
      this.read(file);
      return this.best.get(fn)?.handler;
    }
    for (const reaching of this.importers.reaching(file)) this.read(reaching);
    this.answered.add(file);
    return this.best.get(fn)?.handler;
  }

  private read(file: ts.SourceFile): readonly ProgramHandler[] {
    let found = this.byFile.get(file);
    if (found) return found;
    found = this.builder.visitFile(file);
    this.byFile.set(file, found);
    const place = this.places.get(file) ?? this.files.length;
    found.forEach((handler, order) => {
      const rank = [HANDLER_KIND_ORDER.indexOf(handler.kind), place, order] as const;
      const known = this.best.get(handler.fn);
      if (!known || compareRanks(rank, known.rank) < 0) this.best.set(handler.fn, { handler, rank });
    });
    if (programHandlersFileChannel.hasSubscribers) programHandlersFileChannel.publish({ program: this.program, file });
    return found;
  }
}

function compareRanks(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return left[index] - right[index];
  return 0;
}

const cache = new WeakMap<ts.Program, WeakMap<McpSettings, Map<string, ProgramHandlers>>>();

/**
 * Every tool handler of the program, in every shape the rules recognise, registered in any file: one
 * index per program, settings object and folder (`toolFiles` globs are relative to it).
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
    found = new ProgramHandlerIndex(program, settings, cwd);
    byFolder.set(cwd, found);
    if (programHandlersChannel.hasSubscribers) programHandlersChannel.publish({ program });
  }
  return found;
}

/** A call of a method of WebMCP's registry (`navigator.modelContext.registerTool`): see `isWebMcpRegistry`. */
function isWebMcpCallee(callee: ts.Expression): boolean {
  const member = unwrapTs(callee);
  if (!typescript.isPropertyAccessExpression(member)) return false;
  const registry = unwrapTs(member.expression);
  return typescript.isPropertyAccessExpression(registry) && isWebMcpRegistry(calleeLastName(registry.expression), registry.name.text);
}

/** A decorator's name and whether it is called with an object, as the ESTree adapter reads them. */
function decoratorFactsTs({ expression }: ts.Decorator): { name: string | undefined; givenObject: boolean } {
  if (!typescript.isCallExpression(expression)) return { name: calleeLastName(expression), givenObject: false };
  const first = expression.arguments.at(0);
  return {
    name: calleeLastName(expression.expression),
    givenObject: first !== undefined && typescript.isObjectLiteralExpression(unwrapTs(first)),
  };
}

/** The expression of a class's `extends` clause. */
function extendedClass(classNode: ts.ClassLikeDeclaration): ts.Expression | undefined {
  const extendsClause = classNode.heritageClauses?.find((clause) => clause.token === typescript.SyntaxKind.ExtendsKeyword);
  return extendsClause?.types.at(0)?.expression;
}
