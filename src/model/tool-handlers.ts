import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  findProperty,
  type FunctionNode,
  isFunctionNode,
  outerParent,
  propertyName,
  rootIdentifier,
  unwrapExpression,
} from "../util/ast.js";
import { getMcpSettings, type McpSettings } from "./settings.js";
import { isToolFile } from "./tool-files.js";
import { getHandlerIndex } from "./typescript/handler-index.js";
import { typedServices } from "./typescript/services.js";
import { isInUnknownToolBranch } from "./unknown-tool-branch.js";
import { type AnyRuleContext, nearestOwner, perFile } from "../util/per-file.js";

/** How a handler was recognised; `requestHandler` is the low-level dispatcher. */
export type ToolHandlerKind = "classMethod" | "defaultExport" | "definition" | "registration" | "requestHandler";

export interface ToolHandler {
  fn: FunctionNode;
  kind: ToolHandlerKind;
  /** Calls the handler was looked through on its way to the handler position (`withAuth(fn)`). */
  wrappers: readonly TSESTree.CallExpression[];
}


/** Non-MCP agent libraries: their `tool({ execute })` is not an MCP tool, even in a tools folder. */
const AGENT_LIBRARY = /^(?:ai|langchain)(?:\/|$)|^@(?:ai-sdk|langchain)\//u;

const SET_REQUEST_HANDLER = "setRequestHandler";
const CALL_TOOL_SCHEMA = "CallToolRequestSchema";

/**
 * The shared understanding of which functions in one file are MCP tool handlers.
 * One instance per file and settings object, shared by every rule (see `getToolCode`).
 */
export class ToolCode {
  readonly isToolFile: boolean;
  readonly settings: McpSettings;
  private readonly sourceCode: Readonly<TSESLint.SourceCode>;
  private readonly handlers = new Map<FunctionNode, ToolHandler | null>();
  private readonly enclosing = new Map<FunctionNode, ToolHandler | null>();
  /** With type information: the kind of a registration in any file of the program that `fn` flows into. */
  private readonly registeredElsewhere: ((fn: FunctionNode) => ToolHandlerKind | undefined) | undefined;

  constructor(context: AnyRuleContext) {
    this.sourceCode = context.sourceCode;
    this.settings = getMcpSettings(context.settings);
    this.isToolFile = isToolFile(context.filename, context.cwd, this.settings);
    const typed = typedServices(context);
    this.registeredElsewhere = typed && ((fn) => {
      const node = typed.toTs(fn);
      return node && getHandlerIndex(typed.program, this.settings.handlers.registrationMethods).kindOf(node);
    });
  }

  /** The handler that `fn` is, if it is one. */
  toolHandler(fn: FunctionNode): ToolHandler | undefined {
    let known = this.handlers.get(fn);
    if (known === undefined) {
      known = this.recognise(fn) ?? null;
      this.handlers.set(fn, known);
    }
    return known ?? undefined;
  }

