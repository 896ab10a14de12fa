import { AST_NODE_TYPES, AST_TOKEN_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  bindsParameter,
  callGivenArgument,
  calledFunction,
  calleeName,
  constDeclaratorOf,
  declaredFunction,
  declaredName,
  aliasedMethodName,
  findProperty,
  type FunctionNode,
  classMethod,
  classMethodOf,
  constructedClass,
  isFunctionNode,
  outerParent,
  parameterReads,
  propertyName,
  readReferences,
  returnedValues,
  rootIdentifier,
  singleValueOf,
  tryAround,
  topLevelClass,
  unwrapExpression,
} from "../util/ast.js";
import { importedName, isSdkProtocolErrorImport } from "./protocol-errors.js";
import { nodeAt } from "../util/node-at.js";
import { nearestOwner } from "../util/per-file.js";
import { definitionOf, hasEscapes, readsOf } from "../util/references.js";
import { methodReads } from "../util/method-reads.js";
import {
  callArgumentShape,
  answersThrowWithMessage,
  isProjectClass,
  classMemberShape,
  MAX_BASE_CLASS_DEPTH,
  mayAnswerThrowsWithMessage,
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
  type GivenValue,
  type FileFacts,
  forwardsToFunction,
  HANDLER_KIND_ORDER,
  type HandlerPath,
  handlerPath,
  type HandlerShape,
  isAgentLibrary,
  isConvertingWrapper,
  isGuardingDefinition,
  isGuardingLibraryDefinition,
  handlerObjectMemberShape,
  isHandlerObjectMember,
  buildsTableIndex,
  isHandlerMember,
  isHandlerProperty,
  TABLE_INDEX_SETTER,
  isRegistrarExport,
  isRegistrarParameter,
  isRegistrationCall,
  standsWhereMakerIsCalled,
  tableStandsWhereFactoryIsCalled,
  toolModuleExportShape,
  runtimeConvertsThrows,
  isServerCode,
  isGuardedCall,
  MAX_SPREAD_FACTORIES,
  isWebMcpRegistry,
  givesWebMcpTools,
  hasInputSchemaProperty,
  isTableLoopMethod,
  isTableValuesCall,
  SET_REQUEST_HANDLER,
  takesMcpServerCallback,
  wrapperCatchesThrows,
  type WrapperFacts,
} from "./handler-shapes.js";
import type { ErrorHelpers } from "./error-helpers.js";
import type { McpSettings } from "./settings.js";
import { getProgramHandlers } from "./typescript/program-handlers.js";
import type { TypedServices } from "./typescript/services.js";
import { isErrorAnswer, returnsErrorResult, returnsOnlyErrorResults } from "./tool-results.js";
import { callsErrorResultFunction } from "./typescript/tool-results.js";
import { catchingWrapperCall, handedOnFacts, isErrorCallbackArgument } from "./converting-wrappers.js";
import { enclosingFunction, estreeTree } from "./estree-tree.js";
import { returningFunction } from "./throw-semantics.js";
import { rendersUi } from "./ui-components.js";
import { catchingWrapperCallTs } from "./typescript/converting-wrappers.js";
import { callToolRequestFunction, type ForwardingCalls, isInUnknownToolBranch, RequestedToolName } from "./unknown-tool-branch.js";

/** A call the handler was looked through (`withAuth(fn)`), and which of its arguments led to the handler. */
export interface WrapperCall {
  call: TSESTree.CallExpression;
  argumentIndex: number;
}

/**
 * A handler position, and what the code that calls the handler there does: guards it (`callerGuarded`: a dispatcher's
 * `try` around the table call, a loop over a table, or a project's own registration method), or may, unread
 * (`unreadCaller`: a project registry's method imported from another module, named in the hint).
 */
type Position = HandlerShape & { callerGuarded?: boolean; unreadCaller?: string };

