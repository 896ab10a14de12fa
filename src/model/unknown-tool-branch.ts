import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";

const { DefinitionType } = TSESLint.Scope;
import {
  assignedValues,
  calledFunction,
  calleeName,
  contains,
  type FunctionNode,
  isFunctionNode,
  outerParent,
  propertyName,
  returnedValues,
  singleValueOf,
  someNode,
  isNullish,
  leaves,
  unwrapExpression,
  unwrapOptionalChain,
} from "../util/ast.js";
import { normalisesName } from "./handler-shapes.js";

/*
 * The unknown-tool branch of a low-level `tools/call` dispatcher: the specification makes
 * "unknown tool" a protocol error, so a JSON-RPC error or a throw there is right.
 * The requested tool name is `<request>.params.name`, `params.name` with `params` destructured
 * from the request, or a name bound to either (`const { name } = request.params`, `const name = ...`).
 */

/** Methods that look a handler up by name and return it (`tools.get(name)`, `tools.find((t) => t.name === name)`). */
const FETCHING_LOOKUPS = ["get", "find"];
/** Functions and methods whose name says they fetch by name: `findOperation`, `getTool`, `lookup`. */
const FINDER = /^(?:find|get|lookup|resolve)(?:[A-Z_]|$)/u;
/** Methods that only say whether a tool of that name exists (and `some`, given a test of the entries' names). */
const EXISTENCE_LOOKUPS = ["has", "hasOwn", "hasOwnProperty"];
/** Protocol error codes a dispatcher answers an unknown tool with. */
const UNKNOWN_TOOL_CODES = new Set(["MethodNotFound", "InvalidParams", "METHOD_NOT_FOUND", "INVALID_PARAMS"]);
/** A static message that says the tool is disabled: SDK v2's `McpServer` answers a disabled tool as an unknown one, with -32602. */
const DISABLED_TOOL_MESSAGE = /\b(?:disabled|inactive)\b|\bnot (?:allowed|enabled|available)\b/iu;
/** A static message that says the tool is unknown, or disabled. */
const UNKNOWN_TOOL_MESSAGE = new RegExp(
  `\\bunknown\\b|\\bnot found\\b|\\bno such tool\\b|\\bnot a known tool\\b|\\b(?:invalid|malformed) tool name\\b|\\btool name format\\b|${DISABLED_TOOL_MESSAGE.source}`,
  "iu",
);

/** A static message that says the client sends too many requests. */
const RATE_LIMITED_MESSAGE = /\brate[\s-]?limit(?:ed)?\b|\btoo many requests\b/iu;

/** The object pattern in which `identifier` is the value of property `key` (`{ name }`, `{ name: toolName }`). */
function isParamsPatternProperty(identifier: TSESTree.Identifier, key: string): TSESTree.ObjectPattern | undefined {
  const property = identifier.parent.type === AST_NODE_TYPES.AssignmentPattern ? identifier.parent.parent : identifier.parent;
  if (property.type !== AST_NODE_TYPES.Property || propertyName(property) !== key) return undefined;
  return property.parent.type === AST_NODE_TYPES.ObjectPattern ? property.parent : undefined;
}

/** A call that hands a dispatcher's work to a method or function, and the function that only makes it (`forwardsToFunction`). */
export interface ForwardingCall {
  call: TSESTree.CallExpression;
  forwarder: FunctionNode;
}

/** The forwarding calls of a method or function that stands in a handler position through them. */
export type ForwardingCalls = (fn: FunctionNode) => readonly ForwardingCall[];

/** How many forwarders a requested name is followed back through. */
const MAX_FORWARDS = 4;

/** The requested tool name of one dispatcher, and the lookups by it. */
export class RequestedToolName {
  /** The variables whose assigned values are being read (`everyAssigned`). */
  private readonly asking = new Set<string>();

  constructor(
    private readonly handler: FunctionNode,
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    /** With it, a parameter of a method the dispatcher forwards to is followed back to its argument. */
    private readonly forwardingCalls?: ForwardingCalls,
    private readonly forwards = 0,
  ) {}

