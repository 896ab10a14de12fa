import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { contains, isFunctionNode, numericValue, outerParent, propertyName, unwrapExpression } from "../util/ast.js";
import { identifiersNamed } from "../util/references.js";
import { isProtocolRequiredValue, protocolRequiredRethrowTest } from "./estree-tree.js";
import { isReservedJsonRpcCode } from "./json-rpc.js";
import { isPromiseReject } from "./throw-semantics.js";
import type { McpSettings } from "./settings.js";

/**
 * The official SDK's protocol-error names: v1 `ErrorCode`/`McpError`, v2 `ProtocolErrorCode`/`ProtocolError`
 * and v2's subclasses of `ProtocolError`. Not `UrlElicitationRequiredError` (a handler throws it on
 * purpose, see `isProtocolRequiredThrow`) nor v2's SDK-local `SdkError`/`SdkErrorCode`/`SdkHttpError`.
 */
export const SDK_PROTOCOL_ERROR_NAMES: readonly string[] = [
  "ErrorCode",
  "McpError",
  "ProtocolErrorCode",
  "ProtocolError",
  "ResourceNotFoundError",
  "UnsupportedProtocolVersionError",
  "MissingRequiredClientCapabilityError",
];

/**
 * A use of a protocol-error name: `"name"` for a name in `protocolErrors.names` (whatever its
 * module), `"sdk"` for an SDK protocol error imported from a `protocolErrors.modules` module.
 */
export interface ProtocolErrorUse {
  node: TSESTree.Node;
  name: string;
  origin: "name" | "sdk";
  source?: string;
}

const { DefinitionType } = TSESLint.Scope;

type Scope = TSESLint.Scope.Scope;
type Variable = TSESLint.Scope.Variable;
type Reference = TSESLint.Scope.Reference;

/** The name an import or export specifier reads from its module (`imported`) or binds (`local`). */
export function importedName(specifier: TSESTree.ImportSpecifier | TSESTree.ExportSpecifier, side: "imported" | "local"): string {
  const node = side === "imported" && specifier.type === AST_NODE_TYPES.ImportSpecifier ? specifier.imported : specifier.local;
  return node.type === AST_NODE_TYPES.Identifier ? node.name : node.value;
}

export function isProtocolModule(source: string, settings: McpSettings): boolean {
  return settings.protocolErrors.modules.some((prefix) => source.startsWith(prefix));
}

/** `name`, imported from `source`, is one of the SDK's protocol errors (`McpError` from `@modelcontextprotocol/sdk/types.js`). */
export function isSdkProtocolErrorImport(name: string, source: string, settings: McpSettings): boolean {
  return SDK_PROTOCOL_ERROR_NAMES.includes(name) && isProtocolModule(source, settings);
}

/** Classify an imported name from `source`. */
function classify(name: string, source: string, settings: McpSettings): ProtocolErrorUse["origin"] | undefined {
  if (settings.protocolErrors.names.includes(name)) return "name";
  return isSdkProtocolErrorImport(name, source, settings) ? "sdk" : undefined;
}

/** A local object literal or enum whose values the plugin can see, and none is a reserved code. */
function isVisibleToolLevelCodes(variable: Variable): boolean {
  const definition = variable.defs.at(0);
  if (!definition) return false;
  if (definition.node.type === AST_NODE_TYPES.TSEnumDeclaration) {
    return definition.node.body.members.every((member) => !member.initializer || !isReservedJsonRpcCode(numericValue(member.initializer)));
  }
  if (definition.type !== DefinitionType.Variable || !definition.node.init) return false;
  const init = unwrapExpression(definition.node.init);
  return init.type === AST_NODE_TYPES.ObjectExpression && !holdsReservedCode(init);
}

function holdsReservedCode(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((property) => {
    if (property.type !== AST_NODE_TYPES.Property) return false;
    const value = unwrapExpression(property.value);
    return value.type === AST_NODE_TYPES.ObjectExpression ? holdsReservedCode(value) : isReservedJsonRpcCode(numericValue(value));
  });
}

/** Inside a type (`typeof ErrorCodes`, `keyof typeof X`): no runtime use. */
function isInTypePosition(identifier: TSESTree.Node): boolean {
  for (let node = identifier.parent; node; node = node.parent) {
    if (node.type === AST_NODE_TYPES.TSTypeQuery || node.type === AST_NODE_TYPES.TSTypeAnnotation) return true;
    if (node.type !== AST_NODE_TYPES.MemberExpression && node.type !== AST_NODE_TYPES.TSQualifiedName) return false;
  }
  return false;
}

function isValueUse(reference: Reference): boolean {
  if (reference.init || reference.isTypeReference) return false;
  const { identifier } = reference;
  if (isInTypePosition(identifier)) return false;
  // `error instanceof McpError` converts the error into a result: the right thing to do.
  return !isInstanceofRight(identifier);
}

