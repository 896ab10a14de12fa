import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { nodeAt } from "./node-at.js";
import { lastAnswer } from "./last-answer.js";

/*
 * The references of a variable, read from the file's text where the text decides them. oxlint
 * analyses a file's scopes only when a rule first asks, and on a tool file that analysis costs more
 * than all of this plugin's rules; ESLint's parser has built them already, and there the scopes answer
 * at once (a lookup costs less than a scan of the text). So where scopes are built on demand, the
 * occurrences of the variable's name are read instead, and the scopes are asked only
 * when the text cannot decide: another binding of the same name anywhere in the file, a write, a type
 * position, or any position not listed below. The same reading tells when a name is declared by no
 * binding of a kind, so that resolving it needs no scopes either (`surelyUndeclared`). The answers are the
 * scopes' (tests/util/references.test.ts checks them against each other on this repository's TypeScript).
 */

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A declaration that binds a variable: a function's name, a declarator's identifier, an import. */
export type BindingDeclaration =
  | TSESTree.FunctionDeclaration
  | TSESTree.VariableDeclarator
  | TSESTree.ImportSpecifier
  | TSESTree.ImportDefaultSpecifier
  | TSESTree.ImportNamespaceSpecifier;

export interface BindingReferences {
  /** The identifiers that read the variable, in source order. */
  readonly reads: readonly TSESTree.Identifier[];
  /** Bound more than once (overload signatures aside) or assigned after its declaration. */
  readonly reassigned: boolean;
}

/**
 * What is read once per file, for the last file asked about (`lastAnswer`, keyed by the tree): each
 * binding's references, which the handler model and the throw collector both ask for (is it registered?
 * which calls can throw?), and what of the text keeps it from deciding: an escape in a name (`\u0061`),
 * or `eval`, which can bind names, each searched for on first need. The references are shared,
 * never written to.
 */
interface FileFacts {
  readonly ast: TSESTree.Program;
  readonly byBinding: Map<TSESTree.Identifier, BindingReferences>;
  escapes?: boolean;
  evaluates?: boolean;
  scopesOnDemand?: boolean;
}

const factsOf = lastAnswer((ast: TSESTree.Program): FileFacts => ({ ast, byBinding: new Map() }));

/** The references of the variable named `id` that `declaration` binds (its parameters are not its name). */
export function bindingReferences(declaration: BindingDeclaration, id: TSESTree.Identifier, sourceCode: SourceCode): BindingReferences {
  const { byBinding } = factsOf(sourceCode.ast);
  let found = byBinding.get(id);
  if (!found) {
    found = scopesOnDemand(sourceCode)
      ? (unreferencedInText(id, sourceCode) ??
        referencesFromText(declaration, id, sourceCode) ??
        referencesFromScopes(declaration, id, sourceCode))
      : referencesFromScopes(declaration, id, sourceCode);
    byBinding.set(id, found);
  }
  return found;
}

const NO_REFERENCES: BindingReferences = { reads: [], reassigned: false };

/**
 * No references, for a name the text spells only at its binding (and nowhere through an escape): two
 * scans of the text instead of a look at the scopes, for the common helper that is exported and called
 * only from other files. Undefined where the name occurs anywhere else, even in a comment or a longer
 * name: the scopes, or the text reading, decide then.
 */
export function unreferencedInText(id: TSESTree.Identifier, sourceCode: SourceCode): BindingReferences | undefined {
  const { text } = sourceCode;
  const at = id.range[0];
  return text.indexOf(id.name) === at && text.indexOf(id.name, at + 1) === -1 && !hasEscapes(sourceCode) ? NO_REFERENCES : undefined;
}

/** The read references of the variable named `id` that `declaration` binds. */
export function readsOf(declaration: BindingDeclaration, id: TSESTree.Identifier, sourceCode: SourceCode): readonly TSESTree.Identifier[] {
  return bindingReferences(declaration, id, sourceCode).reads;
}

/**
 * ESLint's parser hands over the scopes it built (a data property); oxlint builds them when its getter is first read.
 * Read once per file.
 */
function scopesOnDemand(sourceCode: SourceCode): boolean {
  const facts = factsOf(sourceCode.ast);
  facts.scopesOnDemand ??= hasScopeGetter(sourceCode);
  return facts.scopesOnDemand;
}

function hasScopeGetter(sourceCode: SourceCode): boolean {
  for (let object: object | null = sourceCode; object; object = Object.getPrototypeOf(object) as object | null) {
    const property = Object.getOwnPropertyDescriptor(object, "scopeManager");
    if (property) return property.get !== undefined;
  }
  return false;
}