  /** True when `expression` is the requested tool name. */
  is(expression: TSESTree.Node): boolean {
    const node = unwrapOptionalChain(expression);
    if (node.type === AST_NODE_TYPES.MemberExpression) return propertyName(node) === "name" && this.isParams(node.object);
    const normalised = normalisedString(node);
    if (normalised) return this.is(normalised);
    // `req.params.name ?? ""`: the name where there is one.
    if (node.type === AST_NODE_TYPES.LogicalExpression && (node.operator === "??" || node.operator === "||")) return this.is(node.left);
    // `canonicalize(requestedName)` of `const canonicalize = (name) => name.toLowerCase().replace(/\./g, "_")`.
    if (node.type === AST_NODE_TYPES.CallExpression && node.arguments.length === 1) {
      const fn = calledFunction(unwrapExpression(node.callee), this.sourceCode);
      return fn !== undefined && normalisesParameter(fn, this.sourceCode) && this.is(node.arguments[0]);
    }
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    // The name of a member or a key (`tool.name`, `{ name: "search" }`) reads no variable: written out, as `usedIn`
    // asks it of every identifier of a test.
    const { parent } = node;
    if (
      parent.type === AST_NODE_TYPES.MemberExpression
        ? parent.property === node && !parent.computed
        : parent.type === AST_NODE_TYPES.Property && parent.key === node && !parent.computed && !parent.shorthand
    )
      return false;
    const definition = this.definitionInHandler(node);
    if (!definition) return false;
    const identifier = definition.name as TSESTree.Identifier;
    // `const name = request.params.name`; a `let` only ever given the name (`toolName = name` where a loop finds it).
    if (definition.type === DefinitionType.Variable && definition.node.id === identifier) {
      if (definition.node.parent.kind === "const") return definition.node.init !== null && this.is(definition.node.init);
      return this.everyAssigned(node, (value) => this.is(value));
    }
    // `(request) => this.handleToolCall(request.params.name, ...)`: the method's parameter is the name.
    if (this.isForwardedParameter(definition, identifier, (name, argument) => name.is(argument))) return true;
    // `const { name } = request.params`, `({ params: { name } }) => ...`
    const pattern = isParamsPatternProperty(identifier, "name");
    if (!pattern) return false;
    const holder = pattern.parent;
    if (holder.type === AST_NODE_TYPES.Property) return propertyName(holder) === "params";
    return holder.type === AST_NODE_TYPES.VariableDeclarator && holder.init !== null && this.isParams(holder.init);
  }

