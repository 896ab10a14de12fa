import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { lastAnswer } from "./last-answer.js";
import { isNode } from "./node-at.js";
import { definitionOf, surelyUndeclared } from "./references.js";

export type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionDeclaration | TSESTree.FunctionExpression;

export function isFunctionNode(node: TSESTree.Node | null | undefined): node is FunctionNode {
  return (
    node?.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    node?.type === AST_NODE_TYPES.FunctionExpression ||
    node?.type === AST_NODE_TYPES.FunctionDeclaration
  );
}

/** Expression wrappers that do not change the value: `x as T`, `x satisfies T`, `x!`, `<T>x`. */
export const TRANSPARENT_WRAPPERS: ReadonlySet<string> = new Set<string>([
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSTypeAssertion,
  AST_NODE_TYPES.TSInstantiationExpression,
]);

type Wrapper =
  | TSESTree.TSAsExpression
  | TSESTree.TSSatisfiesExpression
  | TSESTree.TSNonNullExpression
  | TSESTree.TSTypeAssertion
  | TSESTree.TSInstantiationExpression;

export function isTransparentWrapper(node: TSESTree.Node): node is Wrapper {
  return TRANSPARENT_WRAPPERS.has(node.type);
}

/** The expression under `as`, `satisfies`, `!` and type assertions. */
export function unwrapExpression(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (isTransparentWrapper(current)) current = current.expression;
  return current;
}

/**
 * The expression under the transparent wrappers and an optional chain: `request.params?.name` reads the member that
 * `request.params.name` does (undefined where the chain stops short).
 */
export function unwrapOptionalChain(node: TSESTree.Node): TSESTree.Node {
  const inner = unwrapExpression(node);
  return inner.type === AST_NODE_TYPES.ChainExpression ? unwrapExpression(inner.expression) : inner;
}

/** `null` or `undefined` (casts looked through). */
export function isNullish(node: TSESTree.Node): boolean {
  const value = unwrapExpression(node);
  return (
    (value.type === AST_NODE_TYPES.Literal && value.value === null) ||
    (value.type === AST_NODE_TYPES.Identifier && value.name === "undefined")
  );
}

/** The nearest ancestor that is not a transparent wrapper, and the child under it. */
export function outerParent(node: TSESTree.Node): { child: TSESTree.Node; parent: TSESTree.Node | undefined } {
  let child = node;
  while (child.parent && isTransparentWrapper(child.parent)) child = child.parent;
  return { child, parent: child.parent };
}

