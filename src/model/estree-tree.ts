import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  isFunctionNode,
  isTransparentWrapper,
  numericValue,
  outerParent,
  propertyName,
  returnedValues,
  singleValueOf,
  unwrapExpression,
} from "../util/ast.js";
import {
  type BindingKind,
  type CatchingCall,
  catchesChild,
  FACTORY_DEPTH,
  type FactoryValue,
  enclosingFunctionOf,
  isCaught as isCaughtIn,
  isFollowedBinding,
  isInstanceFactory,
  isProtocolRequiredThrow,
  type RethrowGuard,
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
 * What the `if` around a rethrow says of the error it lets through, when `statement` is the only statement of that
 * `if` and throws the variable the test reads: the class of an `instanceof` and the value compared with its `code`,
 * from the test or any operand of its `&&`s (`if (error instanceof McpError && error.code === ErrorCode.X) throw
 * error;`). An `||` says nothing certain of the error, so it is not read.
 */
export function rethrowGuard(statement: TSESTree.ThrowStatement): RethrowGuard<TSESTree.Expression> | undefined {
  const thrown = unwrapExpression(statement.argument);
  if (thrown.type !== AST_NODE_TYPES.Identifier) return undefined;
  const block = statement.parent;
  const branch = block.type === AST_NODE_TYPES.BlockStatement && block.body.length === 1 ? block : statement;
  const holder = branch.parent;
  if (holder.type !== AST_NODE_TYPES.IfStatement || holder.consequent !== branch) return undefined;
  const guard: RethrowGuard<TSESTree.Expression> = { test: holder.test, className: undefined, code: {} };
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
      guard.className = calleeName(node.right);
    } else if (node.type === AST_NODE_TYPES.BinaryExpression && (node.operator === "===" || node.operator === "==")) {
      const isCode = (side: TSESTree.Node): boolean => {
        const value = unwrapExpression(side);
        return value.type === AST_NODE_TYPES.MemberExpression && propertyName(value) === "code" && isThrown(value.object);
      };
      const other = isCode(node.left) ? node.right : isCode(node.right) ? node.left : undefined;
      const value = other && unwrapExpression(other);
      if (value?.type === AST_NODE_TYPES.MemberExpression) guard.code.name = propertyName(value);
      else if (value) guard.code.value = numericValue(value);
    }
  };
  read(holder.test);
  return guard;
}

/**
 * The `if` whose test lets the URL elicitation error through and whose only statement rethrows it, when `statement`
 * is that rethrow: `if (error instanceof UrlElicitationRequiredError) throw error;`,
 * `if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) throw error;`. McpServer does
 * the same, as the protocol requires (`isProtocolRequiredThrow`).
 */
