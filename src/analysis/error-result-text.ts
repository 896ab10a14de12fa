import { AST_NODE_TYPES, ASTUtils, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { propertyName, unwrapExpression } from "../util/ast.js";
import { prefixChecker } from "./error-prefix.js";
import { isProtocolModule } from "./protocol-errors.js";
import type { McpSettings } from "./settings.js";

/*
 * Source text for the error results that suggestions write: the ADR's
 * `{ content: [{ type: "text", text: "Error: ..." }], isError: true }`.
 */

/** `{ content: [{ type: "text", text: <textSource> }], isError: true }`. */
export function errorResultSource(textSource: string): string {
  return `{ content: [{ type: "text", text: ${textSource} }], isError: true }`;
}

/**
 * The SDK's protocol-error classes, whose constructors take the message second: v1 `McpError(code, message, data?)`,
 * v2 `ProtocolError(code, message, data?)`, and the subclasses' `(uri | elicitations | data, message?)`.
 */
const MESSAGE_SECOND_ERRORS: ReadonlySet<string> = new Set([
  "McpError",
  "ProtocolError",
  "ResourceNotFoundError",
  "UrlElicitationRequiredError",
  "UnsupportedProtocolVersionError",
  "MissingRequiredClientCapabilityError",
]);

/** The SDK name `callee` was imported as from a protocol-error module (`McpError`, `types.McpError`, an alias). */
function importedSdkErrorName(callee: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, settings: McpSettings): string | undefined {
  const node = unwrapExpression(callee);
  const local = node.type === AST_NODE_TYPES.MemberExpression ? unwrapExpression(node.object) : node;
  if (local.type !== AST_NODE_TYPES.Identifier) return undefined;
  const definition = ASTUtils.findVariable(sourceCode.getScope(local), local)?.defs.at(0);
  if (definition?.type !== TSESLint.Scope.DefinitionType.ImportBinding) return undefined;
  const declaration = definition.parent;
  if (declaration.type !== AST_NODE_TYPES.ImportDeclaration || !isProtocolModule(declaration.source.value, settings)) return undefined;
  const specifier = definition.node;
  if (node.type === AST_NODE_TYPES.MemberExpression) {
    return specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ? propertyName(node) : undefined;
  }
  if (specifier.type !== AST_NODE_TYPES.ImportSpecifier) return undefined;
  return specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
}

/**
 * The message of a thrown value: the first argument of `new X(msg)` / `X(msg)`, the second of the SDK's
 * protocol errors (`new McpError(ErrorCode.InvalidParams, msg)`: the code is for JSON-RPC, not for the
 * model), else the value itself. Undefined for an SDK error with no message argument: its text is the
 * SDK's default, which no source here spells.
 */
export function thrownMessage(
  argument: TSESTree.Expression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  settings: McpSettings,
): TSESTree.Node | undefined {
  const thrown = unwrapExpression(argument);
  if (thrown.type !== AST_NODE_TYPES.NewExpression && thrown.type !== AST_NODE_TYPES.CallExpression) return argument;
  const sdkError = importedSdkErrorName(thrown.callee, sourceCode, settings);
  const position = sdkError !== undefined && MESSAGE_SECOND_ERRORS.has(sdkError) ? 1 : 0;
  const message = thrown.arguments.at(position);
  if (message && message.type !== AST_NODE_TYPES.SpreadElement) return message;
  return position === 0 ? argument : undefined;
}

/** Escapes text for the inside of a template literal. */
export function escapeForTemplate(text: string): string {
  return text.replace(/[`\\]|\$\{/gu, (match) => `\\${match}`);
}

/** Escapes text for the inside of a string literal quoted with `quote`. */
export function escapeForQuote(text: string, quote: string): string {
  return text.replace(/\\/gu, "\\\\").replaceAll(quote, `\\${quote}`).replace(/\n/gu, "\\n").replace(/\r/gu, "\\r");
}

/** True when `node` is the parameter of a `catch` clause around it: a caught error. */
export function isCaughtError(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): node is TSESTree.Identifier {
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = ASTUtils.findVariable(sourceCode.getScope(node), node)?.defs.at(0);
  return definition?.type === TSESLint.Scope.DefinitionType.CatchClause;
}

/** The error text of a caught error named `name`: its message after `prefix`, never "Error: Error: ...". */
export function caughtErrorMessageSource(name: string, prefix: string): string {
  return `\`${escapeForTemplate(prefix)}\${${name} instanceof Error ? ${name}.message : String(${name})}\``;
}

/**
 * The source of `message` as an error text carrying `prefix`, never doubled: a string literal stays
 * one in its own quote style, a template literal keeps its expressions, a caught error renders its
 * message (so an Error never reads "Error: Error: ..."), anything else goes through `String()`.
 */
export function prefixedMessageSource(
  message: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  prefix: string,
): string {
  const node = unwrapExpression(message);
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") {
    const raw = sourceCode.getText(node);
    const quote = raw.startsWith("'") ? "'" : '"';
    // A leading variant or repeat of the prefix (`error: `, `Error: Error: `) becomes the prefix once.
    const text = `${prefix}${node.value.slice(prefixChecker(prefix).leadingLength(node.value))}`;
    return `${quote}${escapeForQuote(text, quote)}${quote}`;
  }
  if (node.type === AST_NODE_TYPES.TemplateLiteral) {
    const raw = sourceCode.getText(node);
    const first = node.quasis[0]?.value.cooked ?? "";
    // The same, where the source spells the leading characters as the value does (no escapes).
    const leading = prefixChecker(prefix).leadingLength(first);
    const replaced = raw.slice(1, 1 + leading) === first.slice(0, leading) ? leading : 0;
    if (replaced === 0 && first.startsWith(prefix)) return raw;
    return `\`${escapeForTemplate(prefix)}${raw.slice(1 + replaced)}`;
  }
  const source = sourceCode.getText(node);
  if (isCaughtError(node, sourceCode)) return caughtErrorMessageSource(source, prefix);
  return `\`${escapeForTemplate(prefix)}\${String(${source})}\``;
}
