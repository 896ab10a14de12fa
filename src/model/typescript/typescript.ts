import { createRequire } from "node:module";
import type TS from "typescript";

const require = createRequire(import.meta.url);
let loaded: typeof TS | undefined;

/**
 * The TypeScript compiler API, loaded on first use. Only code that runs with type information
 * touches it, and by then the parser has loaded it already; importing the plugin stays cheap
 * (TypeScript takes about 2 s to load, once per ESLint worker thread). Modules use
 * `import type ts from "typescript"` for types and this for values.
 */
export const typescript: typeof TS = new Proxy({} as typeof TS, {
  get(_target, key) {
    loaded ??= require("typescript") as typeof TS;
    return loaded[key as keyof typeof TS];
  },
});
