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
import { nearestOwner } from "../util/per-file.js";
import {
  callArgumentShape,
  classMemberShape,
  defaultExportShape,
  definitionObjectShape,
  type HandlerPath,
  handlerPath,
  type HandlerShape,
  isAgentLibrary,
  isConvertingWrapper,
  isHandlerProperty,
} from "./handler-shapes.js";
import type { McpSettings } from "./settings.js";
import { getProgramHandlers } from "./typescript/program-handlers.js";
import type { TypedServices } from "./typescript/services.js";
import { isInUnknownToolBranch } from "./unknown-tool-branch.js";

export interface ToolHandler extends HandlerShape {
  fn: FunctionNode;
  path: HandlerPath;
  /** Calls the handler was looked through on its way to the handler position (`withAuth(fn)`). */
  wrappers: readonly TSESTree.CallExpression[];
  /** Inside a wrapper named in `handlers.wrappers`: what it throws becomes an error result. */
  guarded: boolean;
}

/**
 * The ESTree adapter of the handler model: which functions of one file are MCP tool handlers, from
 * the shapes in `./handler-shapes.ts`. One instance per file and settings object, shared by every
 * rule (see `getMcpContext`).
 */
export class ToolHandlers {
  private readonly handlers = new Map<FunctionNode, ToolHandler | null>();
  private readonly enclosing = new Map<FunctionNode, ToolHandler | null>();

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly settings: McpSettings,
    readonly isToolFile: boolean,
    private readonly typed: TypedServices | undefined,
  ) {}

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
    if (direct) return this.handler(fn, direct, wrappers);
    // A named function counts where one of its references sits in a handler position.
    for (const reference of this.referencesOf(fn)) {
      const viaName: TSESTree.CallExpression[] = [];
      const shape = this.handlerPosition(reference, viaName, seen);
      if (shape) return this.handler(fn, shape, viaName);
    }
    // With type information: a registration in any file of the program that `fn` flows into.
    const node = this.typed?.toTs(fn);
    const elsewhere = node && this.typed && getProgramHandlers(this.typed.program, this.settings, this.typed.cwd).handlerOf(node);
    return elsewhere && {
        fn,
        kind: elsewhere.kind,
        via: elsewhere.via,
        mcpServer: elsewhere.mcpServer,
        path: handlerPath(elsewhere),
        wrappers: [],
        guarded: elsewhere.guarded,
      };
  }

  private handler(fn: FunctionNode, shape: HandlerShape, wrappers: TSESTree.CallExpression[]): ToolHandler {
    const guarded = wrappers.some((call) => isConvertingWrapper(this.settings, calleeName(call.callee)));
    return { fn, ...shape, path: handlerPath(shape), wrappers, guarded };
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
  ): HandlerShape | undefined {
    if (seen.has(node)) return undefined;
    seen.add(node);
    const { child, parent } = outerParent(node);
    if (!parent) return undefined;
    switch (parent.type) {
      case AST_NODE_TYPES.Property: {
        if (parent.value !== child || parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
        return isHandlerProperty(this.settings, propertyName(parent)) ? this.definitionObjectShape(parent.parent) : undefined;
      }
      case AST_NODE_TYPES.MethodDefinition:
      case AST_NODE_TYPES.PropertyDefinition: {
        if (parent.value !== child) return undefined;
        return classMemberShape(this.settings, propertyName(parent), baseClassName(parent.parent.parent));
      }
      case AST_NODE_TYPES.CallExpression:
        return this.callArgumentPosition(parent, child, wrappers, seen);
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        return defaultExportShape(this.isToolFile);
      case AST_NODE_TYPES.ExportSpecifier:
        return parent.local === child && exportedName(parent) === "default" ? defaultExportShape(this.isToolFile) : undefined;
      case AST_NODE_TYPES.VariableDeclarator: {
        const declarator = this.constDeclaratorOf(child);
        if (!declarator) return undefined;
        for (const variable of this.sourceCode.getDeclaredVariables(declarator)) {
          for (const reference of variable.references) {
            if (!reference.isRead()) continue;
            const shape = this.handlerPosition(reference.identifier, wrappers, seen);
            if (shape) return shape;
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
  ): HandlerShape | undefined {
    const argumentIndex = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
    if (argumentIndex === -1) return undefined;
    const callee = unwrapExpression(call.callee);
    const first = call.arguments.at(0);
    const selector = first && unwrapExpression(first);
    const shape = callArgumentShape(this.settings, {
      method: callee.type === AST_NODE_TYPES.MemberExpression ? propertyName(callee) : undefined,
      argumentIndex,
      isLastFunctionArgument: isLastFunctionArgument(call, argumentIndex),
      selector: {
        name: selector && calleeName(selector),
        literal: selector?.type === AST_NODE_TYPES.Literal && typeof selector.value === "string" ? selector.value : undefined,
      },
      fromAgentLibrary: this.isAgentLibraryCall(call),
    });
    if (shape !== "lookThrough") return shape;
    // Any other call is looked through: `handler: withAuth(async (args) => ...)`.
    wrappers.push(call);
    const outer = this.handlerPosition(call, wrappers, seen);
    if (!outer) wrappers.pop();
    return outer;
  }

  /** The shape of a handler property of `object`, if the object is an MCP tool definition. */
  private definitionObjectShape(object: TSESTree.ObjectExpression): HandlerShape | undefined {
    const { child, parent } = outerParent(object);
    const call = parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(child as TSESTree.CallExpressionArgument) ? parent : undefined;
    const schema = findProperty(object, "schema");
    const schemaValue = schema && unwrapExpression(schema.value);
    return definitionObjectShape(this.settings, {
      definitionCall: call && calleeName(call.callee),
      fromAgentLibrary: call !== undefined && this.isAgentLibraryCall(call),
      inToolFile: this.isToolFile,
      hasInputSchema: findProperty(object, "inputSchema") !== undefined,
      hasToolSchema:
        schemaValue?.type === AST_NODE_TYPES.ObjectExpression &&
        (findProperty(schemaValue, "inputSchema") !== undefined || findProperty(schemaValue, "name") !== undefined),
    });
  }

  private isAgentLibraryCall(call: TSESTree.CallExpression): boolean {
    const root = rootIdentifier(call.callee);
    if (!root) return false;
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(call), root);
    const definition = variable?.defs.at(0);
    if (definition?.type !== TSESLint.Scope.DefinitionType.ImportBinding) return false;
    const declaration = definition.parent;
    return declaration.type === AST_NODE_TYPES.ImportDeclaration && isAgentLibrary(declaration.source.value);
  }
}

/** The last name of the class a class node extends: `MCPTool` for `extends sdk.MCPTool`. */
function baseClassName(classNode: TSESTree.Node): string | undefined {
  if (classNode.type !== AST_NODE_TYPES.ClassDeclaration && classNode.type !== AST_NODE_TYPES.ClassExpression) return undefined;
  return classNode.superClass ? calleeName(classNode.superClass) : undefined;
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
