import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { onErrorHelperCall } from "../../src/model/error-helpers.js";
import type { ErrorHelper } from "../../src/model/settings.js";
import { runProbe } from "./probe.js";
import { modelOf } from "./probe.js";

type Probe = Parameters<typeof runProbe>[1];

/** `"line callee -> argument[,prefix]"` for each helper call the visitor made of `context` finds. */
function probeHelperCalls(
  code: string,
  settings: Record<string, unknown>,
  visitor: (context: Parameters<Probe>[0], found: (call: TSESTree.CallExpression, helper: ErrorHelper) => void) => TSESLint.RuleListener,
): string[] {
  const found: string[] = [];
  runProbe(
    code,
    (context) =>
      visitor(context, (call, helper) => {
        const message = modelOf(context).errorHelpers.messageOf(call, helper);
        const argument = message ? context.sourceCode.getText(message) : "none";
        found.push(
          `${String(call.loc.start.line)} ${helper.name} -> ${argument}${helper.addedPrefix ? `,${JSON.stringify(helper.addedPrefix)}` : ""}`,
        );
      }),
    { settings: { "mcp-tool-errors": settings } },
  );
  return found;
}

/**
 * Every call of an error helper in `code`, as `helperFor` answers call by call; the rules' route
 * (`onErrorHelperCall`: without configured helpers, the helpers from the results met and their calls
 * from their references) must find the same calls.
 */
function helperCalls(code: string, settings: Record<string, unknown> = {}): string[] {
  const byCall = probeHelperCalls(code, settings, (context, found) => ({
    CallExpression(node: TSESTree.CallExpression) {
      const helper = modelOf(context).errorHelpers.helperFor(node);
      if (helper) found(node, helper);
    },
  }));
  const byRules = probeHelperCalls(code, settings, (context, found) => onErrorHelperCall(modelOf(context).errorHelpers, found));
  expect([...byRules].sort()).toEqual([...byCall].sort());
  return byCall;
}