/** The static name of a property key, member property or class member (`a`, `"a"`, `[`a`]`). */
export function staticKeyName(key: TSESTree.Node, computed: boolean): string | undefined {
  if (!computed && key.type === AST_NODE_TYPES.Identifier) return key.name;
  if (key.type === AST_NODE_TYPES.Literal && typeof key.value === "string") return key.value;
  if (key.type === AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0 && key.quasis.length === 1) {
    return key.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

/**
 * The method a binding is taken as: the key it takes in an object pattern (`registerTool` of `{ registerTool }` or `{
 * registerTool = fallback }`), or the method a `const` binds (`tool` of `const register = (server as any).tool.bind(server)`).
 */
export function aliasedMethodName(binding: TSESTree.Node): string | undefined {
  const declarator = binding.parent;
  if (declarator?.type === AST_NODE_TYPES.VariableDeclarator && declarator.id === binding && declarator.init) {
    const call = unwrapExpression(declarator.init);
    const bind = call.type === AST_NODE_TYPES.CallExpression ? unwrapExpression(call.callee) : undefined;
    const method =
      bind?.type === AST_NODE_TYPES.MemberExpression && propertyName(bind) === "bind" ? unwrapExpression(bind.object) : undefined;
    return method?.type === AST_NODE_TYPES.MemberExpression && declarator.parent.kind === "const" ? propertyName(method) : undefined;
  }
  return destructuredKey(binding);
}

/** The key a binding takes in an object pattern: `registerTool` of `{ registerTool }` or `{ registerTool = fallback }`. */
function destructuredKey(binding: TSESTree.Node): string | undefined {
  const bound = binding.parent?.type === AST_NODE_TYPES.AssignmentPattern && binding.parent.left === binding ? binding.parent : binding;
  const property = bound.parent;
  return property?.type === AST_NODE_TYPES.Property && property.value === bound && property.parent.type === AST_NODE_TYPES.ObjectPattern
    ? staticKeyName(property.key, property.computed)
    : undefined;
}

export function propertyName(
  node: TSESTree.Property | TSESTree.MethodDefinition | TSESTree.PropertyDefinition | TSESTree.MemberExpression,
): string | undefined {
  return node.type === AST_NODE_TYPES.MemberExpression
    ? staticKeyName(node.property, node.computed)
    : staticKeyName(node.key, node.computed);
}

/** A parameter of `fn` binds `name`, itself or in a destructuring pattern. */
export function bindsParameter(fn: FunctionNode, name: string): boolean {
  const pending: TSESTree.Node[] = [...fn.params];
  for (let node = pending.pop(); node; node = pending.pop()) {
    switch (node.type) {
      case AST_NODE_TYPES.Identifier:
        if (node.name === name) return true;
        break;
      case AST_NODE_TYPES.ObjectPattern:
        for (const property of node.properties) pending.push(property.type === AST_NODE_TYPES.RestElement ? property : property.value);
        break;
      case AST_NODE_TYPES.ArrayPattern:
        for (const element of node.elements) if (element) pending.push(element);
        break;
      case AST_NODE_TYPES.RestElement:
        pending.push(node.argument);
        break;
      case AST_NODE_TYPES.AssignmentPattern:
        pending.push(node.left);
        break;
      case AST_NODE_TYPES.TSParameterProperty:
        pending.push(node.parameter);
        break;
      default:
        break;
    }
  }
  return false;
}

/** The name a call goes by: `name(...)` or the last member of `a.b.name(...)`. */
export function calleeName(callee: TSESTree.Node): string | undefined {
  const node = unwrapExpression(callee);
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (node.type === AST_NODE_TYPES.MemberExpression) return propertyName(node);
  return undefined;
}

/** The call `node` (casts looked through) is an argument of, and the argument as the call holds it. */
export function callGivenArgument(
  node: TSESTree.Node,
): { call: TSESTree.CallExpression; argument: TSESTree.CallExpressionArgument } | undefined {
  const { child, parent } = outerParent(node);
  const argument = child as TSESTree.CallExpressionArgument;
  return parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(argument) ? { call: parent, argument } : undefined;
}

/** The identifier a callee chain starts from: `ai` in `ai.tool(...)`. */
export function rootIdentifier(node: TSESTree.Node): TSESTree.Identifier | undefined {
  let current = unwrapExpression(node);
  while (current.type === AST_NODE_TYPES.MemberExpression) current = unwrapExpression(current.object);
  return current.type === AST_NODE_TYPES.Identifier ? current : undefined;
}

/** The selector of `onObjectWithProperty`, by property name: the same few names in every file. */
const propertySelectors = new Map<string, string>();

/**
 * A listener for every object literal with a property `name` (as `findProperty` reads it), called
 * once per object. It is keyed on the property, not the object: ESLint then calls it only for the
 * few properties so named, instead of for every object literal of the file.
 */
export function onObjectWithProperty(
  name: string,
  listener: (object: TSESTree.ObjectExpression, property: TSESTree.Property) => void,
): TSESLint.RuleListener {
  let selector = propertySelectors.get(name);
  if (selector === undefined) {
    selector = ["key.name", "key.value", "key.quasis.0.value.cooked"].map((key) => `Property[${key}="${name}"]`).join(", ");
    propertySelectors.set(name, selector);
  }
  // A method in a literal, not an arrow function assigned to a built object: under oxlint the latter made
  // the young-generation collections six times longer (`node --trace-gc`), for reasons not pinned down.
  return {
    [selector](property: TSESTree.Property) {
      const object = property.parent;
      // A pattern's property, a computed `[name]`, or a second `name`: not the property `findProperty` reads.
      if (object.type === AST_NODE_TYPES.ObjectExpression && findProperty(object, name) === property) listener(object, property);
    },
  };
}

/** A property of an object literal by static name (spreads skipped). */
export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property && propertyName(property) === name) return property;
  }
  return undefined;
}

