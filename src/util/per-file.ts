import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunctionNode } from "./ast.js";

export type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * An analysis built once per linted file and settings object, and shared by every rule of the
 * plugin that asks for it during that file's single traversal.
 */
export function perFile<T>(build: (context: AnyRuleContext) => T): (context: AnyRuleContext) => T {
  const cache = new WeakMap<TSESTree.Program, { settings: unknown; value: T }>();
  return (context) => {
    const program = context.sourceCode.ast;
    const cached = cache.get(program);
    if (cached?.settings === context.settings) return cached.value;
    const value = build(context);
    cache.set(program, { settings: context.settings, value });
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