/** `defineTool((args) => ({ name, handler }))`: the call that a function returning the definition `object` is given to. */
function factoryCall(object: TSESTree.ObjectExpression): WrapperCall | undefined {
  const fn = returningFunction(estreeTree, object);
  if (!fn) return undefined;
  const { child, parent } = outerParent(fn);
  if (parent?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const argumentIndex = parent.arguments.indexOf(child as TSESTree.CallExpressionArgument);
  return argumentIndex === -1 ? undefined : { call: parent, argumentIndex };
}

/** Steps through `const` aliases of an import (`const t = tool as unknown as CreateTool`): aliases of aliases are rare. */
const ALIAS_DEPTH = 4;

export interface ToolHandler extends HandlerShape {
  fn: FunctionNode;
  path: HandlerPath;
  /** Calls the handler was looked through on its way to the handler position (`withAuth(fn)`). */
  wrappers: readonly WrapperCall[];
  /** Inside a wrapper that catches (named in `handlers.wrappers`, or read): what it throws becomes an error result. */
  guarded: boolean;
  /**
   * The first wrapper it was passed through whose body the model could not read (imported, or a method), or the
   * definition function that defines it (`tool({ handler })`, not in `handlers.wrappers`): it may catch.
   */
  unreadWrapper: string | undefined;
}

/**
 * The ESTree adapter of the handler model: which functions of one file are MCP tool handlers, from
 * the shapes in `./handler-shapes.ts`. One instance per file and settings object, shared by every
 * rule (see `getMcpContext`).
 */
export class ToolHandlers {
  private readonly handlers = new Map<FunctionNode, ToolHandler | null>();
  private readonly enclosing = new Map<FunctionNode, ToolHandler | null>();
  private fileFacts: FileFacts | undefined;
  private importsAgentLibrary: boolean | undefined;
  private webMcpFile: boolean | undefined;
  private importSources: readonly string[] | undefined;
  private exportedNames: ReadonlySet<string> | undefined;
  private dispatcherPossible: boolean | undefined;
  /** The text may hold a handler whose runtime answers a throw with its message (`answersThrowWithMessage`). */
  private throwAnsweringPossible: boolean | undefined;
  /** Functions given to a call, and whether the call catches what they throw (`catchingCall`). */
  private readonly catchingArguments = new Map<TSESTree.Node, boolean>();

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly settings: McpSettings,
    private readonly inToolFile: () => boolean,
    private readonly typed: TypedServices | undefined,
    private readonly errorHelpers: ErrorHelpers,
  ) {}

  /**
   * `call` answers with an error result: a call of an error helper, or of a function that returns only error results
   * (one of this file, or of the class around the call; with type information, one of the program).
   */
  private readonly answersWithErrorResult = (call: TSESTree.CallExpression): boolean => {
    if (this.errorHelpers.helperFor(call) !== undefined) return true;
    const called = calledFunction(unwrapExpression(call.callee), this.sourceCode);
    if (called) return returnsOnlyErrorResults(called, this.sourceCode.visitorKeys);
    const node = this.typed?.toTs(call);
    return this.typed !== undefined && node !== undefined && callsErrorResultFunction(this.typed.checker, node);
  };

  /** A statement of a guard's `catch` that answers with an error result, itself or through a call. */
  private readonly returnsErrorResult = (statement: TSESTree.Statement): boolean =>
    returnsErrorResult(statement, this.settings, this.answersWithErrorResult);

  /** A value that answers with an error result (`isErrorAnswer`): what a wrapper's `catch` returns. */
  private readonly isErrorAnswer = (value: TSESTree.Expression): boolean =>
    isErrorAnswer(value, this.settings, this.answersWithErrorResult);

  /**
   * `CatchingCall` of the throw semantics for this file: a call of a wrapper that catches what the function given to
   * it throws (`wrapperCatches`), such as `withServerConnection(async () => ...)` in a handler.
   */
  readonly catchingCall = (call: TSESTree.Node, argument: TSESTree.Node): boolean => {
    let known = this.catchingArguments.get(argument);
    if (known === undefined) {
      const argumentIndex =
        call.type === AST_NODE_TYPES.CallExpression ? call.arguments.indexOf(argument as TSESTree.CallExpressionArgument) : -1;
      known = argumentIndex !== -1 && this.wrapperCatches({ call: call as TSESTree.CallExpression, argumentIndex }) === true;
      this.catchingArguments.set(argument, known);
    }
    return known;
  };

  /**
   * The wrapper a handler hands its whole work to as a function of no parameters (`(args) => toolWrapper(async () =>
   * listLogEntries(args))`) when the model cannot read whether it catches: an imported function not named in
   * `handlers.wrappers`. Its call and name, for a hint that names it; one that catches is a `catchingCall`.
   */
  unreadThunkWrapper(handler: ToolHandler): { call: TSESTree.CallExpression; name: string } | undefined {
    const call = onlyCall(handler.fn);
    const callee = call && unwrapExpression(call.callee);
    if (!call || callee?.type !== AST_NODE_TYPES.Identifier) return undefined;
    const argumentIndex = call.arguments.findIndex((argument) => isFunctionNode(argument) && argument.params.length === 0);
    return argumentIndex !== -1 && this.wrapperCatches({ call, argumentIndex }) === undefined ? { call, name: callee.name } : undefined;
  }

  /** The file is tool code as a whole (`toolFiles`). */
  get isToolFile(): boolean {
    return this.inToolFile();
  }

  /** The handler that `fn` is, if it is one. */
  toolHandler(fn: FunctionNode): ToolHandler | undefined {
    let known = this.handlers.get(fn);
    if (known === undefined) {
      // A table or method lookup may ask about a function whose answer is being decided: not (yet) a handler.
      this.handlers.set(fn, null);
      known = this.recognise(fn) ?? null;
      this.handlers.set(fn, known);
    }
    return known ?? undefined;
  }

  isToolHandler(fn: FunctionNode): boolean {
    return this.toolHandler(fn) !== undefined;
  }

  /**
   * The base class that makes a class's members handlers (`handlers.baseClasses`): the one it extends, or one a class of
   * the file between them extends (`class MeTool extends ApiBaseTool`, `class ApiBaseTool extends MCPTool`); else the
   * name it extends.
   */
  private toolBaseClass(classNode: TSESTree.Node): string | undefined {
    const { baseClasses } = this.settings.handlers;
    let current = classNode;
    let name = baseClassName(current);
    for (let depth = 0; name !== undefined && !baseClasses.includes(name) && depth < MAX_BASE_CLASS_DEPTH; depth++) {
      if (current.type !== AST_NODE_TYPES.ClassDeclaration && current.type !== AST_NODE_TYPES.ClassExpression) break;
      const { superClass } = current;
      const between = superClass?.type === AST_NODE_TYPES.Identifier ? topLevelClass(superClass, this.sourceCode) : undefined;
      const next = between && baseClassName(between.parent);
      if (!between || next === undefined) break;
      current = between.parent;
      name = next;
    }
    return name;
  }

  /** The file's text may hold a handler that fails by throwing (`mayAnswerThrowsWithMessage`): read once. */
  mayHoldThrowAnsweringHandlers(): boolean {
    this.throwAnsweringPossible ??= mayAnswerThrowsWithMessage(this.sourceCode.text);
    return this.throwAnsweringPossible;
  }

  /**
   * `fn` is a handler that fails by throwing (`answersThrowWithMessage`: mcp-framework's `MCPTool`), whose every
   * returned value is a success. Only a file whose text names such a base class is asked for its handlers.
   */
  failsByThrowing(fn: FunctionNode): boolean {
    if (!this.mayHoldThrowAnsweringHandlers()) return false;
    const handler = this.toolHandler(fn);
    return handler !== undefined && answersThrowWithMessage(handler);
  }

  /** The nearest tool handler containing `node` (a function nested in a handler is part of it). */
  enclosingToolHandler(node: TSESTree.Node): ToolHandler | undefined {
    return nearestOwner(node, this.enclosing, (fn) => this.toolHandler(fn));
  }

  /** Tool code: anywhere in a tool file, or inside a recognised handler in any file. */
  isInToolCode(node: TSESTree.Node): boolean {
    return this.isToolFile || this.enclosingToolHandler(node) !== undefined;
  }

  /**
   * True when `node` is the dispatcher's lookup of the requested tool in a table (`tools.find((t) => t.name ===
   * request.params.name)`, `handlers.get(name)`, `handlers.has(name)`), or a finder's call with the name that is not
   * awaited (`this.findOperation(name)`): reading a table cannot fail.
   */
  isToolLookup(node: TSESTree.Node, handler: ToolHandler): boolean {
    if (handler.kind !== "requestHandler") return false;
    const name = new RequestedToolName(handler.fn, this.sourceCode, this.forwardingCalls);
    return name.lookupTable(node, true) !== undefined || (node.type === AST_NODE_TYPES.CallExpression && name.isFinderCall(node));
  }

  /**
   * True when `node` is in the unknown-tool branch of a low-level `tools/call` dispatcher,
   * where the specification makes the error a protocol error.
   */
  isInUnknownToolBranch(node: TSESTree.Node, handler?: ToolHandler): boolean {
    if (!handler) {
      // A function typed as the dispatcher (`execute(request: CallToolRequest)`), which another file hands the request.
      const typedDispatcher = this.isToolFile ? callToolRequestFunction(node, this.sourceCode.text) : undefined;
      if (typedDispatcher && isInUnknownToolBranch(node, typedDispatcher, this.sourceCode, this.forwardingCalls)) return true;
      // Without types only a `setRequestHandler` call of this file makes a dispatcher: in a file that has
      // none, the handler around the node need not be found.
      if (!this.mayHoldDispatcher()) return false;
    }
    handler ??= this.enclosingToolHandler(node);
    return handler?.kind === "requestHandler" && isInUnknownToolBranch(node, handler.fn, this.sourceCode, this.forwardingCalls);
  }

  /**
   * The calls of forwarders that hand a method or function the handler role: `(request) =>
   * this.handleToolCall(request.params.name)`, `(request) => handleToolCall(request.params.name)`.
   */
  private readonly forwardingCalls: ForwardingCalls = (fn) =>
    [...this.methodReferencesOf(fn), ...this.referencesOf(fn)].flatMap((reference) => {
      const { child, parent } = outerParent(reference);
      const forwarder = parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === child ? forwarderOf(parent) : undefined;
      return forwarder && parent?.type === AST_NODE_TYPES.CallExpression ? [{ call: parent, forwarder }] : [];
    });

  /**
   * The file may hold a `tools/call` dispatcher: its text names `setRequestHandler` (or may, through an
   * escape in a name), or, with types, a registration in another file may make one of its functions one.
   */
  private mayHoldDispatcher(): boolean {
    this.dispatcherPossible ??=
      this.typed !== undefined || this.sourceCode.text.includes(SET_REQUEST_HANDLER) || hasEscapes(this.sourceCode);
    return this.dispatcherPossible;
  }

  private recognise(fn: FunctionNode): ToolHandler | undefined {
    const only = onlyCall(fn);
    const onlyCallee = only && unwrapExpression(only.callee);
    // `(args) => wrap(cb)(args)` stands for `wrap(cb)`: the function it is given is the handler.
    const expanded = onlyCallee?.type === AST_NODE_TYPES.CallExpression ? etaExpandedCall(fn) : undefined;
    if (expanded && etaExpansionHandsOn(expanded.arguments.map((argument) => this.givenValue(argument, fn)))) return undefined;
    const seen = new Set<TSESTree.Node>();
    const wrappers: WrapperCall[] = [];
    // `(args) => this.search(args)`, a dispatcher's `(request) => handleToolCall(request.params.name)`: the method or
    // function is the handler, not the function that forwards to it (`forwardedCall`).
    const forwarded =
      onlyCallee?.type === AST_NODE_TYPES.MemberExpression || onlyCallee?.type === AST_NODE_TYPES.Identifier ? onlyCallee : undefined;
    const callee = forwarded && (forwarded.type === AST_NODE_TYPES.Identifier ? "function" : "method");
    const asked = {
      calleeFound: (): boolean => forwarded !== undefined && this.forwardedFunction(forwarded, fn) !== undefined,
      givenFunction: (): boolean => forwarded !== undefined && givesFunction(forwarded.parent),
    };
    if (callee === "method" && forwardsToFunction({ callee, position: undefined }, asked)) return undefined;
    const direct = this.handlerPosition(fn, wrappers, seen);
    if (callee === "function" && forwardsToFunction({ callee, position: direct?.kind }, asked)) return undefined;
    let best = direct && { shape: direct, wrappers };
    // A named function or a method counts where one of its references sits in a handler position;
    // among several positions the one `HANDLER_KIND_ORDER` prefers wins, as in the TypeScript adapter.
    for (const reference of [...this.referencesOf(fn), ...this.methodReferencesOf(fn)]) {
      if (best && HANDLER_KIND_ORDER.indexOf(best.shape.kind) === 0) break;
      const viaName: WrapperCall[] = [];
      const shape = this.referencePosition(reference, viaName, seen);
      if (shape && (!best || HANDLER_KIND_ORDER.indexOf(shape.kind) < HANDLER_KIND_ORDER.indexOf(best.shape.kind)))
        best = { shape, wrappers: viaName };
    }
    if (best) {
      const notHandler = rendersUi(fn, this.sourceCode) || isRegistrarExport(best.shape, () => this.registersTools(fn));
      return notHandler ? undefined : this.handler(fn, best.shape, best.wrappers);
    }
    // With type information: a registration in any file of the program that `fn` flows into.
    const node = this.typed?.toTs(fn);
    const elsewhere = node && this.typed && getProgramHandlers(this.typed.program, this.settings, this.typed.cwd).handlerOf(node);
    return (
      elsewhere && {
        fn,
        kind: elsewhere.kind,
        via: elsewhere.via,
        mcpServer: elsewhere.mcpServer,
        path: handlerPath(elsewhere),
        wrappers: [],
        guarded: elsewhere.guarded,
        unreadWrapper: undefined,
      }
    );
  }

  private handler(fn: FunctionNode, { callerGuarded = false, unreadCaller, ...shape }: Position, wrappers: WrapperCall[]): ToolHandler {
    let guarded = callerGuarded;
    let unreadWrapper = unreadCaller;
    for (const wrapper of wrappers) {
      const catches = this.wrapperCatches(wrapper);
      guarded ||= catches === true;
      if (catches === undefined) unreadWrapper ??= calleeName(wrapper.call.callee);
    }
    // A definition function not named in `handlers.wrappers` hands its handlers to code this file cannot see, which may catch.
    if (!guarded && shape.kind === "definition" && !runtimeConvertsThrows(shape)) unreadWrapper ??= shape.via;
    return { fn, ...shape, path: handlerPath(shape), wrappers, guarded, unreadWrapper };
  }

  /**
   * Whether a wrapper catches what the handler throws and returns an error result: one named in
   * `handlers.wrappers` does; one declared in this file (with type information, in any file of the
   * program) is read. Undefined for a wrapper whose body the model cannot read.
   */
  private wrapperCatches({ call, argumentIndex }: WrapperCall): boolean | undefined {
    if (isConvertingWrapper(this.settings, calleeName(call.callee))) return true;
    const here = catchingWrapperCall(call, argumentIndex, this.sourceCode, this.isErrorAnswer);
    const node = here === undefined ? this.typed?.toTs(call) : undefined;
    return this.typed && node ? catchingWrapperCallTs(this.typed.checker, node, argumentIndex, this.settings) : here;
  }

  /**
   * The handler position a reference to a function or method stands in: itself (`handler: runGit`,
   * `this.search`), `this.search.bind(this)`, or the call of a function that only forwards to it.
   */
  private referencePosition(reference: TSESTree.Node, wrappers: WrapperCall[], seen: Set<TSESTree.Node>): Position | undefined {
    const { child, parent } = outerParent(reference);
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === child && propertyName(parent) === "bind") {
      const call = parent.parent;
      return call.type === AST_NODE_TYPES.CallExpression && call.callee === parent ? this.handlerPosition(call, wrappers, seen) : undefined;
    }
    if (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === child) {
      const forwarder = forwarderOf(parent);
      const position = forwarder && this.handlerPosition(forwarder, wrappers, seen);
      const callee = reference.type === AST_NODE_TYPES.Identifier ? "function" : "method";
      const asked = { calleeFound: () => true, givenFunction: () => givesFunction(parent) };
      return forwardsToFunction({ callee, position: position?.kind }, asked) ? position : undefined;
    }
    return this.handlerPosition(reference, wrappers, seen);
  }

  /**
   * The function the forwarding call of `forwarder` calls: `this.search` of the enclosing class, `tools.search` of a
   * same-file object literal or `Tools.search` of a class, `handleToolCall` declared in this file.
   */
  private forwardedFunction(callee: TSESTree.MemberExpression | TSESTree.Identifier, forwarder: FunctionNode): FunctionNode | undefined {
    // A parameter is no function of this file (nothing else binds a name in the forwarder).
    if (callee.type === AST_NODE_TYPES.Identifier)
      return bindsParameter(forwarder, callee.name) ? undefined : calledFunction(callee, this.sourceCode);
    const name = propertyName(callee);
    if (name === undefined || callee.computed) return undefined;
    const object = unwrapExpression(callee.object);
    if (object.type === AST_NODE_TYPES.ThisExpression) return calledFunction(callee, this.sourceCode);
    // `([a], [b]) => a.localeCompare(b)`: a parameter is no object literal (nothing else binds a name in the forwarder).
    if (object.type !== AST_NODE_TYPES.Identifier || bindsParameter(forwarder, object.name)) return undefined;
    // `WeatherTools.forecast`: a static method of a class of this file.
    const method = calledFunction(callee, this.sourceCode);
    if (method) return method;
    const definition = definitionOf(object, ["variable"], this.sourceCode);
    const init =
      definition?.type === TSESLint.Scope.DefinitionType.Variable && definition.parent.kind === "const" ? definition.node.init : null;
    const literal = init && unwrapExpression(init);
    if (literal?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
    const value = findProperty(literal, name)?.value;
    const fn = value && unwrapExpression(value);
    return isFunctionNode(fn) ? fn : undefined;
  }

  /**
   * References to a method: `this.<name>` in its class (found through the class's tokens, no walk),
   * or `<object>.<name>` for a property of an object literal bound to a `const`.
   */
  private methodReferencesOf(fn: FunctionNode): TSESTree.MemberExpression[] {
    const around = outerParent(fn);
    const method = classMethodOf(fn, around);
    if (method) return methodReads(method, this.sourceCode);
    const { child, parent } = around;
    if (parent?.type !== AST_NODE_TYPES.Property || parent.value !== child || parent.parent.type !== AST_NODE_TYPES.ObjectExpression)
      return [];
    const name = propertyName(parent);
    const declarator = constDeclaratorOf(parent.parent);
    if (name === undefined || !declarator) return [];
    const found: TSESTree.MemberExpression[] = [];
    for (const reference of readsOf(declarator, declarator.id, this.sourceCode)) {
      const member = outerParent(reference).parent;
      if (member?.type === AST_NODE_TYPES.MemberExpression && !member.computed && propertyName(member) === name) found.push(member);
    }
    return found;
  }

  /** Read references to a function declaration or a `const` bound to the function. */
  private referencesOf(fn: FunctionNode): readonly TSESTree.Identifier[] {
    if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return fn.id ? readsOf(fn, fn.id, this.sourceCode) : [];
    const declarator = constDeclaratorOf(fn);
    return declarator ? readsOf(declarator, declarator.id, this.sourceCode) : [];
  }

  /**
   * What kind of handler position `node` (a function, or an expression that evaluates to one)
   * stands in, climbing through wrapper calls and `const` bindings.
   */
  private handlerPosition(node: TSESTree.Node, wrappers: WrapperCall[], seen: Set<TSESTree.Node>): Position | undefined {
    if (seen.has(node)) return undefined;
    seen.add(node);
    const { child, parent } = outerParent(node);
    if (!parent) return undefined;
    switch (parent.type) {
      case AST_NODE_TYPES.Property: {
        if (parent.value !== child || parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
        const object = parent.parent;
        const property = propertyName(parent);
        if (isHandlerObjectMember(property)) {
          const task = this.handlerObjectMemberPosition(object, property, wrappers, seen);
          if (task) return task;
        }
        if (!isHandlerMember(this.settings, property, (name) => findProperty(object, name) !== undefined))
          return this.tablePosition(object);
        // A definition a dispatcher calls from its table is on the dispatcher's path (see `HANDLER_KIND_ORDER`).
        const table = this.tableListing(object);
        const dispatched = this.tablePosition(table);
        if (dispatched) return dispatched;
        const loop = table && this.tableLoop(table, property, wrappers, seen);
        if (loop && "position" in loop) return loop.position;
        const shape = this.definitionObjectShape(object, wrappers);
        return shape && loop ? { ...shape, callerGuarded: shape.callerGuarded === true || wrapperCatchesThrows(loop.handedOn) } : shape;
      }
      case AST_NODE_TYPES.ArrayExpression:
        return this.tablePosition(mapOfEntry(parent, child));
      case AST_NODE_TYPES.MethodDefinition:
      case AST_NODE_TYPES.PropertyDefinition: {
        if (parent.value !== child) return undefined;
        const member = classMemberShape(this.settings, propertyName(parent), this.toolBaseClass(parent.parent.parent));
        // A class whose runtime answers a throw as the tool's failure guards its handlers.
        if (member) return answersThrowWithMessage(member) ? { ...member, callerGuarded: true } : member;
        return decoratedMethodShape(this.settings, parent.decorators.map(decoratorFacts));
      }
      case AST_NODE_TYPES.CallExpression: {
        if (parent.callee !== child) return this.callArgumentPosition(parent, child, wrappers, seen);
        // `wrap(cb)` called by its long form `(args) => wrap(cb)(args)` stands where the long form does.
        const longForm = enclosingFunction(parent);
        return longForm && etaExpandedCall(longForm) === node ? this.handlerPosition(longForm, wrappers, seen) : undefined;
      }
      case AST_NODE_TYPES.ReturnStatement:
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return isFunctionNode(node) && (parent.type === AST_NODE_TYPES.ReturnStatement || parent.body === child)
          ? this.madeFunctionPosition(node, wrappers, seen)
          : undefined;
      case AST_NODE_TYPES.ExportNamedDeclaration:
        return node.type === AST_NODE_TYPES.FunctionDeclaration && node.id
          ? toolModuleExportShape(this.settings, { name: node.id.name, inToolFile: this.inToolFile, exports: this.exports })
          : undefined;
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        return defaultExportShape(this.isToolFile, () => this.facts());
      case AST_NODE_TYPES.ExportSpecifier:
        return parent.local === child && exportedName(parent) === "default"
          ? defaultExportShape(this.isToolFile, () => this.facts())
          : undefined;
      case AST_NODE_TYPES.VariableDeclarator: {
        const declarator = constDeclaratorOf(child);
        if (!declarator) return undefined;
        for (const reference of readsOf(declarator, declarator.id, this.sourceCode)) {
          const shape = this.handlerPosition(reference, wrappers, seen);
          if (shape) return shape;
        }
        if (declarator.parent.parent.type === AST_NODE_TYPES.ExportNamedDeclaration) {
          const exported = toolModuleExportShape(this.settings, {
            name: declarator.id.name,
            inToolFile: this.inToolFile,
            exports: this.exports,
          });
          if (exported) return exported;
        }
        const type = declarator.id.typeAnnotation?.typeAnnotation;
        const typeName = type?.type === AST_NODE_TYPES.TSTypeReference ? type.typeName : undefined;
        if (typeName?.type !== AST_NODE_TYPES.Identifier) return undefined;
        return annotatedCallbackShape(this.settings, { typeName: typeName.name, typeSource: () => this.importSourceOf(typeName) });
      }
      default:
        return undefined;
    }
  }

  private callArgumentPosition(
    call: TSESTree.CallExpression,
    argument: TSESTree.Node,
    wrappers: WrapperCall[],
    seen: Set<TSESTree.Node>,
  ): Position | undefined {
    const argumentIndex = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
    if (argumentIndex === -1) return undefined;
    const callee = unwrapExpression(call.callee);
    const first = call.arguments.at(0);
    const selector = first && unwrapExpression(first);
    const configFirst = argumentIndex > 0 && selector?.type === AST_NODE_TYPES.ObjectExpression;
    const nameFirst = argumentIndex > 0 && selector?.type === AST_NODE_TYPES.Literal && typeof selector.value === "string";
    // Asked by the shape and again for the hint: read once.
    let projectReceiver: boolean | undefined;
    const shape = callArgumentShape(this.settings, {
      method: callee.type === AST_NODE_TYPES.MemberExpression ? propertyName(callee) : this.aliasedMethodOf(callee),
      argumentIndex,
      isLastFunctionArgument: isLastFunctionArgument(call, argumentIndex),
      selector: {
        name: selector && calleeName(selector),
        literal: selector?.type === AST_NODE_TYPES.Literal && typeof selector.value === "string" ? selector.value : undefined,
      },
      callee: () => calleeName(callee),
      configFirst,
      nameFirst,
      importSource: () => this.calleeImportSource(call),
      otherToolApi: this.isOtherToolApiCall(call),
      projectReceiver: () => (projectReceiver ??= this.callsProjectMethod(callee)),
    });
    // A project's own registration method is read like a wrapper: `this.registerTool(tool, cb)` that calls `cb` in a `try`.
    if (shape !== "lookThrough") {
      if (shape?.kind === "definition") {
        if (isGuardingDefinition(this.settings, shape.via)) wrappers.push({ call, argumentIndex });
        else if (isGuardingLibraryDefinition(shape.via, () => this.calleeImportSource(call))) return { ...shape, callerGuarded: true };
      }
      if (shape?.kind !== "registration") return shape;
      const catches = this.wrapperCatches({ call, argumentIndex });
      // A project's registry, imported or called off `McpServer`'s signature (`registerTool(name, description, schema, cb)`).
      const projectMethod =
        takesMcpServerCallback(shape.via, argumentIndex) === false || (projectReceiver ??= this.callsProjectMethod(callee));
      const unreadCaller = catches === undefined && projectMethod ? shape.via : undefined;
      return { ...shape, callerGuarded: catches === true, unreadCaller };
    }
    // A call that may wrap the handler is looked through: `handler: withAuth(async (args) => ...)`; not to the
    // wrapper's error reporter (`trackTool(name, callback, recordError)`), asked only once a handler position is found.
    const depth = wrappers.length;
    wrappers.push({ call, argumentIndex });
    const outer = this.handlerPosition(call, wrappers, seen);
    if (outer && !isErrorCallbackArgument(call, argumentIndex, this.sourceCode, this.isErrorAnswer)) return outer;
    // The wrappers this position and the ones outside it pushed are no handler's.
    wrappers.length = depth;
    return callee.type === AST_NODE_TYPES.Identifier
      ? this.registrarArgumentPosition(call, callee, argumentIndex, wrappers, seen)
      : undefined;
  }

  /**
   * The position of the argument a call of a local registrar gives the parameter it hands on (`isRegistrarParameter`):
   * `tool("search", shape, async (args) => ...)` for `const tool = (name, shape, cb) => server.registerTool(name, config, cb)`.
   */
  private registrarArgumentPosition(
    call: TSESTree.CallExpression,
    callee: TSESTree.Identifier,
    argumentIndex: number,
    wrappers: WrapperCall[],
    seen: Set<TSESTree.Node>,
  ): Position | undefined {
    const registrar = declaredFunction(callee, this.sourceCode);
    const parameter = registrar?.params.at(argumentIndex);
    const plainParameter = parameter?.type === AST_NODE_TYPES.Identifier;
    if (!registrar || !plainParameter || !isRegistrarParameter({ plainParameter, argumentShape: "lookThrough" })) return undefined;
    for (const read of parameterReads(registrar, parameter, this.sourceCode)) {
      const depth = wrappers.length;
      const position = this.handlerPosition(read, wrappers, seen);
      if (position) return position;
      wrappers.length = depth;
    }
    return undefined;
  }

  /**
   * The position of a function that a function of the file returns as itself (`standsWhereMakerIsCalled`): where a call
   * of its maker stands (`registerTool(name, config, instrumented(name, run))` registers what `instrumented` returns).
   */
  private madeFunctionPosition(fn: FunctionNode, wrappers: WrapperCall[], seen: Set<TSESTree.Node>): Position | undefined {
    const maker = returningFunction(estreeTree, fn);
    if (!isFunctionNode(maker) || !standsWhereMakerIsCalled({ makerDeclaredInFile: declaredName(maker) !== undefined })) return undefined;
    for (const reference of this.referencesOf(maker)) {
      const { child, parent } = outerParent(reference);
      if (parent?.type !== AST_NODE_TYPES.CallExpression || parent.callee !== child) continue;
      const depth = wrappers.length;
      const position = this.handlerPosition(parent, wrappers, seen);
      if (position) return position;
      wrappers.length = depth;
    }
    return undefined;
  }

  /** What `argument` of the call a long form makes (`etaExpandedCall`) is, for `etaExpansionHandsOn`. */
  private givenValue(argument: TSESTree.Node, longForm: FunctionNode): GivenValue {
    const value = unwrapExpression(argument);
    if (isFunctionNode(value)) return "function";
    if (value.type !== AST_NODE_TYPES.Identifier) return "other";
    if (declaredFunction(value, this.sourceCode)) return "function";
    // The scopes are asked only here, for the few long forms a file has.
    const definition = ASTUtils.findVariable(this.sourceCode.getScope(value), value)?.defs.at(0);
    return definition?.type === TSESLint.Scope.DefinitionType.Parameter && definition.node !== longForm ? "parameter" : "other";
  }

  /** The position of `createTask` in a handler object given to `registerToolTask` (`handlerObjectMemberShape`). */
  private handlerObjectMemberPosition(
    object: TSESTree.ObjectExpression,
    member: string | undefined,
    wrappers: WrapperCall[],
    seen: Set<TSESTree.Node>,
  ): Position | undefined {
    // Given itself, or through the `const` it is bound to (`const handler: ToolTaskHandler = { createTask }`).
    const declarator = constDeclaratorOf(object);
    const uses = declarator ? readsOf(declarator, declarator.id, this.sourceCode) : [object];
    for (const use of uses) {
      const given = callGivenArgument(use);
      const position = given && this.callArgumentPosition(given.call, given.argument, wrappers, seen);
      if (position && handlerObjectMemberShape(position, member)) return position;
    }
    return undefined;
  }

  /**
   * The shape of a handler property of `object`, if the object is an MCP tool definition. A definition
   * function named in `handlers.wrappers` counts as a wrapper of the handler (see `isGuardingDefinition`),
   * given the object or a function that returns it; one of a library that guards its handlers
   * (`isGuardingLibraryDefinition`) guards it.
   */
  private definitionObjectShape(object: TSESTree.ObjectExpression, wrappers: WrapperCall[]): Position | undefined {
    const given = callGivenArgument(object);
    const call = given?.call;
    const has = (name: string): boolean => findProperty(object, name) !== undefined;
    const hasInputSchema = hasInputSchemaProperty(has);
    const definitionCall = call && calleeName(call.callee);
    const shape = definitionObjectShape(this.settings, {
      definitionCall,
      otherToolApi: call !== undefined && this.isOtherToolApiCall(call),
      inToolFile: this.isToolFile,
      // Only asked when it can decide: the file's facts are read once, and only for such objects.
      inServerCode: !this.isToolFile && hasInputSchema && isServerCode(this.settings, this.facts()),
      hasInputSchema,
      definesNoTool: () => definesNoTool(definitionCall, has),
      fileImports: () => this.imports(),
    });
    const guard =
      shape && (given ? { call: given.call, argumentIndex: given.call.arguments.indexOf(given.argument) } : factoryCall(object));
    if (!shape || !guard) return shape;
    const guardCall = calleeName(guard.call.callee);
    if (isGuardingDefinition(this.settings, guardCall)) wrappers.push(guard);
    else if (isGuardingLibraryDefinition(guardCall, () => this.calleeImportSource(guard.call))) return { ...shape, callerGuarded: true };
    return shape;
  }

  /**
   * The table a definition object is an entry of: written in it (`tableEntryContainer`), or bound to a `const` whose
   * name the table lists (`const askTool = { ... }; const tools = [askTool]`, `{ ask: askTool }`).
   */
  private tableListing(object: TSESTree.ObjectExpression): TSESTree.Node | undefined {
    const written = tableEntryContainer(object);
    const declarator = written ? undefined : constDeclaratorOf(object);
    if (!declarator) return written;
    for (const read of readsOf(declarator, declarator.id, this.sourceCode)) {
      const listing = tableEntryContainer(read);
      if (listing) return listing;
    }
    return undefined;
  }

  /**
   * The shape of a function in `table` (an object literal, `new Map([...])` or array of definitions
   * bound to a `const`): a dispatch-table handler when a dispatcher looks the requested tool up in
   * it and calls what it finds.
   */
  private tablePosition(table: TSESTree.Node | undefined, depth = 0): Position | undefined {
    const declarator = table && constDeclaratorOf(table);
    if (!declarator) {
      // A factory's table spread into one (`{ ...createLogsToolHandlers(api) }`): its entries are that table's.
      if (!table || depth >= MAX_SPREAD_FACTORIES) return undefined;
      for (const spreading of this.tablesSpreading(table)) {
        const position = this.tablePosition(spreading, depth + 1);
        if (position) return position;
      }
      return undefined;
    }
    for (const reference of readsOf(declarator, declarator.id, this.sourceCode)) {
      // An index built from the table is looked up as the table would be (`buildsTableIndex`).
      const index = depth < MAX_SPREAD_FACTORIES ? this.tableIndex(reference) : undefined;
      const indexed = index && this.tablePosition(index, depth + 1);
      if (indexed) return indexed;
      const dispatcher = this.enclosingToolHandler(reference);
      const inDispatcher = dispatcher?.kind === "requestHandler";
      const lookup = inDispatcher ? lookupAround(reference) : undefined;
      const name = dispatcher && new RequestedToolName(dispatcher.fn, this.sourceCode, this.forwardingCalls);
      const byRequestedName = lookup !== undefined && name?.lookupTable(lookup, false) === outerParent(reference).child;
      const call = byRequestedName ? this.callOfLookup(lookup) : undefined;
      const shape = dispatchTableShape({ inDispatcher, byRequestedName, resultCalled: call !== undefined });
      if (!shape || !dispatcher || !call) continue;
      const guard = tryAround(call, dispatcher.fn);
      return {
        ...shape,
        callerGuarded: isGuardedCall({
          inTry: guard !== undefined,
          catchReturnsErrorResult: guard?.handler?.body.body.some(this.returnsErrorResult) ?? false,
        }),
      };
    }
    return undefined;
  }

  /**
   * The index of a table's entries (`buildsTableIndex`) that a loop over a read of the table builds: the `new Map(...)`
   * or `Object.fromEntries(...)` given the pairs its `map` callback returns (`[tool.name, tool]`), or the `new Map()` of
   * a `const` it fills (`byName.set(tool.name, tool)`).
   */
  private tableIndex(read: TSESTree.Node): TSESTree.Node | undefined {
    const element = loopElementOf(read);
    if (element?.pattern.type !== AST_NODE_TYPES.Identifier) return undefined;
    for (const use of this.elementReads(element, element.pattern)) {
      const { child, parent } = outerParent(use);
      if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments[1] === child) {
        const { callee } = parent;
        const index =
          callee.type === AST_NODE_TYPES.MemberExpression && propertyName(callee) === TABLE_INDEX_SETTER
            ? unwrapExpression(callee.object)
            : undefined;
        const value = index?.type === AST_NODE_TYPES.Identifier ? singleValueOf(index, this.sourceCode)?.value : undefined;
        const built = value && unwrapExpression(value);
        if (built?.type === AST_NODE_TYPES.NewExpression && buildsTableIndex({ builder: calleeName(built.callee), constructed: true }))
          return built;
      }
      const callback = element.owner;
      if (parent?.type !== AST_NODE_TYPES.ArrayExpression || parent.elements.length !== 2 || parent.elements[1] !== child) continue;
      if (
        !isFunctionNode(callback) ||
        (callback.body !== parent && !returnedValues(callback, this.sourceCode.visitorKeys).includes(parent))
      )
        continue;
      const mapCall = outerParent(callback).parent;
      const { child: pairs, parent: builder } = mapCall ? outerParent(mapCall) : { child: undefined, parent: undefined };
      const constructed = builder?.type === AST_NODE_TYPES.NewExpression;
      if ((constructed || builder?.type === AST_NODE_TYPES.CallExpression) && builder.arguments[0] === pairs) {
        if (buildsTableIndex({ builder: calleeName(builder.callee), constructed })) return builder;
      }
    }
    return undefined;
  }

  /** The object literals that spread a call of the function of this file that returns `table` (`{ ...factory(api) }`). */
  private tablesSpreading(table: TSESTree.Node): TSESTree.ObjectExpression[] {
    const factory = returningFunction(estreeTree, table);
    if (!isFunctionNode(factory)) return [];
    return this.referencesOf(factory).flatMap((reference) => {
      const { child, parent: call } = outerParent(reference);
      if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== child) return [];
      const { parent: spread } = outerParent(call);
      return spread?.type === AST_NODE_TYPES.SpreadElement && spread.parent.type === AST_NODE_TYPES.ObjectExpression ? [spread.parent] : [];
    });
  }

  /**
   * How this file's loops over `table` (bound to a `const`) hand on an entry's handler `property` (see
   * `isTableLoopMethod`): the handler position a use stands in, or else how the loops use it. Undefined when no loop
   * hands it on.
   */
  private tableLoop(
    table: TSESTree.Node,
    property: string | undefined,
    wrappers: WrapperCall[],
    seen: Set<TSESTree.Node>,
  ): { position: Position } | { handedOn: WrapperFacts } | undefined {
    if (property === undefined) return undefined;
    const uses: TSESTree.Node[] = [];
    for (const read of this.tableReads(table)) {
      const element = loopElementOf(read);
      if (element) uses.push(...this.entryHandlerUses(element, property));
    }
    if (uses.length === 0) return undefined;
    for (const use of uses) {
      const position = this.handlerPosition(use, wrappers, seen);
      if (position) return { position };
    }
    const boundaryOf = (call: TSESTree.Node): TSESTree.Node => enclosingFunction(call) ?? this.sourceCode.ast;
    return { handedOn: handedOnFacts(uses, boundaryOf, this.isErrorAnswer) };
  }

  /**
   * Where `table` is read: the reads of the `const` it is bound to, or, for a table a function of the file returns
   * (`tableStandsWhereFactoryIsCalled`), that function's calls and the reads of a `const` bound to one.
   */
  private tableReads(table: TSESTree.Node): TSESTree.Node[] {
    const constReads = (node: TSESTree.Node): readonly TSESTree.Node[] => {
      const declarator = constDeclaratorOf(node);
      return declarator ? readsOf(declarator, declarator.id, this.sourceCode) : [];
    };
    const reads = constReads(table);
    if (reads.length > 0) return [...reads];
    const factory = returningFunction(estreeTree, table);
    if (!isFunctionNode(factory) || !tableStandsWhereFactoryIsCalled({ factoryDeclaredInFile: declaredName(factory) !== undefined }))
      return [];
    return this.referencesOf(factory).flatMap((reference) => {
      const { child, parent } = outerParent(reference);
      return parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === child ? [parent, ...constReads(parent)] : [];
    });
  }

  /** The reads of an entry's handler `property` in a loop: `tool.handler` for the entry `tool`, `handler` for `{ handler }`. */
  private entryHandlerUses(element: LoopElement, property: string): TSESTree.Node[] {
    const { pattern } = element;
    const readsOfBinding = (id: TSESTree.Identifier): TSESTree.Node[] => this.elementReads(element, id);
    if (pattern.type === AST_NODE_TYPES.Identifier) {
      return readsOfBinding(pattern).flatMap((read) => {
        const { parent } = outerParent(read);
        return parent?.type === AST_NODE_TYPES.MemberExpression && !parent.computed && propertyName(parent) === property ? [parent] : [];
      });
    }
    if (pattern.type !== AST_NODE_TYPES.ObjectPattern) return [];
    for (const member of pattern.properties) {
      if (member.type !== AST_NODE_TYPES.Property || member.computed || propertyName(member) !== property) continue;
      const value = member.value.type === AST_NODE_TYPES.AssignmentPattern ? member.value.left : member.value;
      return value.type === AST_NODE_TYPES.Identifier ? readsOfBinding(value) : [];
    }
    return [];
  }

  /** The reads of `id`, a name a loop's entry binding declares (`tool` of `for (const tool of tools)`). */
  private elementReads({ owner }: LoopElement, id: TSESTree.Identifier): TSESTree.Node[] {
    const variable = this.sourceCode.getDeclaredVariables(owner).find((candidate) => candidate.identifiers.includes(id));
    return variable ? readReferences(variable).map(({ identifier }) => identifier) : [];
  }

  /** The call of what a lookup found: `lookup(args)`, `lookup.handler(args)`, or either through a `const`. */
  private callOfLookup(lookup: TSESTree.Node): TSESTree.CallExpression | undefined {
    const direct = callOfValue(lookup, this.settings);
    if (direct) return direct;
    const declarator = constDeclaratorOf(lookup);
    if (!declarator) return undefined;
    for (const reference of readsOf(declarator, declarator.id, this.sourceCode)) {
      const call = callOfValue(reference, this.settings);
      if (call) return call;
    }
    return undefined;
  }

  /** The modules the file imports. */
  private imports(): readonly string[] {
    this.importSources ??= this.sourceCode.ast.body.flatMap((statement) =>
      statement.type === AST_NODE_TYPES.ImportDeclaration ? [statement.source.value] : [],
    );
    return this.importSources;
  }

  /** The file exports a binding named `name` (`toolModuleExportShape`): its top-level statements read once. */
  private readonly exports = (name: string): boolean =>
    (this.exportedNames ??= new Set(this.sourceCode.ast.body.flatMap(exportedNames))).has(name);

  /** The file's imports and whether it registers tools itself, read once (top-level statements and tokens, no walk). */
  private facts(): FileFacts {
    if (this.fileFacts) return this.fileFacts;
    const { ast } = this.sourceCode;
    this.fileFacts = {
      imports: this.imports(),
      registersTools: this.callsRegistrationMethod(ast.tokens),
      exportsToolMetadata: ast.body.some((statement) => exportedNames(statement).some((name) => TOOL_METADATA_EXPORTS.has(name))),
      importsProtocolErrors: ast.body.some(
        (statement) =>
          statement.type === AST_NODE_TYPES.ImportDeclaration &&
          statement.importKind !== "type" &&
          statement.specifiers.some(
            (specifier) =>
              specifier.type === AST_NODE_TYPES.ImportSpecifier &&
              specifier.importKind !== "type" &&
              isSdkProtocolErrorImport(importedName(specifier, "imported"), statement.source.value, this.settings),
          ),
      ),
    };
    return this.fileFacts;
  }

  /** `fn` calls a registration method itself, in its body or a function nested in it (see `isRegistrarExport`). */
  private registersTools(fn: FunctionNode): boolean {
    return this.callsRegistrationMethod(this.sourceCode.getTokens(fn));
  }

  /**
   * The tokens hold a call of a registration method (`isRegistrationCall`): `.registerTool(`, or `registerTool(` of a
   * method taken off its object (`aliasedMethod`), found without a walk.
   */
  private callsRegistrationMethod(tokens: readonly TSESTree.Token[]): boolean {
    for (let index = 1; index + 1 < tokens.length; index++) {
      const [before, name, open] = [tokens[index - 1], tokens[index], tokens[index + 1]];
      if (name.type !== AST_TOKEN_TYPES.Identifier || open.value !== "(") continue;
      if (!isRegistrationCall(this.settings, { method: name.value, otherToolApi: false })) continue;
      const identifier = nodeAt(this.sourceCode, name.range[0]);
      const member = before.value === "." || before.value === "?.";
      const call = member ? identifier?.parent?.parent : identifier?.parent;
      if (call?.type !== AST_NODE_TYPES.CallExpression || (!member && (call.callee !== identifier || !this.aliasedMethodOf(call.callee))))
        continue;
      if (isRegistrationCall(this.settings, { method: name.value, otherToolApi: this.isOtherToolApiCall(call) })) return true;
    }
    return false;
  }

  /**
   * The method a bare call's callee was taken off its object as (`aliasedMethod`), or the registration function it was
   * imported as (`importedRegistrationFunction`); the scopes asked only for a registration method's name.
   */
  private aliasedMethodOf(callee: TSESTree.Node): string | undefined {
    if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
    return (
      aliasedMethod(this.settings, {
        name: callee.name,
        method: () => {
          const binding = ASTUtils.findVariable(this.sourceCode.getScope(callee), callee)?.defs.at(0)?.name;
          return binding && aliasedMethodName(binding);
        },
      }) ?? importedRegistrationFunction(this.settings, { name: callee.name, imported: () => this.importSourceOf(callee) !== undefined })
    );
  }

  /** A call of another tool API than MCP's: WebMCP's registry, or a function imported from an agent library. */
  private isOtherToolApiCall(call: TSESTree.CallExpression): boolean {
    const callee = unwrapExpression(call.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression) {
      const registry = unwrapExpression(callee.object);
      if (registry.type === AST_NODE_TYPES.MemberExpression && isWebMcpRegistry(calleeName(registry.object), propertyName(registry))) {
        return true;
      }
      this.webMcpFile ??= givesWebMcpTools(this.settings, this.sourceCode.text, this.imports());
      if (this.webMcpFile) return true;
    }
    // Only an import binding leads to a library: a file that imports none has no such call to resolve.
    this.importsAgentLibrary ??= this.imports().some(isAgentLibrary);
    if (!this.importsAgentLibrary) return false;
    const source = this.calleeImportSource(call);
    return source !== undefined && isAgentLibrary(source);
  }

  /**
   * The method `callee` calls is a project class's (`isProjectClass`), called on a variable whose one value is `new
   * <Class>(...)`: `registry.tool` after `const registry = new ToolRegistry()`.
   */
  private callsProjectMethod(callee: TSESTree.Node): boolean {
    const method = callee.type === AST_NODE_TYPES.MemberExpression ? propertyName(callee) : undefined;
    const object = callee.type === AST_NODE_TYPES.MemberExpression ? unwrapExpression(callee.object) : undefined;
    const made = object?.type === AST_NODE_TYPES.Identifier ? constructedClass(object, this.sourceCode) : undefined;
    if (method === undefined || !made) return false;
    const classBody = topLevelClass(made, this.sourceCode);
    return isProjectClass({
      declaredWithMethod: classBody !== undefined && classMethod({ classBody, isStatic: false }, method) !== undefined,
      importSource: classBody ? undefined : this.importSourceOf(made),
    });
  }

  /** The module the callee's root name is imported from (`createTool` of `createTool(...)`, `tools` of `tools.define(...)`). */
  private calleeImportSource(call: TSESTree.CallExpression): string | undefined {
    const root = rootIdentifier(call.callee);
    return root && this.importSourceOf(root);
  }

  /** The module an identifier is imported from, through `const` aliases and casts (`const createTool = tool as unknown as T`). */
  private importSourceOf(identifier: TSESTree.Identifier): string | undefined {
    let current: TSESTree.Identifier | undefined = identifier;
    for (let depth = 0; current && depth < ALIAS_DEPTH; depth++) {
      const definition = definitionOf(current, ["import", "variable"], this.sourceCode);
      if (definition?.type === TSESLint.Scope.DefinitionType.ImportBinding) {
        return definition.parent.type === AST_NODE_TYPES.ImportDeclaration ? definition.parent.source.value : undefined;
      }
      const aliased: TSESTree.Identifier | undefined =
        definition?.type === TSESLint.Scope.DefinitionType.Variable && definition.parent.kind === "const" && definition.node.init
          ? rootIdentifier(definition.node.init)
          : undefined;
      current = aliased === current ? undefined : aliased;
    }
    return undefined;
  }
}