/** The value of a numeric literal, signs included (`-32602`, `+1`), else undefined. */
export function numericValue(node: TSESTree.Node): number | undefined {
  const inner = unwrapExpression(node);
  if (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "number") return inner.value;
  if (inner.type === AST_NODE_TYPES.UnaryExpression && (inner.operator === "-" || inner.operator === "+")) {
    const argument = unwrapExpression(inner.argument);
    if (argument.type === AST_NODE_TYPES.Literal && typeof argument.value === "number") {
      return inner.operator === "-" ? -argument.value : argument.value;
    }
  }
  return undefined;
}

/** True when `inner` lies within `outer`'s source range. */
export function contains(outer: TSESTree.Node, inner: TSESTree.Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

/**
 * The nearest `if` around `node`, in the function that holds it, whose branch holding it is taken when `taken` says so
 * of its test: the consequent (`consequent` true) when the test holds, the alternate when it does not. Code after an
 * `if` without `else` whose consequent always leaves (`if (cached) return cached;`) runs only where the test failed:
 * unless another `if` holds it, it stands in that `if`'s alternate.
 */
export function ifTaken(
  node: TSESTree.Node,
  taken: (test: TSESTree.Expression, consequent: boolean) => boolean,
): TSESTree.IfStatement | undefined {
  let inBranch = false;
  for (let child = node, parent = node.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test !== child) {
      if (taken(parent.test, parent.consequent === child)) return parent;
      inBranch = true;
    }
    // Only for code that no other `if` holds: one inside `if (page.links.length > 0)` answers that test.
    if (parent.type !== AST_NODE_TYPES.BlockStatement || inBranch) continue;
    for (let index = parent.body.indexOf(child as TSESTree.Statement) - 1; index >= 0; index--) {
      const before = parent.body[index];
      if (before.type === AST_NODE_TYPES.IfStatement && !before.alternate && leaves(before.consequent) && taken(before.test, false))
        return before;
    }
  }
  return undefined;
}

/**
 * The statement ends by leaving on every path: a `return` or a `throw`, a block whose last statement leaves, an
 * `if`/`else` both of whose branches leave, or a `try` whose block and `catch` leave (or whose `finally` does).
 */
export function leaves(statement: TSESTree.Statement | null | undefined): boolean {
  if (!statement) return false;
  switch (statement.type) {
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.ThrowStatement:
      return true;
    case AST_NODE_TYPES.BlockStatement:
      return leaves(statement.body.at(-1));
    case AST_NODE_TYPES.IfStatement:
      return leaves(statement.consequent) && leaves(statement.alternate);
    case AST_NODE_TYPES.TryStatement:
      return leaves(statement.finalizer) || (leaves(statement.block) && (!statement.handler || leaves(statement.handler.body)));
    default:
      return false;
  }
}

/** The nearest `catch` clause around `node` inside `boundary` (a function): code there handles an error. */
export function enclosingCatch(node: TSESTree.Node, boundary: TSESTree.Node): TSESTree.CatchClause | undefined {
  for (let current = node.parent; current && current !== boundary; current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause) return current;
  }
  return undefined;
}

/** The `throw` statement inside `boundary` (a function) whose thrown value holds `node`. */
export function enclosingThrow(node: TSESTree.Node, boundary: TSESTree.Node): TSESTree.ThrowStatement | undefined {
  for (let current = node.parent; current && current !== boundary; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ThrowStatement) return current;
  }
  return undefined;
}