  /**
   * `request.params` (also `request.params ?? {}`), `params` destructured from the request (`async ({ params }) => ...`,
   * `const { params } = request`)
   * or bound to it (`const params = request.params`), or the parameter of a callback given them:
   * `handleRequest("call_tool", request.params, async (validated) => ...)`.
   */
  private isParams(expression: TSESTree.Node): boolean {
    const node = unwrapOptionalChain(expression);
    if (node.type === AST_NODE_TYPES.MemberExpression) return propertyName(node) === "params";
    // `request.params ?? {}`: the params, or an empty object where the request has none.
    if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator !== "&&") {
      const fallback = unwrapExpression(node.right);
      return fallback.type === AST_NODE_TYPES.ObjectExpression && fallback.properties.length === 0 && this.isParams(node.left);
    }
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    const definition = this.definitionInHandler(node);
    if (!definition) return false;
    const identifier = definition.name as TSESTree.Identifier;
    if (definition.type === DefinitionType.Variable && definition.node.id === identifier) {
      return definition.node.init !== null && definition.node.parent.kind === "const" && this.isParams(definition.node.init);
    }
    return (
      isParamsPatternProperty(identifier, "params") !== undefined ||
      this.isGivenParams(definition, identifier) ||
      this.isForwardedParameter(definition, identifier, (name, argument) => name.isParams(argument))
    );
  }

  /**
   * A parameter of the dispatcher itself, a method that forwarders hand the work to: every forwarding call passes, in
   * its place, what `passes` accepts in the forwarder (the requested name, or the params).
   */
  private isForwardedParameter(
    definition: TSESLint.Scope.Definition,
    identifier: TSESTree.Identifier,
    passes: (forwarderName: RequestedToolName, argument: TSESTree.Node) => boolean,
  ): boolean {
    if (definition.type !== DefinitionType.Parameter || definition.node !== this.handler || this.forwards >= MAX_FORWARDS) return false;
    const index = this.handler.params.indexOf(identifier);
    const calls = index === -1 ? [] : (this.forwardingCalls?.(this.handler) ?? []);
    return (
      calls.length > 0 &&
      calls.every(({ call, forwarder }) => {
        const argument = call.arguments.at(index);
        const name = new RequestedToolName(forwarder, this.sourceCode, this.forwardingCalls, this.forwards + 1);
        return argument !== undefined && passes(name, argument);
      })
    );
  }

  /** The first parameter of a function written as an argument of a call that is also given the params. */
  private isGivenParams(definition: TSESLint.Scope.Definition, identifier: TSESTree.Identifier): boolean {
    if (definition.type !== DefinitionType.Parameter || !isFunctionNode(definition.node) || definition.node.params[0] !== identifier)
      return false;
    const { child, parent } = outerParent(definition.node);
    return (
      parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.some((argument) => argument !== child && this.isParams(argument))
    );
  }

  /** A `let` (or `var`) given values only by plain assignments, at least one, each of which `passes`. */
  private everyAssigned(identifier: TSESTree.Identifier, passes: (value: TSESTree.Expression) => boolean): boolean {
    // An assignment that reads the variable itself (`name = name.trim()`) would be asked again: one question at a time.
    if (this.asking.has(identifier.name)) return false;
    this.asking.add(identifier.name);
    try {
      const values = assignedValues(identifier, this.sourceCode);
      return values !== undefined && values.length > 0 && values.every(passes);
    } finally {
      this.asking.delete(identifier.name);
    }
  }

  private definitionInHandler(node: TSESTree.Identifier): TSESLint.Scope.Definition | undefined {
    const definition = ASTUtils.findVariable(this.sourceCode.getScope(node), node)?.defs.at(0);
    if (!definition || !contains(this.handler, definition.name)) return undefined;
    return definition.type === DefinitionType.Variable || definition.type === DefinitionType.Parameter ? definition : undefined;
  }

  /** True when the name is used somewhere inside `node` (a `.find()` callback). */
  usedIn(node: TSESTree.Node): boolean {
    return someNode(node, this.sourceCode.visitorKeys, (current) => this.is(current));
  }

  /**
   * The table `expression` looks the requested name up in: `tools[name]`, `tools.get(name)`,
   * `tools.find((t) => t.name === name)`; with `existence`, also `tools.has(name)`,
   * `Object.hasOwn(tools, name)`, `tools.hasOwnProperty(name)` and `name in tools`.
   */
  lookupTable(expression: TSESTree.Node, existence: boolean): TSESTree.Node | undefined {
    let node = unwrapExpression(expression);
    if (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrapExpression(node.argument);
    if (node.type === AST_NODE_TYPES.MemberExpression) return node.computed && this.is(node.property) ? node.object : undefined;
    if (node.type === AST_NODE_TYPES.BinaryExpression) {
      return existence && node.operator === "in" && this.is(node.left) ? node.right : undefined;
    }
    if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
    const callee = unwrapExpression(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const method = propertyName(callee);
    const first = node.arguments.at(0);
    const second = node.arguments.at(1);
    if (!first || method === undefined) return undefined;
    if (FETCHING_LOOKUPS.includes(method)) return (method === "find" ? this.usedIn(first) : this.is(first)) ? callee.object : undefined;
    if (!existence) return undefined;
    // `tools.some((tool) => tool.name === name)`: whether an entry of the table has the name.
    if (method === "some") return this.usedIn(first) ? callee.object : undefined;
    if (!EXISTENCE_LOOKUPS.includes(method)) return undefined;
    // `Object.hasOwn(tools, name)` names the table first; `tools.has(name)` is called on it.
    const objectMethod =
      unwrapExpression(callee.object).type === AST_NODE_TYPES.Identifier && (callee.object as TSESTree.Identifier).name === "Object";
    if (objectMethod) return second && this.is(second) ? first : undefined;
    return this.is(first) ? callee.object : undefined;
  }

  /**
   * A finder called with the requested name: `this.findOperation(name)`, `getTool(name)`,
   * `registry.lookup(name)` (its name says it fetches; `runTool(name)` does not).
   */
  isFinderCall(expression: TSESTree.Node): boolean {
    let node = unwrapExpression(expression);
    if (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrapExpression(node.argument);
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    const first = node.arguments.at(0);
    return first !== undefined && this.is(first) && FINDER.test(calleeName(node.callee) ?? "");
  }

  /**
   * An identifier bound (`const`) to a lookup that fetches the tool: `const tool = tools.get(name)`; or a `let` only
   * ever given one (`details = toolList.find((t) => t.name === name)`).
   */
  isLookupResult(expression: TSESTree.Node): boolean {
    const node = unwrapExpression(expression);
    if (this.lookupTable(node, false) || this.isFinderCall(node)) return true;
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    if (this.everyAssigned(node, (value) => this.lookupTable(value, false) !== undefined || this.isFinderCall(value))) return true;
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(node), node);
    return (
      variable?.defs.some(
        (definition) =>
          definition.type === DefinitionType.Variable &&
          definition.node.id.type === AST_NODE_TYPES.Identifier &&
          definition.node.init !== null &&
          (this.lookupTable(definition.node.init, false) !== undefined || this.isFinderCall(definition.node.init)),
      ) ?? false
    );
  }

  /**
   * `!tool`, `tool === undefined`, `tool == null` for a lookup (or its `const`), `!tools.has(name)`, `!(name in tools)`,
   * `!tools.some((tool) => tool.name === name)` (or its `const`);
   * or an `||` of these (`!tool || !api`, two tables looked up by the name).
   */
  isNoToolFound(test: TSESTree.Expression): boolean {
    const node = unwrapExpression(test);
    if (node.type === AST_NODE_TYPES.LogicalExpression) return everyOperand(node, "||", (operand) => this.isNoToolFound(operand));
    if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
      const argument = unwrapExpression(node.argument);
      // `const exists = tools.some((tool) => tool.name === name); if (!exists)`: a constant of the existence lookup.
      const bound = argument.type === AST_NODE_TYPES.Identifier ? singleValueOf(argument, this.sourceCode)?.value : undefined;
      return this.lookupTable(bound ?? argument, true) !== undefined || this.isLookupResult(argument);
    }
    if (node.type !== AST_NODE_TYPES.BinaryExpression || (node.operator !== "===" && node.operator !== "==")) return false;
    const value = isNullish(node.right) ? node.left : isNullish(node.left) ? node.right : undefined;
    return value !== undefined && this.isLookupResult(value);
  }

  /**
   * The name is none of a list: `name !== "claude_code"`, `name !== "a" && name !== "b"`,
   * `!TOOL_NAMES.includes(name)`. Whether that is the unknown-tool branch depends on what it does (the
   * other names may be dispatched there): see `isInUnknownToolBranch`.
   */
  isNoneOfNames(test: TSESTree.Node): boolean {
    const node = unwrapExpression(test);
    if (node.type === AST_NODE_TYPES.LogicalExpression) return everyOperand(node, "&&", (operand) => this.isNoneOfNames(operand));
    if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
      const call = unwrapExpression(node.argument);
      if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
      const first = call.arguments.at(0);
      return propertyName(call.callee) === "includes" && first !== undefined && this.is(first);
    }
    if (node.type !== AST_NODE_TYPES.BinaryExpression || (node.operator !== "!==" && node.operator !== "!=")) return false;
    return (this.is(node.left) && staticText(node.right) !== undefined) || (this.is(node.right) && staticText(node.left) !== undefined);
  }

  /**
   * The name fails a check (`!isToolAllowed(name)`, `!config.isEnabled(name)`, `!parsed` of `const parsed =
   * parseToolName(name)`), or the tool found by it is flagged
   * (`!tool.enabled`, `tool.disabled`, `inactiveTools[name]`), also when another condition must hold as well
   * (`management && inactiveTools[name]`). Such a test says little by itself (`!validate(name, args)`): the branch must
   * say why in its message (see `isInUnknownToolBranch`).
   */
  failsCheck(test: TSESTree.Node): boolean {
    let node = unwrapExpression(test);
    if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator === "&&")
      return this.failsCheck(node.left) || this.failsCheck(node.right);
    if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") node = unwrapExpression(node.argument);
    if (node.type === AST_NODE_TYPES.MemberExpression) return this.isLookupResult(node.object) || (node.computed && this.is(node.property));
    // `const parsed = parseToolName(name); if (!parsed) ...`: the call's answer, named first.
    if (node.type === AST_NODE_TYPES.Identifier) node = singleValueOf(node, this.sourceCode)?.value ?? node;
    node = unwrapExpression(node);
    return node.type === AST_NODE_TYPES.CallExpression && node.arguments.some((argument) => this.is(argument));
  }

  /**
   * The request names no tool: `!name`, `name === undefined`, `name == null`, `typeof name !== "string"`, an empty name
   * (`name === ""`, `name.trim() === ""`, `!name.trim()`, `name.length === 0`), the same of the params themselves
   * (`!request.params`, `typeof request.params !== "object"`), or an `||` of these. Such a request is malformed, which
   * the protocol answers with an error as it does an unknown tool.
   */
  isMissing(test: TSESTree.Node): boolean {
    const node = unwrapExpression(test);
    if (node.type === AST_NODE_TYPES.LogicalExpression) return everyOperand(node, "||", (operand) => this.isMissing(operand));
    const requested = (side: TSESTree.Node): boolean => this.is(side) || this.isParams(side);
    if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!")
      return requested(node.argument) || this.measures(node.argument, "trim") || this.measures(node.argument, "length");
    if (node.type !== AST_NODE_TYPES.BinaryExpression) return false;
    const { left, right, operator } = node;
    // `name.trim() === ""`, `name.length === 0`: the name is empty.
    const empty = (side: TSESTree.Node, other: TSESTree.Node): boolean => {
      const value = unwrapExpression(other);
      return (
        value.type === AST_NODE_TYPES.Literal &&
        ((value.value === "" && (this.is(side) || this.measures(side, "trim"))) || (value.value === 0 && this.measures(side, "length")))
      );
    };
    if (operator === "===" || operator === "==")
      return (requested(left) && isNullish(right)) || (requested(right) && isNullish(left)) || empty(left, right) || empty(right, left);
    if (operator !== "!==" && operator !== "!=") return false;
    // The type a request's name, or its params, must have.
    const typeOf = (side: TSESTree.Node, type: string | undefined): boolean => {
      const value = unwrapExpression(side);
      if (value.type !== AST_NODE_TYPES.UnaryExpression || value.operator !== "typeof") return false;
      return (type === "string" && this.is(value.argument)) || (type === "object" && this.isParams(value.argument));
    };
    return typeOf(left, staticText(right)) || typeOf(right, staticText(left));
  }

  /** How long the requested name is: `name.trim()` or `name.length`, as `reading` says. */
  private measures(node: TSESTree.Node, reading: "trim" | "length"): boolean {
    let value = unwrapExpression(node);
    if (reading === "trim") {
      if (value.type !== AST_NODE_TYPES.CallExpression || value.arguments.length > 0) return false;
      value = unwrapExpression(value.callee);
    }
    return value.type === AST_NODE_TYPES.MemberExpression && propertyName(value) === reading && this.is(value.object);
  }

  /** `tool`, `tool !== undefined`, `tool != null` for a lookup (or its `const`): the tool was found. */
  private isToolFound(test: TSESTree.Node): boolean {
    const node = unwrapExpression(test);
    if (node.type !== AST_NODE_TYPES.BinaryExpression) return this.isLookupResult(node);
    if (node.operator !== "!==" && node.operator !== "!=") return false;
    const value = isNullish(node.right) ? node.left : isNullish(node.left) ? node.right : undefined;
    return value !== undefined && this.isLookupResult(value);
  }

  /** The test mentions the name or a lookup by it: `name === "search"`, `tools[name]`, `!tool`, `tool !== undefined`. */
  testsName(test: TSESTree.Node): boolean {
    return this.usedIn(test) || this.isNoToolFound(test as TSESTree.Expression) || this.isToolFound(test);
  }
}