/**
 * The callee of the one call a function makes and nothing else, a member or a name: `(args) => this.search(args)`,
 * `async (args) => await tools.search(args)`, `function (args) { return this.search(args); }`,
 * `(request) => handleToolCall(request.params.name, request.params.arguments)`.
 */
function forwardedCall(fn: FunctionNode): TSESTree.MemberExpression | TSESTree.Identifier | undefined {
  const call = onlyCall(fn);
  const callee = call && unwrapExpression(call.callee);
  return callee?.type === AST_NODE_TYPES.MemberExpression || callee?.type === AST_NODE_TYPES.Identifier ? callee : undefined;
}

/**
 * The one call a function makes and nothing else: its expression body or its only `return`, `await` looked through.
 * `const`s that only read its input may come first (`const { name, arguments: args } = request.params;`): naming parts
 * of the request is no work of its own.
 */
function onlyCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const block = fn.body.type === AST_NODE_TYPES.BlockStatement ? fn.body.body : undefined;
  let body: TSESTree.Node | null | undefined = block ? block.at(-1) : fn.body;
  if (block) body = body?.type === AST_NODE_TYPES.ReturnStatement ? body.argument : undefined;
  if (!body) return undefined;
  body = unwrapExpression(body);
  if (body.type === AST_NODE_TYPES.AwaitExpression) body = unwrapExpression(body.argument);
  if (body.type !== AST_NODE_TYPES.CallExpression) return undefined;
  // The statements before the `return` last: most functions return no call, and are not read this far.
  for (let index = 0; block && index < block.length - 1; index++) if (!onlyReadsInput(block[index])) return undefined;
  return body;
}