/** The nearest `try` (with a `catch`) inside `boundary` whose block holds `node`. */
export function tryAround(node: TSESTree.Node, boundary: TSESTree.Node): TSESTree.TryStatement | undefined {
  for (let current = node.parent; current && current !== boundary; current = current.parent) {
    if (current.type === AST_NODE_TYPES.TryStatement && current.handler && contains(current.block, node)) return current;
  }
  return undefined;
}

/** True when `node` is the parameter of a `catch` clause around it: a caught error. */
export function isCaughtError(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): node is TSESTree.Identifier {
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  return definitionOf(node, ["catch"], sourceCode)?.type === TSESLint.Scope.DefinitionType.CatchClause;
}

/** The child nodes of `node`, by the parser's visitor keys. */
export function childNodes(node: TSESTree.Node, visitorKeys: TSESLint.SourceCode.VisitorKeys): TSESTree.Node[] {
  const children: TSESTree.Node[] = [];
  for (const key of visitorKeys[node.type] ?? []) {
    const value: unknown = (node as unknown as Record<string, unknown>)[key];
    for (const child of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (isNode(child)) children.push(child);
    }
  }
  return children;
}

/**
 * True when `found` holds for a node of the tree under `root` (itself included). `descend`, when given, keeps the
 * search out of the children of the nodes it rejects. Depth first, without recursion; the order is no promise.
 */
export function someNode(
  root: TSESTree.Node,
  visitorKeys: TSESLint.SourceCode.VisitorKeys,
  found: (node: TSESTree.Node) => boolean,
  descend?: (node: TSESTree.Node) => boolean,
): boolean {
  const pending: TSESTree.Node[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (found(node)) return true;
    if (!descend || descend(node)) pending.push(...childNodes(node, visitorKeys));
  }
  return false;
}

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The variable `node` is the whole initialiser of, in `const name = node` (wrappers looked through). */
export function constVariableOf(node: TSESTree.Node, sourceCode: SourceCode): TSESLint.Scope.Variable | undefined {
  const declarator = constDeclaratorOf(node);
  return declarator && sourceCode.getDeclaredVariables(declarator).at(0);
}

/** The `const name = <node>` declarator that `node` (casts looked through) initialises, if any. */
export function constDeclaratorOf(node: TSESTree.Node): (TSESTree.VariableDeclarator & { id: TSESTree.Identifier }) | undefined {
  const { child, parent } = outerParent(node);
  return parent?.type === AST_NODE_TYPES.VariableDeclarator &&
    parent.init === child &&
    parent.id.type === AST_NODE_TYPES.Identifier &&
    parent.parent.kind === "const"
    ? (parent as TSESTree.VariableDeclarator & { id: TSESTree.Identifier })
    : undefined;
}

/**
 * The one value an identifier can hold: the initialiser of a variable declared once (`const`, or
 * `let`/`var` never assigned again), with the variable. Undefined for anything else. With `appends`, also of a
 * variable whose later writes only append to it (`let text = "Error: "; text += detail`): the value it starts from,
 * `appended` saying so.
 */
export function singleValueOf(
  identifier: TSESTree.Identifier,
  sourceCode: SourceCode,
  { appends = false } = {},
): { variable: TSESLint.Scope.Variable; value: TSESTree.Expression; appended: boolean } | undefined {
  if (surelyUndeclared(identifier.name, ["variable"], sourceCode)) return undefined;
  const declared = declaredOnce(identifier, sourceCode);
  const value = declared?.declarator.init;
  if (!declared || !value || declared.assignments.some((assignment) => !appends || assignment.operator !== "+=")) return undefined;
  return { variable: declared.variable, value, appended: declared.assignments.length > 0 };
}

/**
 * Every value a variable declared once is given: its initialiser (unless it has none, or `undefined` or `null`) and the
 * right side of each plain assignment (`toolName = name`). Undefined for another variable, or where a write is anything
 * else (`+=`, `++`, a destructuring, a loop's binding).
 */
