import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunctionNode } from "./ast.js";

export type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * An analysis built once per linted file and settings object, and shared by every rule of the
 * plugin that asks for it during that file's single traversal. Only the last file's is kept: a linter
 * runs one file's rules to the end before the next file's, and a module-level WeakMap keyed by the
 * tree, whose values point back into it, kept every file's tree alive through V8's young-generation
 * collections (a third of oxlint's time on the bench corpus went to copying them).
 *
 * The source code and settings are read from the rule context here and handed on: ESLint gives each
 * file's rule contexts a new prototype, so every place that reads a context property misses V8's
 * lookup caches once per file (about a microsecond each in a lint run).
 */
export function perFile<T>(
  build: (context: AnyRuleContext, sourceCode: AnyRuleContext["sourceCode"], settings: AnyRuleContext["settings"]) => T,
): (context: AnyRuleContext) => T {
  let last: { program: TSESTree.Program; settings: unknown; value: T } | undefined;
  return (context) => {
    const { sourceCode, settings } = context;
    const program = sourceCode.ast;
    if (last?.program === program && last.settings === settings) return last.value;
    const value = build(context, sourceCode, settings);
    last = { program, settings, value };
    return value;
  };
}

/**
 * The nearest function from `start` outwards (itself included) that `own` claims, memoised per
 * function in `memo` so that every function is looked at once. Iterative: deep nesting must not
 * overflow the stack.
 */
export function nearestOwner<T>(
  start: TSESTree.Node | undefined,
  memo: Map<FunctionNode, T | null>,
  own: (fn: FunctionNode) => T | undefined,
): T | undefined {
  const pending: FunctionNode[] = [];
  let found: T | null = null;
  for (let current = start; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const known = memo.get(current);
    if (known !== undefined) {
      found = known;
      break;
    }
    pending.push(current);
    const owner = own(current);
    if (owner !== undefined) {
      found = owner;
      break;
    }
  }
  for (const fn of pending) memo.set(fn, found);
  return found ?? undefined;
}
