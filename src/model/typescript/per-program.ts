import type ts from "typescript";

/**
 * Memoises `build` per `ts.Program` and per options key: typescript-eslint hands every file of a
 * project the same program object, so whole-program work runs once per lint run (and again only
 * when the program is rebuilt, e.g. after an edit in the editor).
 */
export function perProgram<T>(build: (program: ts.Program, key: string) => T): (program: ts.Program, key: string) => T {
  const cache = new WeakMap<ts.Program, Map<string, T>>();
  return (program, key) => {
    let byKey = cache.get(program);
    if (!byKey) {
      byKey = new Map();
      cache.set(program, byKey);
    }
    let value = byKey.get(key);
    if (value === undefined) {
      value = build(program, key);
      byKey.set(key, value);
    }
    return value;
  };
}