export function assignedValues(identifier: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.Expression[] | undefined {
  const declared = declaredOnce(identifier, sourceCode);
  if (!declared || declared.assignments.some((assignment) => assignment.operator !== "=")) return undefined;
  const { init } = declared.declarator;
  return [...(init && !isNullish(init) ? [init] : []), ...declared.assignments.map((assignment) => assignment.right)];
}

/**
 * The values a variable declared without one is given on its paths by plain assignments (`let message: string; if
 * (invalid) message = "Invalid parameters"; else message = "Unexpected error"`). Undefined for one declared with a value
 * (the value a read sees then depends on the order of the writes), or written otherwise (`+=`, a destructuring).
 */
export function pathValues(identifier: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.Expression[] | undefined {
  const declared = declaredOnce(identifier, sourceCode);
  if (!declared || declared.declarator.init || declared.assignments.some((assignment) => assignment.operator !== "=")) return undefined;
  return declared.assignments.map((assignment) => assignment.right);
}

/**
 * A variable declared once by a declarator of its own name, and the assignments that write it after its declaration;
 * undefined where anything else writes it (`++`, a destructuring, a loop's binding). What `singleValueOf` and
 * `assignedValues` read.
 */
function declaredOnce(
  identifier: TSESTree.Identifier,
  sourceCode: SourceCode,
):
  { variable: TSESLint.Scope.Variable; declarator: TSESTree.VariableDeclarator; assignments: TSESTree.AssignmentExpression[] } | undefined {
  const variable = ASTUtils.findVariable(sourceCode.getScope(identifier), identifier);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || definition?.type !== TSESLint.Scope.DefinitionType.Variable || definition.node.id.type !== AST_NODE_TYPES.Identifier)
    return undefined;
  const assignments: TSESTree.AssignmentExpression[] = [];
  for (const reference of variable.references) {
    if (!reference.isWrite() || reference.init) continue;
    const { parent } = reference.identifier;
    if (parent.type !== AST_NODE_TYPES.AssignmentExpression || parent.left !== reference.identifier) return undefined;
    assignments.push(parent);
  }
  return { variable, declarator: definition.node, assignments };
}

/** The function an identifier names in its file: a function declaration or a `const` bound to a function. */
export function declaredFunction(identifier: TSESTree.Identifier, sourceCode: SourceCode): FunctionNode | undefined {
  const definition = definitionOf(identifier, ["function", "variable"], sourceCode);
  if (definition?.type === TSESLint.Scope.DefinitionType.FunctionName) {
    return definition.node.type === AST_NODE_TYPES.FunctionDeclaration ? definition.node : undefined;
  }
  if (definition?.type !== TSESLint.Scope.DefinitionType.Variable || definition.parent.kind !== "const") return undefined;
  const init = definition.node.init && unwrapExpression(definition.node.init);
  return isFunctionNode(init) ? init : undefined;
}

/**
 * The function of this file a callee names: a function declaration or a `const` bound to a function
 * (`declaredFunction`), a method of the class around the call (`this.registerTool`, a static one in a static member),
 * a static method of a class declared in the file (`ToolRouter.dispatch`), or an instance method of one, called on a
 * variable that holds an instance of it (`server.registerTool` after `const server = new BrowserServer()`).
 */
export function calledFunction(callee: TSESTree.Node, sourceCode: SourceCode): FunctionNode | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return declaredFunction(callee, sourceCode);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return undefined;
  const name = propertyName(callee);
  if (name === undefined) return undefined;
  const object = unwrapExpression(callee.object);
  if (object.type === AST_NODE_TYPES.ThisExpression) {
    const side = thisSide(callee);
    return side && classMethod(side, name);
  }
  if (object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const classBody = topLevelClass(object, sourceCode);
  if (classBody) return classMethod({ classBody, isStatic: true }, name);
  const instanceOf = instanceClass(object, sourceCode);
  return instanceOf && classMethod({ classBody: instanceOf, isStatic: false }, name);
}

/**
 * The top-level class of the file whose instance a variable holds: one with a single value, `new <Class>(...)`
 * (`const registry = new ToolRegistry()`). The scopes are asked only where the file declares a top-level class.
 */
export function instanceClass(identifier: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.ClassBody | undefined {
  if (topLevelClasses(sourceCode.ast).size === 0) return undefined;
  const made = constructedClass(identifier, sourceCode);
  return made && topLevelClass(made, sourceCode);
}

/**
 * The name of the class a variable with a single value, `new <Class>(...)`, holds an instance of (`ToolRegistry`). The
 * scopes are asked only for a name the file's text binds to a `new` (`constructedNames`).
 */
export function constructedClass(identifier: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.Identifier | undefined {
  if (!constructedNames(sourceCode.text).has(identifier.name)) return undefined;
  const value = singleValueOf(identifier, sourceCode)?.value;
  const made = value && unwrapExpression(value);
  return made?.type === AST_NODE_TYPES.NewExpression && made.callee.type === AST_NODE_TYPES.Identifier ? made.callee : undefined;
}

/** The names a declaration in the text binds to a `new` (`const registry = new ToolRegistry(`), of the last text asked about. */
const constructedNames = lastAnswer((text: string) => {
  const names = new Set<string>();
  for (const match of text.matchAll(/\b(?:const|let|var)\s+([\p{L}_$][\p{L}\p{N}_$]*)\s*(?::[^=;]+)?=\s*new\s/gu)) names.add(match[1]);
  return names;
});

/** The top-level class declarations of the last file asked about, by name (`lastAnswer`): only the program's statements are read. */
const topLevelClasses = lastAnswer((program: TSESTree.Program) => {
  const classes = new Map<string, TSESTree.ClassDeclaration>();
  for (const statement of program.body) {
    const declaration =
      statement.type === AST_NODE_TYPES.ExportNamedDeclaration || statement.type === AST_NODE_TYPES.ExportDefaultDeclaration
        ? statement.declaration
        : statement;
    if (declaration?.type === AST_NODE_TYPES.ClassDeclaration && declaration.id) classes.set(declaration.id.name, declaration);
  }
  return classes;
});

/**
 * The body of the top-level class an identifier names (`ToolRouter` in `ToolRouter.dispatch(...)`); the scopes are
 * asked only where the file declares a class of that name at its top level.
 */
export function topLevelClass(identifier: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.ClassBody | undefined {
  const declaration = topLevelClasses(sourceCode.ast).get(identifier.name);
  return declaration && definitionOf(identifier, ["class"], sourceCode)?.node === declaration ? declaration.body : undefined;
}

/** The members `<read>.<name>` among reads of an object (`graph.addObservations` of `graph`), casts looked through. */
export function membersNamed(reads: readonly TSESTree.Node[], name: string): TSESTree.MemberExpression[] {
  const members: TSESTree.MemberExpression[] = [];
  for (const read of reads) {
    const { child, parent } = outerParent(read);
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === child && propertyName(parent) === name) members.push(parent);
  }
  return members;
}

/** The name under which `declaredFunction` finds `fn`: a function declaration's, or that of the `const` it initialises. */
export function declaredName(fn: FunctionNode): string | undefined {
  return fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn.id?.name : constDeclaratorOf(fn)?.id.name;
}

/** The values `fn` itself returns: its arrow body, or the arguments of its own `return` statements. */
export function returnedValues(fn: FunctionNode, visitorKeys: TSESLint.SourceCode.VisitorKeys): TSESTree.Node[] {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return [fn.body];
  const values: TSESTree.Node[] = [];
  const pending: TSESTree.Node[] = [fn.body];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (node.argument) values.push(node.argument);
      continue;
    }
    // Expressions hold no `return` of this function (nested function expressions return their own).
    if (node.type === AST_NODE_TYPES.FunctionDeclaration || node.type.endsWith("Expression")) continue;
    pending.push(...childNodes(node, visitorKeys));
  }
  return values;
}

/** The references that read `variable`. */
export function readReferences(variable: TSESLint.Scope.Variable): TSESLint.Scope.Reference[] {
  return variable.references.filter((reference) => reference.isRead());
}

/** The identifiers that read the plain parameter `parameter` of `fn` in its body. */
export function parameterReads(fn: FunctionNode, parameter: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.Node[] {
  const variable = sourceCode.getDeclaredVariables(fn).find((candidate) => candidate.identifiers.includes(parameter));
  return variable ? readReferences(variable).map(({ identifier }) => identifier) : [];
}

/**
 * The side of a class that `this` is in a member: the instances' members, or in a static member (a static method,
 * field or block) the class's static ones.
 */
export interface ClassSide {
  classBody: TSESTree.ClassBody;
  isStatic: boolean;
}

/** A method on one side of a class, by the name `this.<name>` reads it. */
export interface ClassMethod extends ClassSide {
  name: string;
}

/** The same side of the same class. */
export function isSameSide(a: ClassSide | undefined, b: ClassSide): boolean {
  return a?.classBody === b.classBody && a.isStatic === b.isStatic;
}

/** The method or function-valued field `name` that `this.<name>` reads on `side` of its class (the last one declared). */
export function classMethod({ classBody, isStatic }: ClassSide, name: string): FunctionNode | undefined {
  for (let index = classBody.body.length - 1; index >= 0; index--) {
    const member = classBody.body[index];
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    if (member.static !== isStatic || !member.value || propertyName(member) !== name) continue;
    const value = unwrapExpression(member.value);
    if (isFunctionNode(value)) return value;
  }
  return undefined;
}

/**
 * The side, class and name of `fn` when it is a method that `classMethod` finds (`this.<name>(...)` calls it).
 * `around` is `outerParent(fn)`, for a caller that reads it too.
 */
export function classMethodOf(fn: FunctionNode, { child, parent } = outerParent(fn)): ClassMethod | undefined {
  if (parent?.type !== AST_NODE_TYPES.MethodDefinition && parent?.type !== AST_NODE_TYPES.PropertyDefinition) return undefined;
  if (parent.value !== child) return undefined;
  const name = propertyName(parent);
  const side = { classBody: parent.parent, isStatic: parent.static };
  return name !== undefined && classMethod(side, name) === fn ? { ...side, name } : undefined;
}

/**
 * The class side whose `this` a node sees (`ClassSide`): arrows are looked through, any other function must be a
 * member of the class.
 */
export function thisSide(node: TSESTree.Node): ClassSide | undefined {
  let child: TSESTree.Node = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) {
      const isStatic = child.type === AST_NODE_TYPES.StaticBlock || (child.type === AST_NODE_TYPES.PropertyDefinition && child.static);
      return { classBody: current, isStatic };
    }
    if (current.type === AST_NODE_TYPES.FunctionExpression || current.type === AST_NODE_TYPES.FunctionDeclaration) {
      const member = current.parent;
      return member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.PropertyDefinition
        ? { classBody: member.parent, isStatic: member.static }
        : undefined;
    }
  }
  return undefined;
}

/**
 * ESLint's head of a function (`async getNote(`, `async ({ id }) =>`), without the decorators of its method: a
 * decorated member's node starts at its first decorator, which may span lines (`@Tool({ ... })`).
 */
export function functionHeadLocation(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.SourceLocation {
  const head = ASTUtils.getFunctionHeadLocation(fn, sourceCode);
  const { parent } = fn;
  const decorators =
    parent.type === AST_NODE_TYPES.MethodDefinition || parent.type === AST_NODE_TYPES.PropertyDefinition ? parent.decorators : [];
  const last = decorators.at(-1);
  const first = last && sourceCode.getTokenAfter(last);
  return first ? { start: first.loc.start, end: head.end } : head;
}