/** The references scope analysis gives: the answer wherever the text does not decide. */
export function referencesFromScopes(declaration: BindingDeclaration, id: TSESTree.Identifier, sourceCode: SourceCode): BindingReferences {
  const variable = sourceCode.getDeclaredVariables(declaration).find((candidate) => candidate.identifiers.includes(id));
  if (!variable) return { reads: [], reassigned: false };
  const reads: TSESTree.Identifier[] = [];
  let reassigned = variable.defs.filter((def) => def.node.type !== AST_NODE_TYPES.TSDeclareFunction).length > 1;
  for (const reference of variable.references) {
    if (reference.isRead() && reference.identifier.type === AST_NODE_TYPES.Identifier) reads.push(reference.identifier);
    reassigned ||= reference.isWrite() && !reference.init;
  }
  return { reads, reassigned };
}

/** The text may spell a name through an escape (`\u0061`), which a search for the name's letters does not find. */
export const spellsEscapes = (text: string): boolean => text.includes("\\u");

/** `spellsEscapes` for the file being linted, read once. */
export const hasEscapes = ({ ast, text }: SourceCode): boolean => (factsOf(ast).escapes ??= spellsEscapes(text));

const evaluates = ({ ast, text }: SourceCode): boolean => (factsOf(ast).evaluates ??= /\beval\b/u.test(text));

/**
 * The identifiers spelled `name` in the file, from its text: declarations, keys and references alike.
 * Undefined where the text cannot tell them all: an escape in a name, a character outside ASCII next
 * to an occurrence, or a JSX name.
 */
export function identifiersNamed(name: string, sourceCode: SourceCode): TSESTree.Identifier[] | undefined {
  if (hasEscapes(sourceCode)) return undefined;
  const found: TSESTree.Identifier[] = [];
  let node: TSESTree.Node | undefined;
  const complete = everyNameOccurrence(sourceCode.text, name, (at) => {
    node = nodeAt(sourceCode, at, node);
    // In a comment, a string, a template's text or a private name `#name`: no identifier. JSX names are.
    if (node?.type !== AST_NODE_TYPES.Identifier) return !node?.type.startsWith("JSX");
    if (node.range[0] !== at || node.name !== name) return false;
    found.push(node);
    return true;
  });
  return complete ? found : undefined;
}

/**
 * What a name may be declared as, for `surelyUndeclared`: an import, a variable (a declarator's name or pattern), a
 * function's name, a `catch` parameter, a class's name.
 */
export type DeclarationKind = "import" | "variable" | "function" | "catch" | "class";

/**
 * True when the text shows that no binding of one of `kinds` is named `name` in the file: the name
 * then resolves to no such declaration, and the scopes need not be asked. Only where the host builds
 * scopes on demand (oxlint); with ESLint's ready scopes it is false and the scopes answer.
 */
export function surelyUndeclared(name: string, kinds: readonly DeclarationKind[], sourceCode: SourceCode): boolean {
  return scopesOnDemand(sourceCode) && undeclaredInText(name, kinds, sourceCode);
}

/**
 * The first definition of the variable `identifier` resolves to, asked only of names that may be
 * declared as one of `kinds`: undefined, without scope analysis, for a name the text shows is none.
 */
export function definitionOf(
  identifier: TSESTree.Identifier,
  kinds: readonly DeclarationKind[],
  sourceCode: SourceCode,
): TSESLint.Scope.Definition | undefined {
  if (surelyUndeclared(identifier.name, kinds, sourceCode)) return undefined;
  return ASTUtils.findVariable(sourceCode.getScope(identifier), identifier)?.defs.at(0);
}

/** `surelyUndeclared`'s reading of the text, whatever the host. */
export function undeclaredInText(name: string, kinds: readonly DeclarationKind[], sourceCode: SourceCode): boolean {
  const identifiers = identifiersNamed(name, sourceCode);
  return (
    identifiers !== undefined &&
    !identifiers.some((identifier) => {
      const kind = declaredAs(identifier);
      return kind !== undefined && kinds.includes(kind);
    })
  );
}

