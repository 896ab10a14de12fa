import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import {
  findProtocolErrorUses,
  isProtocolCodePosition,
  protocolErrorCandidates,
  type ProtocolErrorUse,
  reExportedProtocolErrors,
  usesByExpression,
} from "../model/protocol-errors.js";
import { isJsonRpcErrorResponse, isReservedJsonRpcCode } from "../model/json-rpc.js";
import { mayAnswerToolsCall, TOOLS_CALL_METHOD, ToolsCallRoute } from "../model/tools-call-route.js";
import { thrownProtocolErrorFate } from "../model/throw-outcome.js";
import { getMcpContext } from "../model/context.js";
import { INVALID_SETTINGS_MESSAGE } from "../model/settings.js";
import { hasOnlyToolLevelCodes } from "../model/typescript/protocol-codes.js";
import { constVariableOf, contains, numericValue, onObjectWithProperty, outerParent, readReferences } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";

export const RULE_NAME = "no-protocol-errors-in-tools";

export default createRule({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Disallow JSON-RPC protocol error codes and errors in tool code",
      recommended: "recommended",
    },
    messages: {
      // eslint-disable-next-line eslint-plugin/no-unused-message-ids -- getMcpContext reports it for the rule
      invalidSettings: INVALID_SETTINGS_MESSAGE,
      protocolErrorName:
        "`{{name}}` is matched by name (settings `protocolErrors.names`){{how}}. If it holds JSON-RPC protocol codes, they belong to the transport layer: return an error result (`isError: true`) with a tool-level code instead.",
      sdkProtocolError:
        "`{{name}}` from `{{source}}` is a JSON-RPC protocol error: a client treats it as an infrastructure failure. Return an error result (`isError: true`) instead.",
      caughtSdkProtocolError:
        "`{{name}}` from `{{source}}` is a JSON-RPC protocol error, thrown here only to be caught and answered in the tool, where its code reaches no client. Keep protocol errors to the transport layer: return the error result (`isError: true`) where the failure is found.",
      convertedSdkProtocolError:
        "`{{name}}` from `{{source}}` is a JSON-RPC protocol error, but here {{outcome}}, and its code reaches no client. Keep protocol errors to the transport layer: return an error result (`isError: true`) instead.",
      reservedCode:
        "{{code}} is a JSON-RPC reserved error code (-32768..-32000), for protocol errors only. Return an error result (`isError: true`) and use a tool-level code instead.",
      handBuiltJsonRpcError: "This builds a JSON-RPC error response in tool code. Return an error result (`isError: true`) instead.",
      toolFailureAsProtocolError:
        "This answers a failed `tools/call` with a JSON-RPC error: a client treats it as an infrastructure failure, and the model never reads what went wrong. Answer with a result whose content says it and `isError: true`.",
    },
    schema: [],
  },
  create(context) {
    const mcp = getMcpContext(context);
    if (!mcp?.gates.protocolErrors) return {};
    const { typed } = mcp;
    // Without types the plugin cannot see the values of an imported `ErrorCodes`; with them it has checked they are not all tool-level.
    const how = typed
      ? ", and type information does not show only tool-level codes in it"
      : "; the plugin cannot see its values without type information (type-aware linting checks them)";
    /** Reserved codes seen, reported at the end unless they are an argument of a reported protocol error. */
    const codes: { node: TSESTree.Node; code: string }[] = [];
    // A server that answers `tools/call` by hand: its `"tools/call"` literals and its `catch` clauses, read at the end.
    const route = mayAnswerToolsCall(mcp.sourceCode.text)
      ? { literals: [] as TSESTree.Literal[], catches: [] as TSESTree.CatchClause[] }
      : undefined;
    const reportable = (node: TSESTree.Node): boolean => mcp.handlers.isInToolCode(node) && !mcp.handlers.isInUnknownToolBranch(node);
    const reportUse = (use: ProtocolErrorUse): void => {
      if (!reportable(use.node)) return;
      if (use.origin === "name") {
        context.report({ node: use.node, messageId: "protocolErrorName", data: { name: use.name, how } });
        return;
      }
      const { name } = use;
      const source = use.source ?? "";
      const { child, parent } = outerParent(use.node);
      const fate =
        parent?.type === AST_NODE_TYPES.ThrowStatement && parent.argument === child
          ? thrownProtocolErrorFate(parent, mcp.handlers, mcp.sourceCode, mcp.settings.errorPrefix)
          : undefined;
      if (fate === undefined) context.report({ node: use.node, messageId: "sdkProtocolError", data: { name, source } });
      else if ("caught" in fate) context.report({ node: use.node, messageId: "caughtSdkProtocolError", data: { name, source } });
      else context.report({ node: use.node, messageId: "convertedSdkProtocolError", data: { name, source, outcome: fate.converted } });
    };

    return {
      "Program:exit"() {
        if (route && route.literals.length > 0) {
          const answered = new ToolsCallRoute(route.literals, mcp.sourceCode);
          for (const clause of route.catches) {
            const answer = answered.failureAnswer(clause);
            // In tool code the rule's other messages say it already.
            if (answer && !reportable(answer)) context.report({ node: answer, messageId: "toolFailureAsProtocolError" });
          }
        }
        // No protocol-error name where a finding could be reported, and no reserved code seen: nothing to look up in the scopes.
        const candidates = codes.length === 0 ? protocolErrorCandidates(mcp.sourceCode, mcp.settings) : undefined;
        if (candidates?.every((identifier) => !reportable(identifier))) return;
        const covered: TSESTree.Node[] = [];
        const uses = findProtocolErrorUses(mcp.sourceCode, mcp.settings, typed && ((binding) => hasOnlyToolLevelCodes(typed, binding)));
        for (const use of usesByExpression(uses, covered)) reportUse(use);
        for (const { node, code } of codes) {
          if (covered.some((expression) => contains(expression, node))) continue;
          context.report({ node, messageId: "reservedCode", data: { code } });
        }
      },
      // Only a re-export (`export { McpError } from "..."`) of a tool file passes a protocol error on.
      ...(mcp.isToolFile && {
        "ExportNamedDeclaration[source]"(node: TSESTree.ExportNamedDeclaration) {
          for (const use of reExportedProtocolErrors(node, mcp.settings)) reportUse(use);
        },
      }),
      ...(route && {
        [`Literal[value="${TOOLS_CALL_METHOD}"]`](node: TSESTree.Literal) {
          route.literals.push(node);
        },
        CatchClause(node: TSESTree.CatchClause) {
          route.catches.push(node);
        },
      }),
      // A reserved code is negative: `-32601`.
      'UnaryExpression[operator="-"]'(node: TSESTree.UnaryExpression) {
        const code = numericValue(node);
        if (!isReservedJsonRpcCode(code)) return;
        if (isProtocolCodePosition(node)) {
          if (reportable(node)) codes.push({ node, code: String(code) });
          return;
        }
        // `const INVALID_PARAMS = -32602;` of the file: its reads in a code's place are the code.
        const constant = constVariableOf(node, mcp.sourceCode);
        if (!constant) return;
        for (const { identifier } of readReferences(constant)) {
          if (isProtocolCodePosition(identifier) && reportable(identifier)) {
            codes.push({ node: identifier, code: `\`${constant.name}\` (${String(code)})` });
          }
        }
      },
      ...onObjectWithProperty("jsonrpc", (node, jsonrpc) => {
        if (isJsonRpcErrorResponse(node) && reportable(node)) {
          context.report({ node: jsonrpc, messageId: "handBuiltJsonRpcError" });
        }
      }),
    };
  },
});
