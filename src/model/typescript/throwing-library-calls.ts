import type ts from "typescript";
import { typescript } from "./typescript.js";
import { fileLine, resolvedSymbol, symbolNode, unwrapTs } from "./ts-nodes.js";

/*
 * Library functions that throw on bad input, which tool handlers call on what the client sent:
 * the facts the type-aware rule needs to report them, in one place.
 */

/** Standard functions that throw (SyntaxError, URIError, RangeError, DataCloneError), by qualified name. */
const STANDARD_CALLS = new Set(["JSON.parse", "decodeURIComponent", "BigInt", "structuredClone"]);
/** Standard constructors that throw on bad input (`new URL("not a url")`). */
const STANDARD_CONSTRUCTORS = new Set(["URL"]);
/**
 * The last names of the qualified names above: a symbol named otherwise is none of them, and its
 * qualified name, which the checker writes out at some cost, is not needed (`String(err)`, `new Error()`).
 */
const STANDARD_NAMES = new Set(
  [...STANDARD_CALLS, ...STANDARD_CONSTRUCTORS].map((qualified) => qualified.slice(qualified.lastIndexOf(".") + 1)),
);
/** Methods of zod's schema types that throw (or reject) when the value does not match. */
const ZOD_METHODS = new Set(["parse", "parseAsync"]);

/** A library call that throws: how the user wrote it, and where it comes from, in words. */
export interface LibraryThrow {
  /** `JSON.parse`, `RequestSchema.parse`, `new URL`. */
  name: string;
  /** `TypeScript's standard library`, `from zod`. */
  source: string;
  /** It returns a rejected promise rather than throwing (`parseAsync`): a `.catch()` on the spot handles it. */
  rejects: boolean;
}

/** The package a file belongs to (`zod`, `@types/node`), from its path; undefined outside `node_modules`. */
function packageOf(file: ts.SourceFile): string | undefined {
  return /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//u.exec(file.fileName)?.[1];
}

/** Where a declaration comes from, in words: never a path into `node_modules`. */
function sourceOf(program: ts.Program, file: ts.SourceFile): string | undefined {
  if (program.isSourceFileDefaultLibrary(file)) return "TypeScript's standard library";
  const name = packageOf(file);
  return name === undefined ? undefined : `from ${name}`;
}

/** How a message names the callee: as written when it is a plain name or a chain of names, else its last name. */
function writtenName(callee: ts.Expression, last: string): string {
  let node = callee;
  while (typescript.isPropertyAccessExpression(node)) node = unwrapTs(node.expression);
  return typescript.isIdentifier(node) || node.kind === typescript.SyntaxKind.ThisKeyword ? callee.getText() : last;
}

/** The throwing library function `node` calls (or constructs), if it is one. */
export function libraryThrow(program: ts.Program, node: ts.CallExpression | ts.NewExpression): LibraryThrow | undefined {
  const callee = unwrapTs(node.expression);
  const nameNode = symbolNode(callee);
  const checker = program.getTypeChecker();
  const symbol = nameNode && resolvedSymbol(checker, nameNode);
  const file = symbol?.declarations?.at(0)?.getSourceFile();
  if (!symbol || !file) return undefined;
  const isCall = typescript.isCallExpression(node);
  if (program.isSourceFileDefaultLibrary(file) || packageOf(file) === "@types/node") {
    if (!STANDARD_NAMES.has(symbol.name)) return undefined;
    const qualified = checker.getFullyQualifiedName(symbol);
    if (!(isCall ? STANDARD_CALLS : STANDARD_CONSTRUCTORS).has(qualified)) return undefined;
    const source = sourceOf(program, file) ?? "";
    return { name: isCall ? callee.getText() : `new ${callee.getText()}`, source, rejects: false };
  }
  if (isCall && packageOf(file) === "zod" && ZOD_METHODS.has(symbol.name) && typescript.isPropertyAccessExpression(callee)) {
    return { name: writtenName(callee, symbol.name), source: "from zod", rejects: symbol.name === "parseAsync" };
  }
  return undefined;
}

/** Where a throw site is, for a message: `src/tools/utils.ts:52` in the project, else the library in words. */
export function describeSite(program: ts.Program, site: ts.Node, cwd: string): string {
  return sourceOf(program, site.getSourceFile()) ?? fileLine(site, cwd);
}
