import type ts from "typescript";
import { typescript } from "./typescript.js";

/*
 * Which files of a program can lead to a function of a given file. The handler index reads a file's
 * registrations, and what they register is found by following symbols to their declarations: through
 * imports and re-exports, or through the global scope. So a registration can only lead into a file it
 * imports, directly or through other files, unless a global declaration carries the function across:
 * a script (a file that is no module) or a module that augments the global scope or another module
 * lets any file reach it, and the answer is then every file.
 */

/** The module specifiers TypeScript resolved for a file (imports, re-exports, `import()`, `require` in JavaScript, `import("x")` types). */
interface WithImports {
  readonly imports?: readonly ts.StringLiteralLike[];
}

/** The files of `files` that can reach a declaration of `target`, `target` itself first; every file where the imports cannot tell. */
export class Importers {
  private importersOf: Map<ts.SourceFile, ts.SourceFile[]> | undefined;
  /** Some file's resolved imports are not readable: only "every file" is a sound answer. */
  private unreadable = false;

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
