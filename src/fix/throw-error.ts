import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { prefixedMessageSource } from "./error-result-source.js";

/**
 * The edit that answers a failure by throwing where the runtime answers a throw with its message and any returned
 * value as a success (mcp-framework's `MCPTool`): `return <message>;` becomes `throw new Error(<message with the
 * prefix>);`.
 */
export function throwErrorInstead(
  fixer: TSESLint.RuleFixer,
  statement: TSESTree.ReturnStatement,
  message: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  prefix: string,
): TSESLint.RuleFix {
  return fixer.replaceText(statement, `throw new Error(${prefixedMessageSource(message, sourceCode, prefix)});`);
}