/** `a || b` (or `&&`) joined by `operator` only, each side passing `test`. */
function everyOperand(node: TSESTree.LogicalExpression, operator: "&&" | "||", test: (operand: TSESTree.Expression) => boolean): boolean {
  return node.operator === operator && test(node.left) && test(node.right);
}

/** The text of a string or template literal, its quasis joined. */
function staticText(node: TSESTree.Node): string | undefined {
  const value = unwrapExpression(node);
  if (value.type === AST_NODE_TYPES.Literal && typeof value.value === "string") return value.value;
  if (value.type === AST_NODE_TYPES.TemplateLiteral) return value.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ");
  return undefined;
}

/**
 * `new McpError(ErrorCode.MethodNotFound, ...)`, or an error whose static message says the tool is unknown or disabled;
 * with `message` given, only an error whose static message matches it.
 */
function throwsUnknownTool(statement: TSESTree.ThrowStatement, message?: RegExp): boolean {
  const thrown = unwrapExpression(statement.argument);
  const parts = thrown.type === AST_NODE_TYPES.NewExpression || thrown.type === AST_NODE_TYPES.CallExpression ? thrown.arguments : [thrown];
  return parts.some((part) => {
    const value = unwrapExpression(part);
    if (value.type === AST_NODE_TYPES.MemberExpression) return message === undefined && UNKNOWN_TOOL_CODES.has(propertyName(value) ?? "");
    const text = staticText(value);
    return text !== undefined && (message ?? UNKNOWN_TOOL_MESSAGE).test(text);
  });
}

