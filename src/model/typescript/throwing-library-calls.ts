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
/** Every name a throwing library function is called by, before an import renames it. */
const LIBRARY_NAMES: ReadonlySet<string> = new Set([...STANDARD_NAMES, ...ZOD_METHODS]);

/**
 * Per file, the local names its imports bind: an import may give a throwing library function another name
 * (`import { URL as NodeURL } from "node:url"`, `import parseJson from "./json.js"` of `export default JSON.parse`).
 */
const importedNames = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

function importedNamesOf(file: ts.SourceFile): ReadonlySet<string> {
  let names = importedNames.get(file);
  if (!names) {
    const found = new Set<string>();
    for (const statement of file.statements) {
      const clause = typescript.isImportDeclaration(statement) ? statement.importClause : undefined;
      if (clause?.name) found.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && typescript.isNamedImports(bindings)) for (const element of bindings.elements) found.add(element.name.text);
    }
    names = found;
    importedNames.set(file, names);
  }
  return names;
}

/**
 * The written name of a callee may call a throwing library function: one of their names, or a name an import binds.
 * Asked before the symbol is resolved, which the other calls (`String(error)`, a function of the file) need not pay for.
 */
function mayCallLibraryThrow(nameNode: ts.Node): boolean {
  if (!typescript.isIdentifier(nameNode)) return typescript.isStringLiteralLike(nameNode) && LIBRARY_NAMES.has(nameNode.text);
  return LIBRARY_NAMES.has(nameNode.text) || (isBareName(nameNode) && importedNamesOf(nameNode.getSourceFile()).has(nameNode.text));
}

/** The identifier is the callee itself, not the name of a member (`schema.parse`). */
function isBareName(node: ts.Identifier): boolean {
  return !typescript.isPropertyAccessExpression(node.parent) || node.parent.name !== node;
}

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
  if (!nameNode || !mayCallLibraryThrow(nameNode)) return undefined;
  const checker = program.getTypeChecker();
  const symbol = resolvedSymbol(checker, nameNode);
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
