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
  // The comparison is written out here, not called: every function a file's lint runs costs it (docs/benchmarks.md).
  return (...args) => {
    let same = last !== undefined && last.args.length === args.length;
    for (let index = 0; same && index < args.length; index++) same = last?.args[index] === args[index];
    if (!last || !same) last = { args, value: compute(...args) };
    return last.value;
  };
}