/**
 * The statement only rejects the tool: a `throw` of an unknown-tool error (`throwsUnknownTool`, or of `message`),
 * alone or the one statement of its block; anything more may dispatch the other names.
 */
function rejectsUnknownTool(statement: TSESTree.Node, message?: RegExp): boolean {
  const only = onlyThrow(statement);
  return only !== undefined && throwsUnknownTool(only, message);
}

/** The `throw` that is the statement, or the one statement of its block. */
function onlyThrow(statement: TSESTree.Node): TSESTree.ThrowStatement | undefined {
  const only = statement.type === AST_NODE_TYPES.BlockStatement && statement.body.length === 1 ? statement.body[0] : statement;
  return only.type === AST_NODE_TYPES.ThrowStatement ? only : undefined;
}

/**
 * The fall-through: a `throw` of an unknown-tool error that is the last statement of the dispatcher
 * (or of the `try` block in it that holds the dispatch), right after a `switch` on the name whose
 * cases all leave, or after `if` statements on the name or a lookup by it that all leave.
 */
function isFallThroughThrow(statement: TSESTree.ThrowStatement, handler: FunctionNode, name: RequestedToolName): boolean {
  const block = statement.parent;
  if (block.type !== AST_NODE_TYPES.BlockStatement || block.body.at(-1) !== statement) return false;
  const holder = block.parent;
  const inDispatcher =
    block === handler.body || (holder.type === AST_NODE_TYPES.TryStatement && holder.block === block && holder.parent === handler.body);
  if (!inDispatcher || !throwsUnknownTool(statement)) return false;
  let dispatches = 0;
  for (let index = block.body.length - 2; index >= 0; index--) {
    const before = block.body[index];
    if (before.type === AST_NODE_TYPES.SwitchStatement && name.is(before.discriminant)) {
      if (before.cases.some((clause) => clause.test === null || (clause.consequent.length > 0 && !leaves(clause.consequent.at(-1)))))
        return false;
      dispatches++;
    } else if (before.type === AST_NODE_TYPES.IfStatement && name.testsName(before.test)) {
      if (!leaves(before.consequent) || before.alternate) return false;
      dispatches++;
    } else {
      break;
    }
  }
  return dispatches > 0;
}

