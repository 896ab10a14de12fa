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
const STANDARD_NAMES = new Set([...STANDARD_CALLS, ...STANDARD_CONSTRUCTORS].map((qualified) => qualified.split(".").at(-1)));
/** Methods of zod's schema types that throw (or reject) when the value does not match. */
const ZOD_METHODS = new Set(["parse", "parseAsync"]);
/** The names a call above is written with, unless an import renames it: a callee named otherwise needs no lookup. */
const LIBRARY_NAMES: ReadonlySet<string | undefined> = new Set([...STANDARD_NAMES, ...ZOD_METHODS]);

/**
 * The local names that a file's imports give to a binding of another name: `import { URL as NodeURL }`,
 * a default import (`export default JSON.parse` is an alias), `import parse = Json.parse`.
 */
const renamedImports = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

function renamedImportsOf(file: ts.SourceFile): ReadonlySet<string> {
  let names = renamedImports.get(file);
  if (!names) {
    const found = new Set<string>();
    for (const statement of file.statements) {
      if (typescript.isImportEqualsDeclaration(statement)) found.add(statement.name.text);
      if (!typescript.isImportDeclaration(statement) || !statement.importClause) continue;
      const { name, namedBindings } = statement.importClause;
      if (name) found.add(name.text);
      if (!namedBindings || !typescript.isNamedImports(namedBindings)) continue;
      for (const element of namedBindings.elements) if (element.propertyName) found.add(element.name.text);
    }
    names = found;
    renamedImports.set(file, names);
  }
  return names;
}

/**
 * The callee may name a throwing library function: it is written with one of their names, or with a
 * name an import renames. Anything else is none of them without asking the checker, which resolves
 * an imported name through its module (the type-aware rule's largest cost on the typed bench).
 */
function mayNameLibraryFunction(nameNode: ts.Node): boolean {
  if (typescript.isPropertyAccessExpression(nameNode.parent) || typescript.isElementAccessExpression(nameNode.parent)) {
    return LIBRARY_NAMES.has((nameNode as ts.Identifier | ts.StringLiteralLike).text);
  }
  return (
    !typescript.isIdentifier(nameNode) || LIBRARY_NAMES.has(nameNode.text) || renamedImportsOf(nameNode.getSourceFile()).has(nameNode.text)
  );
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
  if (!nameNode || !mayNameLibraryFunction(nameNode)) return undefined;
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