function importSource(variable: Variable): { specifier: TSESTree.Node; source: string } | undefined {
  const definition = variable.defs.at(0);
  if (definition?.type !== DefinitionType.ImportBinding) return undefined;
  const declaration = definition.parent;
  if (declaration.type !== AST_NODE_TYPES.ImportDeclaration || declaration.importKind === "type") return undefined;
  if (definition.node.type === AST_NODE_TYPES.ImportSpecifier && definition.node.importKind === "type") return undefined;
  return { specifier: definition.node, source: declaration.source.value };
}

/**
 * Where a binding comes from: the module and the name it has there (`"*"` for the whole module). An import, or a
 * `require()` or `import()` call it is declared from: `const { McpError } = require("@modelcontextprotocol/sdk/types.js")`,
 * `const types = await import("...")`, an element of `await Promise.all([import(a), import(b)])`.
 */
interface ModuleBinding {
  source: string;
  name: string;
}

function moduleBinding(variable: Variable, loadsModules: boolean): ModuleBinding | undefined {
  const imported = importSource(variable);
  if (!imported) return loadsModules ? loadedBinding(variable) : undefined;
  const { specifier, source } = imported;
  if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier) return { source, name: "*" };
  return { source, name: specifier.type === AST_NODE_TYPES.ImportSpecifier ? importedName(specifier, "imported") : variable.name };
}

/** `moduleBinding` of a variable declared from a `require()` or `import()` call. */
function loadedBinding(variable: Variable): ModuleBinding | undefined {
  const definition = variable.defs.at(0);
  if (definition?.type !== DefinitionType.Variable || !definition.node.init) return undefined;
  // The keys and indices that pick the binding out of the declarator's value, from the outside in.
  const path: (string | number)[] = [];
  let child: TSESTree.Node = definition.name;
  // The binding lies inside its declarator's pattern, so the walk ends there.
  for (let node = child.parent; node !== definition.node; child = node, node = node.parent) {
    if (node.type === AST_NODE_TYPES.Property && node.value === child) {
      const key = propertyName(node);
      if (key === undefined) return undefined;
      path.unshift(key);
    } else if (node.type === AST_NODE_TYPES.ArrayPattern) {
      path.unshift(node.elements.indexOf(child as TSESTree.DestructuringPattern));
    } else if (node.type !== AST_NODE_TYPES.ObjectPattern && !(node.type === AST_NODE_TYPES.AssignmentPattern && node.left === child)) {
      return undefined;
    }
  }
  let value = awaited(definition.node.init);
  const index = path[0];
  if (typeof index === "number") {
    path.shift();
    const element = promiseAllElements(value)?.[index];
    if (!element) return undefined;
    value = awaited(element);
  }
  const source = loadedModule(value);
  const [name = "*", ...deeper] = path;
  return source === undefined || typeof name !== "string" || deeper.length > 0 ? undefined : { source, name };
}

/** `await x`, wrappers looked through. */
function awaited(node: TSESTree.Node): TSESTree.Node {
  const value = unwrapExpression(node);
  return value.type === AST_NODE_TYPES.AwaitExpression ? unwrapExpression(value.argument) : value;
}

/** The elements of `Promise.all([...])`. */
function promiseAllElements(node: TSESTree.Node): TSESTree.Node[] | undefined {
  if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const { object } = node.callee;
  const list = node.arguments.at(0);
  if (object.type !== AST_NODE_TYPES.Identifier || object.name !== "Promise" || propertyName(node.callee) !== "all") return undefined;
  return list?.type === AST_NODE_TYPES.ArrayExpression ? list.elements.filter((element) => element !== null) : undefined;
}

/** The module `require("m")` or `import("m")` loads. */
function loadedModule(node: TSESTree.Node): string | undefined {
  const source =
    node.type === AST_NODE_TYPES.ImportExpression
      ? node.source
      : node.type === AST_NODE_TYPES.CallExpression &&
          node.callee.type === AST_NODE_TYPES.Identifier &&
          node.callee.name === "require" &&
          node.arguments.length === 1
        ? node.arguments[0]
        : undefined;
  return source?.type === AST_NODE_TYPES.Literal && typeof source.value === "string" ? source.value : undefined;
}

/** With type information: true when an imported binding's type shows only tool-level codes. */
export type ToolLevelCodesCheck = (binding: TSESTree.Identifier) => boolean;

