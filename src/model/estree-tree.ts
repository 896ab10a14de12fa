import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  isFunctionNode,
  isTransparentWrapper,
  numericValue,
  outerParent,
  propertyName,
  unwrapExpression,
} from "../util/ast.js";
import {
  type BindingKind,
  type CatchingCall,
  catchesChild,
  enclosingFunctionOf,
  isCaught as isCaughtIn,
  isFollowedBinding,
  isProtocolRequiredThrow,
  type ParentRole,
  runsInside as runsInsideIn,
  type SyntaxTree,
} from "./throw-semantics.js";
import { bindingReferences } from "../util/references.js";
import type { FunctionNode } from "../util/ast.js";

/** The ESTree adapter of the throw semantics: the rules' view of a file. */
export const estreeTree: SyntaxTree<TSESTree.Node> = {
  // ESLint gives `Program` a `null` parent, not the `undefined` its types say.
  parent: (node) => node.parent ?? undefined,
  isFunction: isFunctionNode,
  role(child: TSESTree.Node, parent: TSESTree.Node): ParentRole {
    if (isTransparentWrapper(parent)) return "transparent";
    switch (parent.type) {
      case AST_NODE_TYPES.ConditionalExpression:
        return parent.test === child ? "other" : "conditionalBranch";
      case AST_NODE_TYPES.LogicalExpression:
        return parent.right === child ? "logicalRight" : "other";
      case AST_NODE_TYPES.AwaitExpression:
        return "awaited";
      case AST_NODE_TYPES.ReturnStatement:
        return "returned";
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return parent.body === child ? "arrowBody" : "other";
      case AST_NODE_TYPES.TryStatement:
        return parent.block === child && parent.handler !== null ? "caughtBlock" : "other";
      case AST_NODE_TYPES.CallExpression:
        return parent.callee === child
          ? "callee"
          : parent.arguments.includes(child as TSESTree.CallExpressionArgument)
            ? "argument"
            : "other";
      case AST_NODE_TYPES.Property:
        return parent.value === child && parent.parent.type === AST_NODE_TYPES.ObjectExpression ? "propertyValue" : "other";
      case AST_NODE_TYPES.ObjectExpression:
        return "objectMember";
      default:
        return "other";
    }
  },
};

/** `isCaught` of the throw semantics, on ESTree nodes. */
export function isCaught(node: TSESTree.Node, boundary: TSESTree.Node, catchingCall: CatchingCall<TSESTree.Node>): boolean {
  return isCaughtIn(estreeTree, node, boundary, catchingCall);
}

/** `catchesChild` of the throw semantics, on ESTree nodes: `node`'s parent catches what it throws. */
export function isCaughtByParent(node: TSESTree.Node, catchingCall: CatchingCall<TSESTree.Node>): boolean {
  return node.parent !== undefined && catchesChild(estreeTree, node, node.parent, catchingCall);
}

/**
 * `runsInside` of the throw semantics, on ESTree nodes: `node` runs as part of `boundary`'s own run, not in a function
 * nested in it that runs where it is called or is handed to the caller (`const recordOutcome = () => ...` called by
 * name, `return { action: async () => ... }`).
 */
export function runsInside(node: TSESTree.Node, boundary: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return runsInsideIn(estreeTree, node, boundary, (fn) => followedReads(fn as FunctionNode, sourceCode));
}

/**
 * The reads of a function's name, when calls by that name are followed (the throw semantics' followed bindings): a
 * declaration, or a function bound to a `const`, or to a `let`/`var` never assigned again.
 */
export function followedReads(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.Node[] | undefined {
  const binding = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : bindingDeclaratorOf(fn);
  if (!binding?.id || binding.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  const { reads, reassigned } = bindingReferences(binding, binding.id, sourceCode);
  return isFollowedBinding(bindingKindOf(binding), reassigned) ? reads : undefined;
}

/** The `const`/`let`/`var` declarator that binds `fn` (casts looked through), if any. */
export function bindingDeclaratorOf(fn: FunctionNode): TSESTree.VariableDeclarator | undefined {
  const { child, parent } = outerParent(fn);
  return parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === child ? parent : undefined;
}

/** How a declaration binds its name, as the throw semantics' followed bindings tell them apart. */
function bindingKindOf(definition: TSESTree.FunctionDeclaration | TSESTree.VariableDeclarator): BindingKind {
  return definition.type === AST_NODE_TYPES.FunctionDeclaration
    ? "function"
    : definition.parent.kind === "using" || definition.parent.kind === "await using"
      ? "const"
      : definition.parent.kind;
}

/** The nearest function containing `node` (itself excluded). */
export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  return enclosingFunctionOf(estreeTree, node) as FunctionNode | undefined;
}

/**
 * The `if` whose test lets the URL elicitation error through and whose only statement rethrows it, when `statement`
 * is that rethrow: `if (error instanceof UrlElicitationRequiredError) throw error;`,
 * `if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) throw error;`. McpServer does
 * the same, as the protocol requires (`isProtocolRequiredThrow`).
 */
export function protocolRequiredRethrowTest(statement: TSESTree.ThrowStatement): TSESTree.Expression | undefined {
  const thrown = unwrapExpression(statement.argument);
  if (thrown.type !== AST_NODE_TYPES.Identifier) return undefined;
  const block = statement.parent;
  const branch = block.type === AST_NODE_TYPES.BlockStatement && block.body.length === 1 ? block : statement;
  const holder = branch.parent;
  if (holder.type !== AST_NODE_TYPES.IfStatement || holder.consequent !== branch) return undefined;
  let className: string | undefined;
  const code: { name?: string; value?: number } = {};
  const isThrown = (node: TSESTree.Node): boolean => {
    const value = unwrapExpression(node);
    return value.type === AST_NODE_TYPES.Identifier && value.name === thrown.name;
  };
  const read = (operand: TSESTree.Node): void => {
    const node = unwrapExpression(operand);
    if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator === "&&") {
      read(node.left);
      read(node.right);
    } else if (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "instanceof" && isThrown(node.left)) {
      className = calleeName(node.right);
    } else if (node.type === AST_NODE_TYPES.BinaryExpression && (node.operator === "===" || node.operator === "==")) {
      const isCode = (side: TSESTree.Node): boolean => {
        const value = unwrapExpression(side);
        return value.type === AST_NODE_TYPES.MemberExpression && propertyName(value) === "code" && isThrown(value.object);
      };
      const other = isCode(node.left) ? node.right : isCode(node.right) ? node.left : undefined;
      const value = other && unwrapExpression(other);
      if (value?.type === AST_NODE_TYPES.MemberExpression) code.name = propertyName(value);
      else if (value) code.value = numericValue(value);
    }
  };
  read(holder.test);
  return isProtocolRequiredThrow(className, code) ? holder.test : undefined;
}

