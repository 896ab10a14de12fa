import type ts from "typescript";
import { everyNameOccurrence, spellsEscapes } from "../../util/references.js";
import { outerTs } from "./ts-nodes.js";
import { typescript } from "./typescript.js";

/*
 * Which files of a program can lead to a function of a given file. The handler index reads a file's
 * registrations, and what they register is found by following symbols to their declarations: through
 * imports and re-exports, or through the global scope. So a registration can only lead into a file it
 * imports, directly or through other files, unless a global declaration carries the function across:
 * a script (a file that is no module) or a module that augments the global scope or another module
 * lets any file reach it, and the answer is then every file.
 *
 * A function bound to a module-level name that those files only import and call (`requireString(args, "path")`)
 * goes nowhere: a call hands on what the function returns, never the function. No registration outside its own
 * file can lead to it, so the shared helpers every tool file imports do not make the index read every file.
 */

/** How many functions of one file are checked that way before the index reads every file that can reach them. */
const CALL_ONLY_CHECKS = 16;

/** The module specifiers TypeScript resolved for a file (imports, re-exports, `import()`, `require` in JavaScript, `import("x")` types). */
interface WithImports {
  readonly imports?: readonly ts.StringLiteralLike[];
}

/** The files of `files` that can reach a declaration of `target`, `target` itself first; every file where the imports cannot tell. */
export class Importers {
  private importersOf: Map<ts.SourceFile, ts.SourceFile[]> | undefined;
  /** Some file's resolved imports are not readable: only "every file" is a sound answer. */
  private unreadable = false;
  /** The functions of each file checked by `isOnlyCalled`: each check reads the text of every file that can reach it. */
  private readonly callOnlyChecks = new Map<ts.SourceFile, number>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly files: readonly ts.SourceFile[],
  ) {}

  reaching(target: ts.SourceFile): readonly ts.SourceFile[] {
    const importersOf = this.graph();
    if (this.unreadable) return this.files;
    const found = [target];
    const seen = new Set(found);
    for (let index = 0; index < found.length; index++) {
      const file = found[index];
      if (isGlobal(file)) return this.files;
      for (const importer of importersOf.get(file) ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        found.push(importer);
      }
    }
    return found;
  }

  /**
   * True when `fn` is bound to a module-level name that every file able to reach it (its own included) spells only
   * where it declares, imports, re-exports or calls it: no file but its own can register it. False where the text
   * cannot tell (an escape, a character outside ASCII beside the name, the name in a string or a comment), and
   * after `CALL_ONLY_CHECKS` functions of the same file, when reading every file costs less than more checks.
   */
  isOnlyCalled(fn: ts.Node): boolean {
    const file = fn.getSourceFile();
    const checks = this.callOnlyChecks.get(file) ?? 0;
    const name = moduleBindingName(fn);
    if (!name || checks >= CALL_ONLY_CHECKS) return false;
    this.callOnlyChecks.set(file, checks + 1);
    return this.reaching(file).every((reaching) => spelledOnlyToCall(reaching, name));
  }

  /** Who imports whom, from the module specifiers the program resolved (the checker names the file each leads to). */
  private graph(): Map<ts.SourceFile, ts.SourceFile[]> {
    if (this.importersOf) return this.importersOf;
    const importersOf = new Map<ts.SourceFile, ts.SourceFile[]>();
    for (const file of this.files) {
      const { imports } = file as WithImports;
      if (!Array.isArray(imports)) {
        this.unreadable = true;
        break;
      }
      for (const specifier of imports as readonly ts.StringLiteralLike[]) {
        // Specifiers TypeScript synthesised (`tslib`, the JSX runtime) have no parent, whatever the type says, and lead to no project file.
        if ((specifier.parent as ts.Node | undefined) === undefined) continue;
        const declaration = this.checker.getSymbolAtLocation(specifier)?.valueDeclaration;
        if (!declaration || !typescript.isSourceFile(declaration)) continue;
        const importers = importersOf.get(declaration);
        if (importers) importers.push(file);
        else importersOf.set(declaration, [file]);
      }
    }
    this.importersOf = importersOf;
    return importersOf;
  }
}

/** A script, or a module with `declare global` or `declare module "..."`: its declarations reach files that do not import it. */
function isGlobal(file: ts.SourceFile): boolean {
  if (!typescript.isExternalModule(file)) return true;
  return file.statements.some(
    (statement) =>
      typescript.isModuleDeclaration(statement) &&
      (typescript.isStringLiteral(statement.name) || (statement.flags & typescript.NodeFlags.GlobalAugmentation) !== 0),
  );
}

/** The name `fn` is bound to at module level: `function name() {}`, `const name = () => {}` (not a default export). */
function moduleBindingName(fn: ts.Node): ts.Identifier | undefined {
  if (typescript.isFunctionDeclaration(fn)) {
    const isDefault = (typescript.getCombinedModifierFlags(fn) & typescript.ModifierFlags.Default) !== 0;
    return fn.name && typescript.isSourceFile(fn.parent) && !isDefault ? fn.name : undefined;
  }
  const child = outerTs(fn);
  const declaration = child.parent;
  if (!typescript.isVariableDeclaration(declaration) || declaration.initializer !== child || !typescript.isIdentifier(declaration.name))
    return undefined;
  const statement = declaration.parent.parent;
  return typescript.isVariableStatement(statement) && typescript.isSourceFile(statement.parent) ? declaration.name : undefined;
}

/** True when every occurrence of `binding`'s name in `file` is the binding itself, an import or re-export of it, or a call of it. */
function spelledOnlyToCall(file: ts.SourceFile, binding: ts.Identifier): boolean {
  if (spellsEscapes(file.text)) return false;
  return everyNameOccurrence(file.text, binding.text, (at) => {
    const node = identifierAt(file, at);
    return node === binding || (node !== undefined && isImportOrCall(node));
  });
}

/** The identifier that starts at `position`, if one does (not a string, a comment or a template holding the name). */
function identifierAt(file: ts.SourceFile, position: number): ts.Identifier | undefined {
  let node: ts.Node = file;
  for (;;) {
    const child = typescript.forEachChild(node, (candidate) =>
      candidate.pos <= position && position < candidate.end ? candidate : undefined,
    );
    if (!child) break;
    node = child;
  }
  return typescript.isIdentifier(node) && node.getStart(file) === position ? node : undefined;
}

/** `import { name }`, `export { name }` (not renamed: files that import it spell the same name), `name(...)`, `new name()`, `ns.name(...)`. */
function isImportOrCall(identifier: ts.Identifier): boolean {
  const { parent } = identifier;
  if (typescript.isImportSpecifier(parent) || typescript.isExportSpecifier(parent)) return parent.propertyName === undefined;
  if ((typescript.isCallExpression(parent) || typescript.isNewExpression(parent)) && parent.expression === identifier) return true;
  return (
    typescript.isPropertyAccessExpression(parent) &&
    parent.name === identifier &&
    typescript.isCallExpression(parent.parent) &&
    parent.parent.expression === parent
  );
}