function usesOfVariable(
  variable: Variable,
  settings: McpSettings,
  found: ProtocolErrorUse[],
  loadsModules: boolean,
  toolLevelCodes?: ToolLevelCodesCheck,
): void {
  const module = moduleBinding(variable, loadsModules);
  if (module?.name === "*") {
    // `import * as errors from "..."; errors.ErrorCodes.X`, `const types = await import("..."); types.McpError`
    for (const reference of variable.references) {
      const member = reference.identifier.parent;
      if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier) continue;
      const name = propertyName(member);
      const origin = name === undefined ? undefined : classify(name, module.source, settings);
      if (origin && name !== undefined && isValueUse(reference) && !isInstanceofRight(member)) {
        found.push({ node: member, name, origin, source: module.source });
      }
    }
    return;
  }
  let origin: ProtocolErrorUse["origin"] | undefined;
  const name = module?.name ?? variable.name;
  if (module) {
    origin = classify(name, module.source, settings);
    const local = variable.defs.at(0)?.name;
    if (origin === "name" && local?.type === AST_NODE_TYPES.Identifier && toolLevelCodes?.(local)) return;
  } else if (settings.protocolErrors.names.includes(variable.name) && !isVisibleToolLevelCodes(variable)) {
    origin = "name";
  }
  if (!origin) return;
  for (const reference of variable.references) {
    if (isValueUse(reference)) found.push({ node: reference.identifier, name, origin, source: module?.source });
  }
}

function isInstanceofRight(node: TSESTree.Node): boolean {
  const parent = node.parent;
  return parent?.type === AST_NODE_TYPES.BinaryExpression && parent.operator === "instanceof" && parent.right === node;
}

/**
 * Every value use of a protocol-error binding in the file, from the scope analysis ESLint has
 * already done (no extra walk of the AST): imports (aliased, namespace), bindings from `require()` and
 * `import()`, local declarations and undeclared globals.
 */
export function findProtocolErrorUses(
  sourceCode: Readonly<TSESLint.SourceCode>,
  settings: McpSettings,
  toolLevelCodes?: ToolLevelCodesCheck,
): ProtocolErrorUse[] {
  const found: ProtocolErrorUse[] = [];
  const globalScope = sourceCode.getScope(sourceCode.ast);
  // Bindings from `require()` and `import()` are looked for only in a file that has such a call.
  const loadsModules = loadsModule(sourceCode.text);
  const scopes: Scope[] = [globalScope];
  while (scopes.length > 0) {
    const scope = scopes.pop();
    if (!scope) break;
    for (const variable of scope.variables) usesOfVariable(variable, settings, found, loadsModules, toolLevelCodes);
    scopes.push(...scope.childScopes);
  }
  for (const reference of globalScope.through) {
    const { name } = reference.identifier as TSESTree.Identifier;
    if (settings.protocolErrors.names.includes(name) && isValueUse(reference)) {
      found.push({ node: reference.identifier, name, origin: "name" });
    }
  }
  return found;
}

/** A `require()` or `import()` call in a text, as formatters write them. */
const loadsModule = (text: string): boolean => text.includes("require(") || text.includes("import(");

/**
 * The identifiers among which every use `findProtocolErrorUses` finds stands (its node, or the member
 * around a namespace import), read from the text with no scope analysis: each occurrence of a name in
 * `protocolErrors.names`, of the local name of an import it classifies, and of a namespace import
 * before a member it classifies. Undefined where the text cannot tell. Where none stands in code a
 * finding could be reported in, the scope analysis is not needed (oxlint builds it on demand).
 */
export function protocolErrorCandidates(
  sourceCode: Readonly<TSESLint.SourceCode>,
  settings: McpSettings,
): TSESTree.Identifier[] | undefined {
  // A protocol module loaded by `require()` or `import()`: its bindings are read from the scopes.
  if (loadsModule(sourceCode.text) && settings.protocolErrors.modules.some((module) => sourceCode.text.includes(module))) return undefined;
  const names = new Set(settings.protocolErrors.names);
  const namespaces = new Map<string, string>();
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration) continue;
    const source = statement.source.value;
    for (const specifier of statement.specifiers) {
      const local = specifier.local.name;
      if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier) namespaces.set(local, source);
      else if (classify(specifier.type === AST_NODE_TYPES.ImportSpecifier ? importedName(specifier, "imported") : local, source, settings))
        names.add(local);
    }
  }
  const candidates: TSESTree.Identifier[] = [];
  for (const name of [...names, ...namespaces.keys()]) {
    const identifiers = identifiersNamed(name, sourceCode);
    if (!identifiers) return undefined;
    const source = namespaces.get(name);
    for (const identifier of identifiers) {
      const { parent } = identifier;
      // An import's own binding is no use.
      if (parent.type === AST_NODE_TYPES.ImportSpecifier || parent.type === AST_NODE_TYPES.ImportDefaultSpecifier) continue;
      if (parent.type === AST_NODE_TYPES.ImportNamespaceSpecifier) continue;
      if (source !== undefined && !names.has(name)) {
        const member = parent.type === AST_NODE_TYPES.MemberExpression && parent.object === identifier ? propertyName(parent) : undefined;
        if (member === undefined || !classify(member, source, settings)) continue;
      }
      candidates.push(identifier);
    }
  }
  return candidates;
}