/** `const { name } = request.params;`, `const args = request.params.arguments ?? {};`: a `const` that only reads values. */
function onlyReadsInput(statement: TSESTree.Statement): boolean {
  return (
    statement.type === AST_NODE_TYPES.VariableDeclaration &&
    statement.kind === "const" &&
    statement.declarations.every((declarator) => declarator.init !== null && isRead(declarator.init))
  );
}

/**
 * A name, a member of one (`request.params.name`, `args?.["id"]`), or one with a written fallback (`args ?? {}`). Read
 * by node type, without unwrapping first: most `const`s before a `return` are given a call, answered at once.
 */
function isRead(expression: TSESTree.Expression): boolean {
  switch (expression.type) {
    case AST_NODE_TYPES.Identifier:
      return true;
    case AST_NODE_TYPES.MemberExpression:
      return (!expression.computed || expression.property.type === AST_NODE_TYPES.Literal) && isRead(expression.object);
    case AST_NODE_TYPES.ChainExpression:
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
      return isRead(expression.expression);
    case AST_NODE_TYPES.LogicalExpression: {
      if (expression.operator === "&&") return false;
      const fallback = unwrapExpression(expression.right);
      const written =
        fallback.type === AST_NODE_TYPES.Literal ||
        (fallback.type === AST_NODE_TYPES.ObjectExpression && fallback.properties.length === 0) ||
        (fallback.type === AST_NODE_TYPES.ArrayExpression && fallback.elements.length === 0);
      return written && isRead(expression.left);
    }
    default:
      return false;
  }
}

