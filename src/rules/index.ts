import errorResultContent from "./error-result-content.js";
import errorTextPrefix from "./error-text-prefix.js";
import noProtocolErrorsInTools from "./no-protocol-errors-in-tools.js";
import noThrowInToolHandler from "./no-throw-in-tool-handler.js";
import noThrowingCallInToolHandler from "./no-throwing-call-in-tool-handler.js";
import requireIsError from "./require-is-error.js";
import requireTryCatchInToolHandler from "./require-try-catch-in-tool-handler.js";

/** Every rule of the plugin by name; presets are derived from their metadata. */
export const rules = {
  "error-result-content": errorResultContent,
  "error-text-prefix": errorTextPrefix,
  "no-protocol-errors-in-tools": noProtocolErrorsInTools,
  "no-throw-in-tool-handler": noThrowInToolHandler,
  "no-throwing-call-in-tool-handler": noThrowingCallInToolHandler,
  "require-is-error": requireIsError,
  "require-try-catch-in-tool-handler": requireTryCatchInToolHandler,
};

export type RuleName = keyof typeof rules;