  isToolHandler(fn: FunctionNode): boolean {
    return this.toolHandler(fn) !== undefined;
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
   * True when `node` is in the unknown-tool branch of a low-level `tools/call` dispatcher,
   * where the specification makes the error a protocol error.
   */
  isInUnknownToolBranch(node: TSESTree.Node, handler: ToolHandler | undefined = this.enclosingToolHandler(node)): boolean {
    return handler?.kind === "requestHandler" && isInUnknownToolBranch(node, handler.fn, this.sourceCode);
  }

  private recognise(fn: FunctionNode): ToolHandler | undefined {
    const seen = new Set<TSESTree.Node>();
    const wrappers: TSESTree.CallExpression[] = [];
    const direct = this.handlerPosition(fn, wrappers, seen);
    if (direct) return { fn, kind: direct, wrappers };
    // A named function counts where one of its references sits in a handler position.
    for (const reference of this.referencesOf(fn)) {
      const viaName: TSESTree.CallExpression[] = [];
      const kind = this.handlerPosition(reference, viaName, seen);
      if (kind) return { fn, kind, wrappers: viaName };
    }
    const elsewhere = this.registeredElsewhere?.(fn);
    return elsewhere && { fn, kind: elsewhere, wrappers: [] };
  }

  /** Read references to a function declaration or a `const` bound to the function. */
  private referencesOf(fn: FunctionNode): TSESTree.Identifier[] {
    const declarator = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : this.constDeclaratorOf(fn);
    if (!declarator) return [];
    const found: TSESTree.Identifier[] = [];
    for (const variable of this.sourceCode.getDeclaredVariables(declarator)) {
      for (const reference of variable.references) {
        if (reference.isRead() && reference.identifier.type === AST_NODE_TYPES.Identifier) {
          found.push(reference.identifier);
        }
      }
    }
    return found;
  }

  private constDeclaratorOf(node: TSESTree.Node): TSESTree.VariableDeclarator | undefined {
    const { child, parent } = outerParent(node);
    return parent?.type === AST_NODE_TYPES.VariableDeclarator &&
      parent.init === child &&
      parent.id.type === AST_NODE_TYPES.Identifier &&
      parent.parent.kind === "const"
      ? parent
      : undefined;
  }

  /**
   * What kind of handler position `node` (a function, or an expression that evaluates to one)
   * stands in, climbing through wrapper calls and `const` bindings.
   */
  private handlerPosition(
    node: TSESTree.Node,
    wrappers: TSESTree.CallExpression[],
    seen: Set<TSESTree.Node>,
  ): ToolHandlerKind | undefined {
    if (seen.has(node)) return undefined;
    seen.add(node);
    const { child, parent } = outerParent(node);
    if (!parent) return undefined;
    const { handlers } = this.settings;
    switch (parent.type) {
      case AST_NODE_TYPES.Property: {
        if (parent.value !== child || parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
        const name = propertyName(parent);
        return name !== undefined && handlers.properties.includes(name) && this.isToolDefinitionObject(parent.parent)
          ? "definition"
          : undefined;
      }
      case AST_NODE_TYPES.MethodDefinition:
      case AST_NODE_TYPES.PropertyDefinition: {
        if (parent.value !== child) return undefined;
        const name = propertyName(parent);
        return name !== undefined && handlers.properties.includes(name) && this.extendsToolBase(parent.parent.parent)
          ? "classMethod"
          : undefined;
      }
      case AST_NODE_TYPES.CallExpression:
        return this.callArgumentPosition(parent, child, wrappers, seen);
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        return this.isToolFile ? "defaultExport" : undefined;
      case AST_NODE_TYPES.ExportSpecifier:
        return this.isToolFile && parent.local === child && exportedName(parent) === "default" ? "defaultExport" : undefined;
      case AST_NODE_TYPES.VariableDeclarator: {
        const declarator = this.constDeclaratorOf(child);
        if (!declarator) return undefined;
        for (const variable of this.sourceCode.getDeclaredVariables(declarator)) {
          for (const reference of variable.references) {
            if (!reference.isRead()) continue;
            const kind = this.handlerPosition(reference.identifier, wrappers, seen);
            if (kind) return kind;
          }
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  private callArgumentPosition(
    call: TSESTree.CallExpression,
    argument: TSESTree.Node,
    wrappers: TSESTree.CallExpression[],
    seen: Set<TSESTree.Node>,
  ): ToolHandlerKind | undefined {
    const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
    if (index === -1 || this.isAgentLibraryCall(call)) return undefined;
    const callee = unwrapExpression(call.callee);
    const method = callee.type === AST_NODE_TYPES.MemberExpression ? propertyName(callee) : undefined;
    if (method === SET_REQUEST_HANDLER) {
      return index === 1 && isCallToolSelector(call.arguments[0]) ? "requestHandler" : undefined;
    }
    if (!isLastFunctionArgument(call, index)) return undefined;
    if (method !== undefined && this.settings.handlers.registrationMethods.includes(method)) return "registration";
    // Any other call is looked through: `handler: withAuth(async (args) => ...)`.
    wrappers.push(call);
    const kind = this.handlerPosition(call, wrappers, seen);
    if (!kind) wrappers.pop();
    return kind;
  }

  /** An object literal whose handler property is an MCP tool's handler. */
  private isToolDefinitionObject(object: TSESTree.ObjectExpression): boolean {
    const { child, parent } = outerParent(object);
    if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(child as TSESTree.CallExpressionArgument)) {
      if (this.isAgentLibraryCall(parent)) return false;
      const name = calleeName(parent.callee);
      if (name !== undefined && this.settings.handlers.definitionFunctions.includes(name)) return true;
    }
    if (this.isToolFile || findProperty(object, "inputSchema")) return true;
    const schema = findProperty(object, "schema");
    const schemaValue = schema && unwrapExpression(schema.value);
    return (
      schemaValue?.type === AST_NODE_TYPES.ObjectExpression &&
      (findProperty(schemaValue, "inputSchema") !== undefined || findProperty(schemaValue, "name") !== undefined)
    );
  }

  private extendsToolBase(classNode: TSESTree.Node): boolean {
    if (classNode.type !== AST_NODE_TYPES.ClassDeclaration && classNode.type !== AST_NODE_TYPES.ClassExpression) {
      return false;
    }
    const base = classNode.superClass && calleeName(classNode.superClass);
    return base !== undefined && base !== null && this.settings.handlers.baseClasses.includes(base);
  }

  private isAgentLibraryCall(call: TSESTree.CallExpression): boolean {
    const root = rootIdentifier(call.callee);
    if (!root) return false;
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(call), root);
    const definition = variable?.defs.at(0);
    if (definition?.type !== TSESLint.Scope.DefinitionType.ImportBinding) return false;
    const declaration = definition.parent;
    return (
      declaration.type === AST_NODE_TYPES.ImportDeclaration &&
      AGENT_LIBRARY.test(declaration.source.value)
    );
  }
}

function exportedName(specifier: TSESTree.ExportSpecifier): string | undefined {
  const { exported } = specifier;
  return exported.type === AST_NODE_TYPES.Identifier ? exported.name : exported.value;
}

/** `CallToolRequestSchema`, `types.CallToolRequestSchema` or the v2 method string `"tools/call"`. */
function isCallToolSelector(node: TSESTree.Node | undefined): boolean {
  if (!node) return false;
  const selector = unwrapExpression(node);
  if (selector.type === AST_NODE_TYPES.Literal) return selector.value === "tools/call";
  return calleeName(selector) === CALL_TOOL_SCHEMA;
}

/** No function expression comes after argument `index` (the SDK's callback is always last). */
function isLastFunctionArgument(call: TSESTree.CallExpression, index: number): boolean {
  for (let later = index + 1; later < call.arguments.length; later++) {
    if (isFunctionNode(unwrapExpression(call.arguments[later]))) return false;
  }
  return true;
}

/**
 * The tool-handler recogniser for the file a rule is linting, built once per file and shared by
 * every rule of this plugin that lints it.
 */
export const getToolCode = perFile((context) => new ToolCode(context));
