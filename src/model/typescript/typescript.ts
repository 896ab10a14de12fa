import { createRequire } from "node:module";
import type TS from "typescript";

const require = createRequire(import.meta.url);
let loaded: typeof TS | undefined;

/**
 * The TypeScript compiler API, loaded on first use. Only code that runs with type information
 * touches it, and by then the parser has loaded it already; importing the plugin stays cheap
 * (TypeScript takes about 2 s to load, once per ESLint worker thread). Modules use
 * `import type ts from "typescript"` for types and this for values.
 *
 * A live binding: the first read through the proxy loads the module and puts it in the proxy's place,
 * so that every later `typescript.isCallExpression(node)` in a walk is a plain property read, not a
 * proxy trap (which cost about a tenth of the type-aware rule's own time on the typed bench).
 */
export let typescript: typeof TS = new Proxy({} as typeof TS, {
  get(_target, key) {
    loaded ??= require("typescript") as typeof TS;
    typescript = loaded;
    return loaded[key as keyof typeof TS];
  },
});