/**
 * The call whose result a function only calls with its own parameters, in order (`etaExpansionHandsOn`):
 * `wrap(cb)` of `(args, extra) => wrap(cb)(args, extra)`.
 */
function etaExpandedCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return undefined;
  const call = onlyCall(fn);
  const inner = call && unwrapExpression(call.callee);
  if (!call || inner?.type !== AST_NODE_TYPES.CallExpression || call.arguments.length > fn.params.length) return undefined;
  const passesOwn = call.arguments.every((argument, index) => {
    const parameter = fn.params[index];
    if (argument.type === AST_NODE_TYPES.SpreadElement)
      return (
        parameter.type === AST_NODE_TYPES.RestElement &&
        parameter.argument.type === AST_NODE_TYPES.Identifier &&
        argument.argument.type === AST_NODE_TYPES.Identifier &&
        parameter.argument.name === argument.argument.name
      );
    return argument.type === AST_NODE_TYPES.Identifier && parameter.type === AST_NODE_TYPES.Identifier && parameter.name === argument.name;
  });
  return passesOwn ? inner : undefined;
}

/** The call is given a function expression: a wrapper's call (`handleRequest("call_tool", params, async (p) => ...)`). */
function givesFunction(call: TSESTree.Node): boolean {
  return call.type === AST_NODE_TYPES.CallExpression && call.arguments.some((argument) => isFunctionNode(unwrapExpression(argument)));
}