/** True when `node` is inside the unknown-tool branch of the dispatcher `handler`. */
export function isInUnknownToolBranch(
  node: TSESTree.Node,
  handler: FunctionNode,
  sourceCode: Readonly<TSESLint.SourceCode>,
  forwardingCalls?: ForwardingCalls,
): boolean {
  const name = new RequestedToolName(handler, sourceCode, forwardingCalls);
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
    if (
      parent.type === AST_NODE_TYPES.IfStatement &&
      parent.consequent === child &&
      (name.isNoToolFound(parent.test) ||
        (rejectsUnknownTool(child) && name.isNoneOfNames(parent.test)) ||
        // The request names no tool: whatever the branch throws answers a malformed request.
        (onlyThrow(child) !== undefined && name.isMissing(parent.test)) ||
        // A check of the name or a flag of the tool found: the message must say the tool is unknown or disabled.
        (rejectsUnknownTool(child, UNKNOWN_TOOL_MESSAGE) && name.failsCheck(parent.test)))
    ) {
      return true;
    }
    // A request the dispatcher turns away before any tool is chosen (`if (!limiter.allow(client)) throw new
    // McpError(ErrorCode.InvalidRequest, "Rate limit exceeded")`): the ADR's tier 1, as an unknown tool is.
    if (
      parent.type === AST_NODE_TYPES.IfStatement &&
      parent.consequent === child &&
      throwsAfterDeclarations(child, RATE_LIMITED_MESSAGE) &&
      standsBeforeDispatch(parent, handler, name)
    )
      return true;
    // A call whose task augmentation the tool's `taskSupport` rules out (`if (task && tool.taskSupport === "forbidden")
    // throw ...`): the tasks specification answers it with -32601, as an unknown tool.
    if (
      parent.type === AST_NODE_TYPES.IfStatement &&
      parent.consequent === child &&
      onlyThrow(child) !== undefined &&
      testsTaskSupport(parent.test)
    )
      return true;
    // The last `else` of a chain of `if`s on the name (`if (courseToolNames.includes(name)) ... else if (...) ... else
    // throw new McpError(ErrorCode.MethodNotFound, ...)`): no branch took the name.
    if (
      parent.type === AST_NODE_TYPES.IfStatement &&
      parent.alternate === child &&
      rejectsUnknownTool(child) &&
      chainTestsName(parent, name)
    )
      return true;
    if (child.type === AST_NODE_TYPES.ThrowStatement && isFallThroughThrow(child, handler, name)) return true;
  }
  return false;
}

