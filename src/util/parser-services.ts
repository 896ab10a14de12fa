import { ESLintUtils, type ParserServicesWithTypeInformation } from "@typescript-eslint/utils";
import type { AnyRuleContext } from "./per-file.js";

/** Rule contexts that have already raised the error below. */
const told = new WeakSet<AnyRuleContext>();

/**
 * typescript-eslint's parser services for a rule that needs type information. Without them, its
 * "requires type information" error (typescript-eslint's convention) is raised once per rule context and
 * without a stack trace: ESLint makes a context per file and stops at the first error, but oxlint keeps one
 * context for every file and would print the error, with its stack, once per file. Later files of that
 * context get `undefined`: the rule does nothing there.
 */
export function requireParserServices(context: AnyRuleContext): ParserServicesWithTypeInformation | undefined {
  try {
    return ESLintUtils.getParserServices(context);
  } catch (error) {
    if (told.has(context)) return undefined;
    told.add(context);
    // A setup error, not a bug of the rule: the message says what to do, the stack frames add nothing. A getter,
    // because ESLint prefixes the message with the rule's name and appends the file before printing the stack.
    if (error instanceof Error) Object.defineProperty(error, "stack", { get: () => `${error.name}: ${error.message}` });
    throw error;
  }
}
