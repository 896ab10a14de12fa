/**
 * `compute`, remembered for the last arguments it was asked about (compared one by one, by identity, unless
 * `same` compares them otherwise).
 * Every rule's listener runs on the same node in turn, so one entry spares the rules after the first
 * the same question; a module-level WeakMap keyed by nodes would keep every file's tree alive instead
 * (see `perFile`).
 */
export function lastAnswer<A extends readonly unknown[], V>(
  compute: (...args: A) => V,
  /** How to compare the last arguments with the new ones, where identity is not the question (values copied per file). */
  same?: (before: A, now: A) => boolean,
): (...args: A) => V {
  let last: { args: A; value: V } | undefined;
  if (same) {
    return (...args) => {
      if (!last || !same(last.args, args)) last = { args, value: compute(...args) };
      return last.value;
    };
  }
  return (...args) => {
    if (!last || !sameArguments(last.args, args)) last = { args, value: compute(...args) };
    return last.value;
  };
}

function sameArguments(before: readonly unknown[], now: readonly unknown[]): boolean {
  if (before.length !== now.length) return false;
  for (let index = 0; index < now.length; index++) if (before[index] !== now[index]) return false;
  return true;
}