describe("ErrorHelpers: detected in the same file", () => {
  it("detects the ADR project's error(message, code?) helper", () => {
    expect(
      helperCalls(`
export function error(message: string, code?: string) {
  return { content: [{ type: "text", text: message }], isError: true, _meta: code === undefined ? undefined : { code } };
}
export const missing = () => error("file not found", "file_not_found");`),
    ).toEqual(['5 error -> "file not found"']);
  });

  it("detects arrow helpers, message parameters in any position and prefixing helpers", () => {
    expect(
      helperCalls(`
const toolError = (code: number, message = "unknown") => ({
  content: [{ type: "text" as const, text: message }],
  isError: true as const,
});
const fail = (reason: string) => ({ content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true });
export const a = toolError(404, "not found");
export const b = fail("timeout");`),
    ).toEqual(['7 toolError -> "not found"', '8 fail -> "timeout","Error: "']);
  });

  it("finds the result among several returns, not in nested functions", () => {
    expect(
      helperCalls(`
function respond(message: string, ok: boolean) {
  if (ok) return { content: [{ type: "text", text: message }] };
  return { content: [{ type: "text", text: message }], isError: true };
}
function later(message: string) {
  return () => ({ content: [{ type: "text", text: message }], isError: true });
}
export const a = respond("disk full", false);
export const b = later("disk full");`),
    ).toEqual(['9 respond -> "disk full"']);
  });

  it("finds a result whose isError key is quoted, and one past other mentions of isError in the helper", () => {
    expect(
      helperCalls(`
function jsonError(message: string) {
  return { "content": [{ "type": "text", "text": message }], "isError": true };
}
function failure(reason: string, previous?: { isError?: boolean }) {
  // A previous result's isError is read first; the helper's own result comes after.
  if (previous?.isError) return { content: [{ type: "text", text: reason }], isError: previous.isError };
  return { content: [{ type: "text", text: reason }], isError: true };
}
export const a = jsonError("bad input");
export const b = failure("timeout");`),
    ).toEqual(['10 jsonError -> "bad input"', '11 failure -> "timeout"']);
  });

  it("finds a call before the helper's declaration, through a type assertion, and not of a shadowing name", () => {
    expect(
      helperCalls(`
export const early = reject("too early");
export const cast = (reject as (message: string) => unknown)("cast");
export function later(reject: (message: string) => void) {
  return reject("not the helper");
}
function reject(message: string) {
  return { content: [{ type: "text", text: message }], isError: true };
}`),
    ).toEqual(['2 reject -> "too early"', '3 reject -> "cast"']);
  });

  it("ignores helpers whose text is not a parameter, or whose isError is not true", () => {
    expect(
      helperCalls(`
function toError(err: unknown) {
  return { content: [{ type: "text", text: \`Error: \${String(err)}\` }], isError: true };
}
function result(text: string, failed: boolean) {
  return { content: [{ type: "text", text }], isError: !failed };
}
function success(text: string) {
  return { content: [{ type: "text", text }] };
}
let mutable = (message: string) => ({ content: [{ type: "text", text: message }], isError: true });
export const calls = [toError(e), result("x", true), success("done"), mutable("x")];`),
    ).toEqual([]);
  });

  it("detects a builder of either outcome, whose calls build an error result only with a written true", () => {
    expect(
      helperCalls(`
export const toolResponse = (text: string, isError: boolean = false) => ({
  content: [{ type: "text" as const, text }],
  isError,
});
function respond(failed: boolean, message: string) {
  return { content: [{ type: "text", text: \`Error: \${message}\` }], isError: failed };
}
declare const refused: boolean;
export const answers = [
  toolResponse("Unknown operation", true),
  toolResponse("3 decisions"),
  toolResponse("Activated", false),
  toolResponse("Maybe", refused),
  respond(true as boolean, "quota exceeded"),
  respond(false, "quota exceeded"),
];`),
    ).toEqual(['11 toolResponse -> "Unknown operation"', '15 respond -> "quota exceeded","Error: "']);
  });

  it("detects an instance method of a class, called as this.<name>() in its class (also an arrow property)", () => {
    expect(
      helperCalls(`
declare function fetchForecast(city: string): Promise<string>;
export class WeatherServer {
  async forecast(city: string) {
    if (!city) return this.errorResponse("Missing city");
    try {
      return { content: [{ type: "text", text: await fetchForecast(city) }] };
    } catch (error) {
      return this.failure(\`Failed to fetch forecast: \${String(error)}\`);
    }
  }
  private errorResponse(message: string) {
    return { content: [{ type: "text", text: message }], isError: true };
  }
  private readonly failure = (reason: string) => ({ content: [{ type: "text", text: \`Error: \${reason}\` }], isError: true });
}`),
    ).toEqual(['5 errorResponse -> "Missing city"', '9 failure -> `Failed to fetch forecast: ${String(error)}`,"Error: "']);
  });

  it("detects a static method, called by its class or as this.<name>() in a static member of its class", () => {
    expect(
      helperCalls(`
declare function fetchForecast(city: string): Promise<string>;
export class ForecastTools {
  static async forecast(city: string) {
    if (!city) return this.fail("Missing city");
    return { content: [{ type: "text", text: await fetchForecast(city) }] };
  }
  static fail(message: string) {
    return { content: [{ type: "text", text: message }], isError: true };
  }
}
export const onTimeout = () => ForecastTools.fail("Forecast timed out");`),
    ).toEqual(['5 fail -> "Missing city"', '12 fail -> "Forecast timed out"']);
  });

  it("does not take another side's method of the same name, another object's method, a nested function's this or another class's method", () => {
    expect(
      helperCalls(`
export class ToolResults {
  static fail(message: string) {
    return { content: [{ type: "text", text: message }] };
  }
  static errorResponse(message: string) {
    return this.fail(message);
  }
  errorResponse(message: string) {
    return { content: [{ type: "text", text: message }], isError: true };
  }
  fail(message: string) {
    return { content: [{ type: "text", text: message }], isError: true };
  }
  run(other: ToolResults) {
    const late = function (this: { errorResponse(text: string): unknown }) {
      return this.errorResponse("not the class's");
    };
    return [ToolResults.fail("static"), ToolResults.errorResponse("static"), other.errorResponse("another object"), late];
  }
}
export class Reporter {
  report() {
    return this.errorResponse("not a helper here");
  }
  errorResponse(message: string) {
    return { content: [{ type: "text", text: message }] };
  }
}`),
    ).toEqual([]);
  });

  it("answers helperFor the same after a rule's traversal noted the helper's result first", () => {
    const code = `
function toolError(message: string) {
  return { content: [{ type: "text", text: message }], isError: true };
}
export const onMissing = () => toolError("Error: invoice not found");`;
    const found: string[] = [];
    runProbe(code, (context) => {
      const helpers = modelOf(context).errorHelpers;
      const calls: TSESTree.CallExpression[] = [];
      return {
        // As error-result-content's traversal does, before any rule asks about a call.
        ...onErrorHelperCall(helpers, () => undefined),
        CallExpression(node: TSESTree.CallExpression) {
          calls.push(node);
        },
        "Program:exit"() {
          for (const call of calls) found.push(`${String(call.loc.start.line)} ${helpers.helperFor(call)?.name ?? "none"}`);
        },
      };
    });
    expect(found).toEqual(["5 toolError"]);
  });
});

describe("ErrorHelpers: configured", () => {
  it("matches a name, this.name and a dotted name, never the last member alone", () => {
    expect(
      helperCalls(
        `
import { error } from "./utils.js";
import * as results from "./results.js";
export const a = error("not found");
export const b = results.fail("denied", { retry: false });
console.error("not a helper");
class ReadTool { run() { return this.error("bad path"); } }`,
        { errorHelpers: ["error", { name: "results.fail", messageArgument: 0, addsPrefix: true }] },
      ),
    ).toEqual(['4 error -> "not found"', '5 results.fail -> "denied","Error: "', '7 error -> "bad path"']);
  });

  it("reads failureArgument: a call builds an error result only where that argument is true", () => {
    expect(
      helperCalls(
        `import { createResponse } from "../lib/utils.js"; export const r = [createResponse("3 channels"), createResponse("no access", true)];`,
        { errorHelpers: [{ name: "createResponse", failureArgument: 1 }] },
      ),
    ).toEqual(['1 createResponse -> "no access"']);
  });

  it("reads messageArgument and reports a call without that argument", () => {
    expect(
      helperCalls(`import { toolError } from "./utils.js"; export const r = [toolError(404, "gone"), toolError(500)];`, {
        errorHelpers: [{ name: "toolError", messageArgument: 1 }],
      }),
    ).toEqual(['1 toolError -> "gone"', "1 toolError -> none"]);
  });
});