/** The function that only forwards to `call` (the reverse of `forwardedCall`). */
function forwarderOf(call: TSESTree.CallExpression): FunctionNode | undefined {
  let current: TSESTree.Node = call.parent;
  while (!isFunctionNode(current)) {
    if (current.type === AST_NODE_TYPES.Program) return undefined;
    current = current.parent;
  }
  return forwardedCall(current)?.parent === call ? current : undefined;
}

/** The binding a loop gives each entry of a table: `for (const tool of tools)`'s declarator, a loop callback's first parameter. */
interface LoopElement {
  /** What declares it, for `getDeclaredVariables`. */
  owner: TSESTree.VariableDeclarator | FunctionNode;
  pattern: TSESTree.Node;
}

/**
 * The entry binding of a loop over `read` (a read of a table): `for (const tool of tools)`,
 * `tools.forEach((tool) => ...)`, over `Object.values(tools)` too.
 */
function loopElementOf(read: TSESTree.Node): LoopElement | undefined {
  let { child, parent } = outerParent(read);
  if (
    parent?.type === AST_NODE_TYPES.CallExpression &&
    parent.arguments[0] === child &&
    parent.callee.type === AST_NODE_TYPES.MemberExpression &&
    isTableValuesCall(calleeName(parent.callee.object), propertyName(parent.callee))
  ) {
    ({ child, parent } = outerParent(parent));
  }
  if (parent?.type === AST_NODE_TYPES.ForOfStatement && parent.right === child) {
    const declaration = parent.left;
    const declarator = declaration.type === AST_NODE_TYPES.VariableDeclaration ? declaration.declarations.at(0) : undefined;
    return declarator && { owner: declarator, pattern: declarator.id };
  }
  if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== child || !isTableLoopMethod(propertyName(parent))) {
    return undefined;
  }
  const call = parent.parent;
  const callback = call.type === AST_NODE_TYPES.CallExpression && call.callee === parent ? call.arguments.at(0) : undefined;
  const fn = callback && unwrapExpression(callback);
  const pattern = isFunctionNode(fn) ? fn.params.at(0) : undefined;
  return fn && pattern && isFunctionNode(fn) ? { owner: fn, pattern } : undefined;
}