/** What the identifier declares, if it is the name of a binding of one of the kinds above. */
function declaredAs(identifier: TSESTree.Identifier): DeclarationKind | undefined {
  const { parent } = identifier;
  switch (parent.type) {
    case AST_NODE_TYPES.ImportSpecifier:
    case AST_NODE_TYPES.ImportDefaultSpecifier:
    case AST_NODE_TYPES.ImportNamespaceSpecifier:
      // An import's `imported` and `local` names share a range when they are the same name.
      return parent.local.name === identifier.name ? "import" : undefined;
    case AST_NODE_TYPES.TSImportEqualsDeclaration:
      return parent.id === identifier ? "import" : undefined;
    case AST_NODE_TYPES.FunctionDeclaration:
    case AST_NODE_TYPES.FunctionExpression:
    case AST_NODE_TYPES.TSDeclareFunction:
      return parent.id === identifier ? "function" : undefined;
    case AST_NODE_TYPES.ClassDeclaration:
      return parent.id === identifier ? "class" : undefined;
    default: {
      // Up through a destructuring pattern to the declarator or `catch` clause it binds for.
      let child: TSESTree.Node = identifier;
      let current: TSESTree.Node = parent;
      while (
        current.type === AST_NODE_TYPES.ObjectPattern ||
        current.type === AST_NODE_TYPES.ArrayPattern ||
        current.type === AST_NODE_TYPES.RestElement ||
        (current.type === AST_NODE_TYPES.AssignmentPattern && current.left === child) ||
        (current.type === AST_NODE_TYPES.Property &&
          current.parent.type === AST_NODE_TYPES.ObjectPattern &&
          // `{ limit }`: key and value share the range, and the key is found first.
          (current.value === child || current.shorthand))
      ) {
        child = current;
        current = current.parent;
      }
      if (current.type === AST_NODE_TYPES.VariableDeclarator && current.id === child) return "variable";
      return current.type === AST_NODE_TYPES.CatchClause && current.param === child ? "catch" : undefined;
    }
  }
}

/** The references the text decides, or undefined where scope analysis must. */
export function referencesFromText(
  declaration: BindingDeclaration,
  id: TSESTree.Identifier,
  sourceCode: SourceCode,
): BindingReferences | undefined {
  if (sourceCode.ast.sourceType !== "module" || evaluates(sourceCode)) return undefined;
  const scope = declaringBlock(declaration);
  const identifiers = scope && identifiersNamed(id.name, sourceCode);
  if (!scope || !identifiers) return undefined;
  const reads = new Set<TSESTree.Identifier>();
  for (const node of identifiers) {
    // The binding itself (an import's `imported` and `local` share its range).
    if (node.range[0] === id.range[0]) continue;
    const read = readIdentifier(node);
    if (read === undefined) return undefined;
    // Outside the declaring block the name is another (global) variable: no other binding of it exists.
    if (read && scope.range[0] <= node.range[0] && node.range[0] < scope.range[1]) reads.add(read);
  }
  return { reads: [...reads], reassigned: false };
}

/**
 * True when `visit` holds for every offset at which `text` spells `name` as a whole name (not part of a longer one),
 * visited in order until one fails; false as well where a character outside ASCII stands beside an occurrence, which
 * may be part of the name. An escape can spell a name too: the callers rule those out first (`spellsEscapes`).
 */
export function everyNameOccurrence(text: string, name: string, visit: (at: number) => boolean): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    const before = nameBoundary(text, at - 1);
    const after = nameBoundary(text, at + name.length);
    if (before === undefined || after === undefined) return false;
    if (before && after && !visit(at)) return false;
  }
  return true;
}

/**
 * True when the character at `index` ends a name (not part of an identifier), false when it is part
 * of one, undefined for a character outside ASCII (which may be either).
 */
function nameBoundary(text: string, index: number): boolean | undefined {
  const code = text.charCodeAt(index);
  if (Number.isNaN(code)) return true;
  if (code > 0x7f) return undefined;
  return !/[\w$]/u.test(text[index] ?? "");
}

/** The node whose range is the variable's scope: the block a `let`/`const`/function declaration is in, the module for an import or a top-level `var`. */
function declaringBlock(declaration: BindingDeclaration): TSESTree.Node | undefined {
  if (declaration.type === AST_NODE_TYPES.VariableDeclarator && declaration.parent.kind === "var" && !isModuleLevel(declaration.parent))
    return undefined;
  const statement = declaration.type === AST_NODE_TYPES.FunctionDeclaration ? declaration : declaration.parent;
  let block: TSESTree.Node = statement.parent;
  if (block.type === AST_NODE_TYPES.ExportNamedDeclaration || block.type === AST_NODE_TYPES.ExportDefaultDeclaration) block = block.parent;
  switch (block.type) {
    case AST_NODE_TYPES.Program:
    case AST_NODE_TYPES.BlockStatement:
    case AST_NODE_TYPES.StaticBlock:
    case AST_NODE_TYPES.ForStatement:
    case AST_NODE_TYPES.ForInStatement:
    case AST_NODE_TYPES.ForOfStatement:
      return block;
    case AST_NODE_TYPES.SwitchCase:
      return block.parent;
    default:
      return undefined;
  }
}