/** `export { ErrorCodes } from "../errors.js"`, `export { McpError } from "@modelcontextprotocol/sdk/types.js"`. */
export function reExportedProtocolErrors(declaration: TSESTree.ExportNamedDeclaration, settings: McpSettings): ProtocolErrorUse[] {
  if (!declaration.source || declaration.exportKind === "type") return [];
  const source = declaration.source.value;
  const found: ProtocolErrorUse[] = [];
  for (const specifier of declaration.specifiers) {
    if (specifier.exportKind === "type") continue;
    const name = importedName(specifier, "local");
    const origin = classify(name, source, settings);
    if (origin) found.push({ node: specifier, name, origin, source });
  }
  return found;
}

/** Where a reserved JSON-RPC code as a value means a protocol error: `{ code }`, `x.code =`, `new E(code)`. */
export function isProtocolCodePosition(literal: TSESTree.Node): boolean {
  const { child, parent } = outerParent(literal);
  if (!parent) return false;
  switch (parent.type) {
    case AST_NODE_TYPES.Property:
    case AST_NODE_TYPES.PropertyDefinition:
      return parent.value === child && propertyName(parent) === "code";
    case AST_NODE_TYPES.AssignmentExpression:
      return parent.right === child && parent.left.type === AST_NODE_TYPES.MemberExpression && propertyName(parent.left) === "code";
    case AST_NODE_TYPES.NewExpression:
      return parent.arguments.includes(child as TSESTree.CallExpressionArgument);
    default:
      return false;
  }
}

/** `new X(...)` / `X(...)` whose callee is `node`. */
function constructedBy(node: TSESTree.Node): TSESTree.NewExpression | TSESTree.CallExpression | undefined {
  const { child, parent } = outerParent(node);
  return (parent?.type === AST_NODE_TYPES.NewExpression || parent?.type === AST_NODE_TYPES.CallExpression) && parent.callee === child
    ? parent
    : undefined;
}

/** `throw <value>` or `Promise.reject(<value>)`. */
function isThrown(value: TSESTree.Node): boolean {
  const { child, parent } = outerParent(value);
  if (parent?.type === AST_NODE_TYPES.ThrowStatement) return true;
  if (parent?.type !== AST_NODE_TYPES.CallExpression || parent.arguments[0] !== child) return false;
  const callee = unwrapExpression(parent.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrapExpression(callee.object);
  return isPromiseReject(object.type === AST_NODE_TYPES.Identifier ? object.name : undefined, propertyName(callee));
}

/**
 * The node stands in the test of an `if` that only lets the URL elicitation error through
 * (`if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) throw error;`): the protocol
 * requires that rethrow, and the names in its test only recognise the error.
 */
function inProtocolRequiredRethrowTest(node: TSESTree.Node): boolean {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.IfStatement) {
      const { consequent } = parent;
      const only = consequent.type === AST_NODE_TYPES.BlockStatement && consequent.body.length === 1 ? consequent.body[0] : consequent;
      return parent.test === child && only.type === AST_NODE_TYPES.ThrowStatement && protocolRequiredRethrowTest(only) === parent.test;
    }
    if (parent.type.endsWith("Statement") || parent.type.endsWith("Declaration") || isFunctionNode(parent)) return false;
  }
  return false;
}

/**
 * The uses as a reader counts problems: `new McpError(ErrorCode.InvalidParams, msg)` is one use, the
 * whole expression named by its class, and the names in its arguments are part of it; a thrown
 * `new McpError(ErrorCode.UrlElicitationRequired, ...)` is no use at all (the protocol requires it).
 * `covered` receives both kinds of expression, so that a reserved code among their arguments is not
 * counted apart either.
 */
export function usesByExpression(uses: readonly ProtocolErrorUse[], covered: TSESTree.Node[] = []): ProtocolErrorUse[] {
  const grouped: ProtocolErrorUse[] = [];
  const expressions: TSESTree.Node[] = [];
  const required: TSESTree.Node[] = [];
  for (const use of uses) {
    const expression = constructedBy(use.node);
    if (!expression) continue;
    if (isProtocolRequiredValue(expression) && isThrown(expression)) required.push(expression);
    else expressions.push(expression);
  }
  for (const use of uses) {
    if (required.some((expression) => contains(expression, use.node)) || inProtocolRequiredRethrowTest(use.node)) continue;
    const outer = expressions.find((expression) => contains(expression, use.node));
    if (!outer) grouped.push(use);
    else if (constructedBy(use.node) === outer) grouped.push({ ...use, node: outer });
  }
  covered.push(...expressions, ...required);
  return grouped;
}