/**
 * `statement` stands in the dispatcher's own code before a tool is chosen: its body, or the blocks there of `try`s and of
 * `if`s that do not test the requested name (`if (this.rateLimiter) { ... }`); not a `switch`'s case, a loop, a nested
 * function, or the branch of an `if` on the name (a tool's own, whose upstream may rate-limit it).
 */
function standsBeforeDispatch(statement: TSESTree.Node, handler: FunctionNode, name: RequestedToolName): boolean {
  for (let current = statement.parent; current; current = current.parent) {
    if (current === handler.body) return true;
    if (current.type === AST_NODE_TYPES.IfStatement ? name.testsName(current.test) : !BEFORE_DISPATCH_HOLDERS.has(current.type))
      return false;
  }
  return false;
}

/** What may hold a statement of the dispatcher's own code, besides an `if` (`standsBeforeDispatch`). */
const BEFORE_DISPATCH_HOLDERS: ReadonlySet<string> = new Set([AST_NODE_TYPES.BlockStatement, AST_NODE_TYPES.TryStatement]);

/** The statement throws, after `const`s only (`const info = limiter.info(client);`), an error whose static message matches. */
function throwsAfterDeclarations(statement: TSESTree.Node, message: RegExp): boolean {
  const statements = statement.type === AST_NODE_TYPES.BlockStatement ? statement.body : [statement];
  const last = statements.at(-1);
  return (
    last?.type === AST_NODE_TYPES.ThrowStatement &&
    statements.slice(0, -1).every((declaration) => declaration.type === AST_NODE_TYPES.VariableDeclaration) &&
    throwsUnknownTool(last, message)
  );
}