function isModuleLevel(statement: TSESTree.Node): boolean {
  const parent = statement.parent;
  return (
    parent?.type === AST_NODE_TYPES.Program ||
    (parent?.type === AST_NODE_TYPES.ExportNamedDeclaration && parent.parent.type === AST_NODE_TYPES.Program)
  );
}

/**
 * What an occurrence of the name is: the identifier that reads the variable, false for a name that is
 * no reference (a property key, a member's property, a label), undefined for anything else (another
 * binding, a write, a type, an unlisted position), which the scopes must decide.
 */
function readIdentifier(node: TSESTree.Identifier): TSESTree.Identifier | false | undefined {
  const parent = node.parent;
  switch (parent.type) {
    case AST_NODE_TYPES.MemberExpression:
      return parent.property === node && !parent.computed ? false : node;
    case AST_NODE_TYPES.Property:
      if (parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
      // `{ name }`: the reference is the value.
      if (parent.shorthand) return parent.value.type === AST_NODE_TYPES.Identifier ? parent.value : undefined;
      return parent.key === node && !parent.computed ? false : node;
    case AST_NODE_TYPES.MethodDefinition:
    case AST_NODE_TYPES.PropertyDefinition:
    case AST_NODE_TYPES.AccessorProperty:
    case AST_NODE_TYPES.TSAbstractMethodDefinition:
    case AST_NODE_TYPES.TSAbstractPropertyDefinition:
    case AST_NODE_TYPES.TSAbstractAccessorProperty:
    case AST_NODE_TYPES.TSPropertySignature:
    case AST_NODE_TYPES.TSMethodSignature:
      if (parent.key === node) return parent.computed ? node : false;
      return "value" in parent && parent.value === node ? node : undefined;
    case AST_NODE_TYPES.LabeledStatement:
    case AST_NODE_TYPES.BreakStatement:
    case AST_NODE_TYPES.ContinueStatement:
      return false;
    case AST_NODE_TYPES.ExportSpecifier:
      // `export { name } from "./x"` names the other module's binding; a type-only export is a type position.
      if (parent.exportKind === "type") return undefined;
      if (parent.parent.source) return false;
      return parent.local.type === AST_NODE_TYPES.Identifier && parent.local.name === node.name ? parent.local : false;
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === node ? node : undefined;
    case AST_NODE_TYPES.AssignmentExpression:
    case AST_NODE_TYPES.AssignmentPattern:
    case AST_NODE_TYPES.ForInStatement:
    case AST_NODE_TYPES.ForOfStatement:
      return parent.right === node ? node : undefined;
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === node ? node : undefined;
    case AST_NODE_TYPES.ClassDeclaration:
    case AST_NODE_TYPES.ClassExpression:
      return parent.superClass === node ? node : undefined;
    case AST_NODE_TYPES.TSInstantiationExpression:
      return parent.expression === node ? node : undefined;
    // Parents whose every identifier child is an expression that reads.
    case AST_NODE_TYPES.CallExpression:
    case AST_NODE_TYPES.NewExpression:
    case AST_NODE_TYPES.ArrayExpression:
    case AST_NODE_TYPES.SpreadElement:
    case AST_NODE_TYPES.ConditionalExpression:
    case AST_NODE_TYPES.LogicalExpression:
    case AST_NODE_TYPES.BinaryExpression:
    case AST_NODE_TYPES.UnaryExpression:
    case AST_NODE_TYPES.AwaitExpression:
    case AST_NODE_TYPES.YieldExpression:
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.TaggedTemplateExpression:
    case AST_NODE_TYPES.SequenceExpression:
    case AST_NODE_TYPES.ChainExpression:
    case AST_NODE_TYPES.ExpressionStatement:
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.ThrowStatement:
    case AST_NODE_TYPES.IfStatement:
    case AST_NODE_TYPES.WhileStatement:
    case AST_NODE_TYPES.DoWhileStatement:
    case AST_NODE_TYPES.ForStatement:
    case AST_NODE_TYPES.SwitchStatement:
    case AST_NODE_TYPES.SwitchCase:
    case AST_NODE_TYPES.ExportDefaultDeclaration:
    case AST_NODE_TYPES.Decorator:
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
    case AST_NODE_TYPES.ImportExpression:
    case AST_NODE_TYPES.JSXExpressionContainer:
      return node;
    default:
      return undefined;
  }
}