/** `isProtocolRequiredThrow` of the throw semantics for a thrown (or rejected) ESTree value. */
export function isProtocolRequiredValue(thrown: TSESTree.Node): boolean {
  const value = unwrapExpression(thrown);
  if (value.type !== AST_NODE_TYPES.NewExpression && value.type !== AST_NODE_TYPES.CallExpression) return false;
  const first = value.arguments.at(0);
  const code = first && unwrapExpression(first);
  return isProtocolRequiredThrow(calleeName(value.callee), {
    name: code?.type === AST_NODE_TYPES.MemberExpression ? propertyName(code) : undefined,
    value: code && numericValue(code),
  });
}

/**
 * The reads of the variables that hold only instances of `classBody`'s class, a declaration of this file (the throw
 * semantics' followed methods): `graph` in `const graph = new KnowledgeGraphManager(path)`, or in `let graph:
 * KnowledgeGraphManager` given only `graph = new KnowledgeGraphManager(path)`. Scopes are asked only where the text
 * makes an instance (`new KnowledgeGraphManager`).
 */
export function instanceReads(classBody: TSESTree.ClassBody, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Identifier[] {
  const declaration = classBody.parent;
  if (declaration.type !== AST_NODE_TYPES.ClassDeclaration || !declaration.id) return [];
  const { name } = declaration.id;
  if (!sourceCode.text.includes(`new ${name}`)) return [];
  const classVariable = sourceCode.getDeclaredVariables(declaration).find((variable) => variable.name === name);
  const made = new Set<TSESTree.Node>();
  const holders = new Set<TSESLint.Scope.Variable>();
  for (const { identifier } of classVariable?.references ?? []) {
    const { parent } = identifier;
    if (parent.type !== AST_NODE_TYPES.NewExpression || parent.callee !== identifier) continue;
    made.add(parent);
    const holder = holderOf(parent, sourceCode);
    if (holder) holders.add(holder);
  }
  const reads: TSESTree.Identifier[] = [];
  for (const holder of holders) {
    if (holder.defs.length !== 1 || holder.defs[0]?.type !== TSESLint.Scope.DefinitionType.Variable) continue;
    const writes = holder.references.filter((reference) => reference.isWrite());
    if (!writes.every((write) => write.writeExpr && made.has(unwrapExpression(write.writeExpr)) && isPlainWrite(write))) continue;
    for (const reference of holder.references) {
      if (reference.isRead() && reference.identifier.type === AST_NODE_TYPES.Identifier) reads.push(reference.identifier);
    }
  }
  return reads;
}

/** The variable that `made` is the whole value of: `const graph = new KnowledgeGraphManager()` or `graph = new ...`. */
function holderOf(made: TSESTree.NewExpression, sourceCode: Readonly<TSESLint.SourceCode>): TSESLint.Scope.Variable | undefined {
  const { child, parent } = outerParent(made);
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === child && parent.id.type === AST_NODE_TYPES.Identifier) {
    return sourceCode.getDeclaredVariables(parent).at(0);
  }
  if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.operator === "=" && parent.right === child) {
    return parent.left.type === AST_NODE_TYPES.Identifier
      ? (ASTUtils.findVariable(sourceCode.getScope(parent.left), parent.left) ?? undefined)
      : undefined;
  }
  return undefined;
}

/** A declarator's initialiser, or a plain `=` assignment (not `??=`, `+=`, a pattern or a loop's variable). */
function isPlainWrite(write: TSESLint.Scope.Reference): boolean {
  if (write.init) return true;
  const { parent } = write.identifier;
  return parent.type === AST_NODE_TYPES.AssignmentExpression && parent.operator === "=" && parent.left === write.identifier;
}
