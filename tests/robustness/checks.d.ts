import type { ESLint } from "eslint";

export const PLUGIN_NAMESPACE: string;
export const ALL_TOOL_CODE_SETTINGS: Record<string, unknown>;

export interface CheckFailure {
  kind: "exception" | "fix-not-idempotent" | "unparsable-output";
  /** Where it happened: "lint", "fix", "second fix pass", `suggestion "..."`. */
  stage: string;
  rule: string;
  message: string;
  /** The stack of an exception, or the output that failed. */
  stack: string;
}

export interface CheckResult {
  parsed: boolean;
  parseError: string | undefined;
  /** Time of the plain lint, without the fix and suggestion checks. */
  lintMs: number;
  problems: number;
  fixesChecked: number;
  suggestionsChecked: number;
  suggestionsSkipped: number;
  failures: CheckFailure[];
}

export interface Checker {
  included: string[];
  excluded: string[];
  check(
    code: string,
    filename: string,
    options?: { sourceTypes?: ("module" | "commonjs")[]; settings?: Record<string, unknown>; suggestionsPerRule?: number },
  ): CheckResult;
}

export function untypedRules(plugin: ESLint.Plugin): { included: string[]; excluded: string[] };
export function createChecker(options: { plugin: ESLint.Plugin; cwd?: string; settings?: Record<string, unknown> }): Checker;
export function formatFailure(file: string, failure: CheckFailure): string;