/** The table a definition object is an entry of: an array of definitions, a keyed object, or a `Map`. */
function tableEntryContainer(entry: TSESTree.Node): TSESTree.Node | undefined {
  const { child, parent } = outerParent(entry);
  if (parent?.type === AST_NODE_TYPES.Property && parent.value === child) return parent.parent;
  if (parent?.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  return mapOfEntry(parent, child) ?? parent;
}

/** `new Map([[key, value], ...])` when `value` is the value of one of its entries. */
function mapOfEntry(pair: TSESTree.ArrayExpression, value: TSESTree.Node): TSESTree.NewExpression | undefined {
  if (pair.elements.indexOf(value as TSESTree.Expression) !== 1) return undefined;
  const { child, parent: entries } = outerParent(pair);
  if (entries?.type !== AST_NODE_TYPES.ArrayExpression || !entries.elements.includes(child as TSESTree.Expression)) return undefined;
  const construct = outerParent(entries).parent;
  return construct?.type === AST_NODE_TYPES.NewExpression && calleeName(construct.callee) === "Map" ? construct : undefined;
}

/** The lookup a table read is the object of: `handlers[name]`, `toolMap.get(name)`, `tools.find(...)`. */
function lookupAround(read: TSESTree.Node): TSESTree.Node | undefined {
  const { child, parent } = outerParent(read);
  if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== child) return undefined;
  if (parent.computed) return parent;
  const call = parent.parent;
  return call.type === AST_NODE_TYPES.CallExpression && call.callee === parent ? call : undefined;
}