export function protocolRequiredRethrowTest(statement: TSESTree.ThrowStatement): TSESTree.Expression | undefined {
  const guard = rethrowGuard(statement);
  return guard && isProtocolRequiredThrow(guard.className, guard.code) ? guard.test : undefined;
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
 * KnowledgeGraphManager` given only `graph = new KnowledgeGraphManager(path)`, or `table` in `const table = await
 * CurrencyTable.load()` when `load` is one of the class's factories. Scopes are asked only where the text makes an
 * instance (`new KnowledgeGraphManager`).
 */
export function instanceReads(classBody: TSESTree.ClassBody, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Identifier[] {
  const declaration = classBody.parent;
  if (declaration.type !== AST_NODE_TYPES.ClassDeclaration || !declaration.id) return [];
  const { name } = declaration.id;
  if (!sourceCode.text.includes(`new ${name}`)) return [];
  const classVariable = sourceCode.getDeclaredVariables(declaration).find((variable) => variable.name === name);
  const made = new Set<TSESTree.Node>();
  const holders = new Set<TSESLint.Scope.Variable>();
  const add = (value: TSESTree.Node): void => {
    made.add(value);
    const holder = holderOf(value, sourceCode);
    if (holder) holders.add(holder);
  };
  let factories: ReadonlySet<string> | undefined;
  for (const { identifier } of classVariable?.references ?? []) {
    const { parent } = identifier;
    if (parent.type === AST_NODE_TYPES.NewExpression && parent.callee === identifier) {
      add(parent);
      continue;
    }
    if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== identifier) continue;
    factories ??= instanceFactories(classBody, name, sourceCode);
    const method = propertyName(parent);
    const { child, parent: call } = outerParent(parent);
    if (method === undefined || !factories.has(method) || call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== child) continue;
    const around = outerParent(call);
    add(around.parent?.type === AST_NODE_TYPES.AwaitExpression ? around.parent : call);
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

/** The names of the static methods of the class `className` that are its factories (`isInstanceFactory`). */
function instanceFactories(classBody: TSESTree.ClassBody, className: string, sourceCode: Readonly<TSESLint.SourceCode>): Set<string> {
  const names = new Set<string>();
  for (const member of classBody.body) {
    // An overload signature has no body.
    if (member.type !== AST_NODE_TYPES.MethodDefinition || !member.static || member.kind !== "method" || !isFunctionNode(member.value))
      continue;
    const name = propertyName(member);
    const returned = returnedValues(member.value, sourceCode.visitorKeys).map((value) =>
      factoryValue(value, classBody, className, sourceCode),
    );
    // A later definition replaces an earlier one.
    if (name !== undefined && isInstanceFactory(returned)) names.add(name);
    else if (name !== undefined) names.delete(name);
  }
  return names;
}

/** What a value a static method of the class `className` returns is (`FactoryValue`). */
function factoryValue(
  node: TSESTree.Node,
  classBody: TSESTree.ClassBody,
  className: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth = 0,
): FactoryValue {
  const value = unwrapExpression(node);
  const valueOf = (next: TSESTree.Node): FactoryValue => factoryValue(next, classBody, className, sourceCode, depth + 1);
  if (value.type === AST_NODE_TYPES.NewExpression) {
    const callee = unwrapExpression(value.callee);
    return callee.type === AST_NODE_TYPES.ThisExpression || (callee.type === AST_NODE_TYPES.Identifier && callee.name === className)
      ? "instance"
      : "other";
  }
  if (value.type === AST_NODE_TYPES.Identifier) {
    const bound = depth < FACTORY_DEPTH ? singleValueOf(value, sourceCode) : undefined;
    return bound ? valueOf(bound.value) : "other";
  }
  if (value.type === AST_NODE_TYPES.MemberExpression) return isInstanceField(value, classBody, className) ? "instanceField" : "other";
  if (value.type !== AST_NODE_TYPES.AssignmentExpression || depth >= FACTORY_DEPTH) return "other";
  if (value.operator === "=") return valueOf(value.right);
  const both = value.operator === "??=" || value.operator === "||=";
  return both && valueOf(value.left) !== "other" && valueOf(value.right) !== "other" ? "instanceField" : "other";
}

/** `ApiClient.instance` or `this.instance`, a static field of the class declared with it as its type (`FactoryValue`). */
function isInstanceField(member: TSESTree.MemberExpression, classBody: TSESTree.ClassBody, className: string): boolean {
  const object = unwrapExpression(member.object);
  const name = propertyName(member);
  if (
    name === undefined ||
    !(object.type === AST_NODE_TYPES.ThisExpression || (object.type === AST_NODE_TYPES.Identifier && object.name === className))
  )
    return false;
  const namesClass = (type: TSESTree.TypeNode): boolean =>
    type.type === AST_NODE_TYPES.TSTypeReference && type.typeName.type === AST_NODE_TYPES.Identifier && type.typeName.name === className;
  const orNothing = (type: TSESTree.TypeNode): boolean =>
    namesClass(type) || type.type === AST_NODE_TYPES.TSNullKeyword || type.type === AST_NODE_TYPES.TSUndefinedKeyword;
  return classBody.body.some((field) => {
    if (field.type !== AST_NODE_TYPES.PropertyDefinition || !field.static || propertyName(field) !== name) return false;
    const type = field.typeAnnotation?.typeAnnotation;
    return (
      type !== undefined &&
      (namesClass(type) || (type.type === AST_NODE_TYPES.TSUnionType && type.types.some(namesClass) && type.types.every(orNothing)))
    );
  });
}

/** The variable that `made` is the whole value of: `const graph = new KnowledgeGraphManager()` or `graph = new ...`. */
function holderOf(made: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESLint.Scope.Variable | undefined {
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