/** `statement` and every `if` whose `else` it stands in, up the chain (`if (a) ... else if (b) ...`), test the name. */
function chainTestsName(statement: TSESTree.IfStatement, name: RequestedToolName): boolean {
  for (let current = statement; name.testsName(current.test);) {
    const up = current.parent;
    if (up.type !== AST_NODE_TYPES.IfStatement || up.alternate !== current) return true;
    current = up;
  }
  return false;
}

/**
 * The nearest function around `node` whose first parameter is declared as the SDK's `tools/call` request
 * (`async execute(request: CallToolRequest)`): a dispatcher whose request another file hands it. Only a file whose
 * text names the type is read.
 */
export function callToolRequestFunction(node: TSESTree.Node, text: string): FunctionNode | undefined {
  if (!text.includes(CALL_TOOL_REQUEST)) return undefined;
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const first = current.params.at(0);
    const annotation = first?.type === AST_NODE_TYPES.Identifier ? first.typeAnnotation?.typeAnnotation : undefined;
    if (
      annotation?.type === AST_NODE_TYPES.TSTypeReference &&
      annotation.typeName.type === AST_NODE_TYPES.Identifier &&
      annotation.typeName.name === CALL_TOOL_REQUEST
    )
      return current;
  }
  return undefined;
}

const CALL_TOOL_REQUEST = "CallToolRequest";

/** The task support levels a tool declares (`execution.taskSupport`). */
const TASK_SUPPORT_LEVELS: ReadonlySet<unknown> = new Set(["forbidden", "optional", "required"]);

/**
 * The test compares a tool's `taskSupport` with a level (`tool.execution?.taskSupport === "required"`), alone or
 * beside other conditions (`taskParams && taskSupport === "forbidden"`).
 */
function testsTaskSupport(test: TSESTree.Expression): boolean {
  const node = unwrapExpression(test);
  if (node.type === AST_NODE_TYPES.LogicalExpression) return testsTaskSupport(node.left) || testsTaskSupport(node.right);
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") return testsTaskSupport(node.argument);
  if (node.type !== AST_NODE_TYPES.BinaryExpression || !["===", "!==", "==", "!="].includes(node.operator)) return false;
  const namesTaskSupport = (side: TSESTree.Node): boolean => {
    const value = unwrapOptionalChain(side);
    return value.type === AST_NODE_TYPES.Identifier
      ? value.name === TASK_SUPPORT
      : value.type === AST_NODE_TYPES.MemberExpression && propertyName(value) === TASK_SUPPORT;
  };
  const isLevel = (side: TSESTree.Node): boolean => side.type === AST_NODE_TYPES.Literal && TASK_SUPPORT_LEVELS.has(side.value);
  return (namesTaskSupport(node.left) && isLevel(node.right)) || (isLevel(node.left) && namesTaskSupport(node.right));
}

const TASK_SUPPORT = "taskSupport";

/** The string a call normalises (`normalisesName`): `name` of `name.toLowerCase()`, `name.replace(/\./g, "_")`. */
function normalisedString(node: TSESTree.Node): TSESTree.Expression | undefined {
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrapOptionalChain(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  return normalisesName(propertyName(callee), node.arguments.length) ? callee.object : undefined;
}

/**
 * A function of one parameter that only returns it normalised (`(name) => name.toLowerCase().replace(/\./g, "_")`):
 * its call with the requested name is the name.
 */
function normalisesParameter(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const [parameter] = fn.params;
  if (fn.params.length !== 1 || parameter.type !== AST_NODE_TYPES.Identifier) return false;
  const values = returnedValues(fn, sourceCode.visitorKeys);
  return (
    values.length > 0 &&
    values.every((value) => {
      let node = unwrapExpression(value);
      for (let inner = normalisedString(node); inner; inner = normalisedString(node)) node = unwrapExpression(inner);
      return node.type === AST_NODE_TYPES.Identifier && node.name === parameter.name && node !== unwrapExpression(value);
    })
  );
}