/** The call of a value: `value(args)`, `value?.(args)`, `value.handler(args)`, `await` looked through. */
function callOfValue(value: TSESTree.Node, settings: McpSettings): TSESTree.CallExpression | undefined {
  let { child, parent } = outerParent(value);
  if (parent?.type === AST_NODE_TYPES.AwaitExpression) ({ child, parent } = outerParent(parent));
  if (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === child) return parent;
  if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== child || !isHandlerProperty(settings, propertyName(parent)))
    return undefined;
  const call = parent.parent;
  return call.type === AST_NODE_TYPES.CallExpression && call.callee === parent ? call : undefined;
}

/** A decorator's name and whether it is called with an object (`@Tool({ name: "get-note" })`). */
function decoratorFacts({ expression }: TSESTree.Decorator): { name: string | undefined; givenObject: boolean } {
  const call = unwrapExpression(expression);
  if (call.type !== AST_NODE_TYPES.CallExpression) return { name: calleeName(call), givenObject: false };
  const first = call.arguments.at(0);
  return {
    name: calleeName(call.callee),
    givenObject: first !== undefined && unwrapExpression(first).type === AST_NODE_TYPES.ObjectExpression,
  };
}

/** The last name of the class a class node extends: `MCPTool` for `extends sdk.MCPTool`. */
function baseClassName(classNode: TSESTree.Node): string | undefined {
  if (classNode.type !== AST_NODE_TYPES.ClassDeclaration && classNode.type !== AST_NODE_TYPES.ClassExpression) return undefined;
  return classNode.superClass ? calleeName(classNode.superClass) : undefined;
}

/** The names a top-level statement exports: `export const schema = ...`, `export function x()`, `export { metadata }`. */
function exportedNames(statement: TSESTree.ProgramStatement): string[] {
  if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration) return [];
  const { declaration } = statement;
  if (!declaration) return statement.specifiers.flatMap((specifier) => exportedName(specifier) ?? []);
  if (declaration.type === AST_NODE_TYPES.VariableDeclaration) {
    return declaration.declarations.flatMap(({ id }) => (id.type === AST_NODE_TYPES.Identifier ? [id.name] : []));
  }
  return "id" in declaration && declaration.id?.type === AST_NODE_TYPES.Identifier ? [declaration.id.name] : [];
}

function exportedName(specifier: TSESTree.ExportSpecifier): string | undefined {
  const { exported } = specifier;
  return exported.type === AST_NODE_TYPES.Identifier ? exported.name : exported.value;
}

/** No function expression comes after argument `index` (the SDK's callback is always last). */
function isLastFunctionArgument(call: TSESTree.CallExpression, index: number): boolean {
  for (let later = index + 1; later < call.arguments.length; later++) {
    if (isFunctionNode(unwrapExpression(call.arguments[later]))) return false;
  }
  return true;
}
