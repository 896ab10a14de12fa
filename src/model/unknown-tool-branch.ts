import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";

const { DefinitionType } = TSESLint.Scope;
import { childNodes, contains, type FunctionNode, propertyName, unwrapExpression } from "../util/ast.js";

/*
 * The unknown-tool branch of a low-level `tools/call` dispatcher: the specification makes
 * "unknown tool" a protocol error, so a JSON-RPC error or a throw there is right.
 * The requested tool name is `<request>.params.name` or a name destructured from `<request>.params`.
 */

/** `request.params.name`. */
function isParamsNameMember(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    propertyName(node) === "name" &&
    unwrapExpression(node.object).type === AST_NODE_TYPES.MemberExpression &&
    propertyName(unwrapExpression(node.object) as TSESTree.MemberExpression) === "params"
  );
}

/** The `name` property of `{ name } = request.params` or of `{ params: { name } }`. */
function isNameFromParamsPattern(pattern: TSESTree.Node, identifier: TSESTree.Identifier): boolean {
  const property = identifier.parent;
  const valueOf = property.type === AST_NODE_TYPES.AssignmentPattern ? property.parent : property;
  if (valueOf.type !== AST_NODE_TYPES.Property || propertyName(valueOf) !== "name") return false;
  const objectPattern = valueOf.parent;
  if (objectPattern.type !== AST_NODE_TYPES.ObjectPattern || !contains(pattern, objectPattern)) return false;
  const holder = objectPattern.parent;
  if (holder.type === AST_NODE_TYPES.Property) return propertyName(holder) === "params";
  if (holder.type === AST_NODE_TYPES.VariableDeclarator && holder.init) {
    const init = unwrapExpression(holder.init);
    return init.type === AST_NODE_TYPES.MemberExpression && propertyName(init) === "params";
  }
  return false;
}

class RequestedToolName {
  constructor(
    private readonly handler: FunctionNode,
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
  ) {}

  /** True when `expression` is the requested tool name. */
  is(expression: TSESTree.Node): boolean {
    const node = unwrapExpression(expression);
    if (isParamsNameMember(node)) return true;
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    const definition = ASTUtils.findVariable(this.sourceCode.getScope(node), node)?.defs.at(0);
    if (!definition || !contains(this.handler, definition.name)) return false;
    const pattern =
      definition.type === DefinitionType.Variable ? definition.node.id : definition.type === DefinitionType.Parameter ? definition.node : undefined;
    return pattern !== undefined && isNameFromParamsPattern(pattern, definition.name as TSESTree.Identifier);
  }

  /** True when the name is used somewhere inside `node` (a `.find()` callback). */
  usedIn(node: TSESTree.Node): boolean {
    const stack: TSESTree.Node[] = [node];
    while (stack.length > 0) {
      const current = stack.pop();
      if (!current) break;
      if (this.is(current)) return true;
      stack.push(...childNodes(current, this.sourceCode.visitorKeys));
    }
    return false;
  }

  /** `tools.get(name)`, `tools[name]`, `tools.find((t) => t.name === name)`, `tools.has(name)`. */
  isLookup(expression: TSESTree.Node, methods: readonly string[]): boolean {
    let node = unwrapExpression(expression);
    if (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrapExpression(node.argument);
    if (node.type === AST_NODE_TYPES.MemberExpression) return node.computed && this.is(node.property);
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    const callee = unwrapExpression(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
    const method = propertyName(callee);
    const first = node.arguments.at(0);
    if (!first || method === undefined || !methods.includes(method)) return false;
    return method === "find" ? this.usedIn(first) : this.is(first);
  }

  /** `!tool` where `tool` came from a lookup by name, `!tools[name]`, or `!tools.has(name)`. */
  isNoToolFound(test: TSESTree.Expression): boolean {
    const node = unwrapExpression(test);
    if (node.type !== AST_NODE_TYPES.UnaryExpression || node.operator !== "!") return false;
    const argument = unwrapExpression(node.argument);
    if (this.isLookup(argument, ["get", "find", "has"])) return true;
    if (argument.type !== AST_NODE_TYPES.Identifier) return false;
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(argument), argument);
    return (
      variable?.defs.some(
        (definition) =>
          definition.type === DefinitionType.Variable &&
          definition.node.init !== null &&
          this.isLookup(definition.node.init, ["get", "find"]),
      ) ?? false
    );
  }
}

/** True when `node` is inside the unknown-tool branch of the dispatcher `handler`. */
export function isInUnknownToolBranch(
  node: TSESTree.Node,
  handler: FunctionNode,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const name = new RequestedToolName(handler, sourceCode);
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && child !== handler; child = parent, parent = parent.parent) {
    if (
      parent.type === AST_NODE_TYPES.SwitchCase &&
      parent.test === null &&
      parent.consequent.includes(child as TSESTree.Statement) &&
      name.is(parent.parent.discriminant)
    ) {
      return true;
    }
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.consequent === child && name.isNoToolFound(parent.test)) {
      return true;
    }
  }
  return false;
}
