import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { propertyName, unwrapExpression } from "../util/ast.js";
import { definitionOf } from "../util/references.js";
import { isProtocolModule } from "./protocol-errors.js";
import type { McpSettings } from "./settings.js";

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
  const definition = definitionOf(local, ["import"], sourceCode);
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
