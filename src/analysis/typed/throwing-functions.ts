import { channel } from "node:diagnostics_channel";
import type ts from "typescript";
import { typescript } from "./typescript.js";
import { perProgram } from "./per-program.js";
import { resolveFunctions } from "./resolve.js";
import { descendants, functionName, isCaughtTs, isProjectSourceFile, isTsFunction, ownFunction, type TsFunction, unwrapTs } from "./ts-nodes.js";

export interface ThrowOptions {
  /** Error classes whose throws do not count (FastMCP's `UserError`). */
  allow: readonly string[];
  /** A declaration with a JSDoc `@throws` tag counts as throwing, `.d.ts` and packages included. */
  checkThrowsTags: boolean;
}

/** How a function can throw: the names from the callee down, and the deepest throw (or `@throws` declaration). */
export interface ThrowPath {
  chain: readonly string[];
  site: ts.Node;
}

/**
 * A function the analysis can follow: a function with a body in a project source file, or (with
 * `checkThrowsTags`) any declaration with a `@throws` tag.
 */
export type ThrowTarget = ts.Declaration | TsFunction;

interface Facts {
  /** The first throw or escaping `Promise.reject` in source order that the function does not catch. */
  own: ts.Node | undefined;
  /** The declaration itself when it has a `@throws` tag (and tags are checked). */
  tagged: ts.Node | undefined;
  /** Calls the function does not catch, in source order. */
  calls: readonly ts.CallExpression[];
}

/** Published once per analysis built (per program and options), for profiling and tests. */
export const throwAnalysisChannel = channel("mcp-tool-errors:throw-analysis");

/**
 * Which functions of a program can throw. Each function's body is read once (`facts`), each
 * call resolved once; queries walk the call graph breadth-first, so the chain reported is the
 * shortest and cycles end.
 */
export class ThrowAnalysis {
  private readonly checker: ts.TypeChecker;
  private readonly facts = new Map<ThrowTarget, Facts>();
  private readonly callTargets = new Map<ts.CallExpression, readonly ThrowTarget[]>();
  private readonly paths = new Map<string, Map<ThrowTarget, ThrowPath | null>>();

  constructor(
    private readonly program: ts.Program,
    private readonly options: ThrowOptions,
  ) {
    this.checker = program.getTypeChecker();
  }

  /** The functions a call can reach that the analysis follows. */
  targetsOf(call: ts.CallExpression): readonly ThrowTarget[] {
    let targets = this.callTargets.get(call);
    if (!targets) {
      const found = new Set<ThrowTarget>();
      const { functions, declarations } = resolveFunctions(this.checker, call.expression, { throughWrappers: false });
      for (const fn of functions) {
        if (isProjectSourceFile(this.program, fn.getSourceFile()) || this.hasThrowsTag(fn)) found.add(fn);
      }
      for (const declaration of declarations) {
        const fn = functions.find((candidate) => candidate === declaration || candidate.parent === declaration);
        if (!fn && this.hasThrowsTag(declaration)) found.add(declaration);
      }
      targets = [...found];
      this.callTargets.set(call, targets);
    }
    return targets;
  }

  /**
   * How `target` can throw within `maxDepth` functions, or undefined. With `within`, only the
   * functions the per-file rule follows count (function declarations and functions bound to a
   * variable, in that file; no `@throws` tags): what `no-throw-in-tool-handler` already reports.
   */
  throwPath(target: ThrowTarget, maxDepth: number, within?: ts.SourceFile): ThrowPath | undefined {
    const key = `${String(maxDepth)}:${within?.fileName ?? ""}`;
    let byTarget = this.paths.get(key);
    if (!byTarget) {
      byTarget = new Map();
      this.paths.set(key, byTarget);
    }
    let path = byTarget.get(target);
    if (path === undefined) {
      path = this.search(target, maxDepth, within) ?? null;
      byTarget.set(target, path);
    }
    return path ?? undefined;
  }

  private search(start: ThrowTarget, maxDepth: number, within: ts.SourceFile | undefined): ThrowPath | undefined {
    if (within && !isPerFileFunction(start, within)) return undefined;
    const visited = new Set<ThrowTarget>([start]);
    let level: { target: ThrowTarget; chain: string[] }[] = [{ target: start, chain: [functionName(start)] }];
    for (let depth = 1; depth <= maxDepth && level.length > 0; depth++) {
      const next: typeof level = [];
      for (const { target, chain } of level) {
        const facts = this.factsOf(target);
        const site = facts.own ?? (within ? undefined : facts.tagged);
        if (site) return { chain, site };
        if (depth === maxDepth) continue;
        for (const call of facts.calls) {
          for (const callee of this.targetsOf(call)) {
            // A function nested in the caller is part of its body, read already.
            if (visited.has(callee) || (within && !isPerFileFunction(callee, within)) || contains(target, callee)) continue;
            visited.add(callee);
            next.push({ target: callee, chain: [...chain, functionName(callee)] });
          }
        }
      }
      level = next;
    }
    return undefined;
  }

  private factsOf(target: ThrowTarget): Facts {
    let facts = this.facts.get(target);
    if (!facts) {
      facts = this.readFacts(target);
      this.facts.set(target, facts);
    }
    return facts;
  }

  private readFacts(target: ThrowTarget): Facts {
    const tagged = this.hasThrowsTag(target) ? target : undefined;
    const calls: ts.CallExpression[] = [];
    if (!isTsFunction(target) || !target.body || !isProjectSourceFile(this.program, target.getSourceFile())) {
      return { own: undefined, tagged, calls };
    }
    for (const node of descendants(target.body)) {
      if (typescript.isThrowStatement(node)) {
        if (!isCaughtTs(node, target) && !this.isAllowed(node.expression)) return { own: node, tagged, calls };
      } else if (typescript.isCallExpression(node)) {
        if (isPromiseReject(node)) {
          if (rejectionEscapes(node, target) && !this.isAllowed(node.arguments[0])) return { own: node, tagged, calls };
        } else if (!isCaughtTs(node, target)) {
          calls.push(node);
        }
      }
    }
    return { own: undefined, tagged, calls };
  }

  /** `new UserError(...)`, `new errors.UserError(...)`, `UserError(...)` with `UserError` in `allow`. */
  private isAllowed(thrown: ts.Expression | undefined): boolean {
    if (!thrown || this.options.allow.length === 0) return false;
    const value = unwrapTs(thrown);
    if (!typescript.isNewExpression(value) && !typescript.isCallExpression(value)) return false;
    const callee = unwrapTs(value.expression);
    const name = typescript.isIdentifier(callee) ? callee.text : typescript.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    return name !== undefined && this.options.allow.includes(name);
  }

  private hasThrowsTag(node: ts.Node): boolean {
    return this.options.checkThrowsTags && typescript.getJSDocTags(node).some(isCountedThrowsTag);
  }
}

/**
 * `@throws` / `@exception`, except `@throws {TypeError}`: that documents a wrong argument type, which
 * type checking rules out (every tag in `@types/node` is of this kind: `path.join`, `path.resolve`).
 */
function isCountedThrowsTag(tag: ts.JSDocTag): boolean {
  if (tag.tagName.text !== "throws" && tag.tagName.text !== "exception") return false;
  const type = typescript.isJSDocThrowsTag(tag) ? tag.typeExpression?.type : undefined;
  return !(type && typescript.isTypeReferenceNode(type) && typescript.isIdentifier(type.typeName) && type.typeName.text === "TypeError");
}

function contains(outer: ThrowTarget, inner: ThrowTarget): boolean {
  return outer.getSourceFile() === inner.getSourceFile() && outer.pos <= inner.pos && inner.end <= outer.end && outer !== inner;
}

/** What `no-throw-in-tool-handler` follows in a file: function declarations and `const`/`let`-bound functions. */
function isPerFileFunction(target: ThrowTarget, file: ts.SourceFile): boolean {
  if (target.getSourceFile() !== file) return false;
  if (typescript.isFunctionDeclaration(target)) return true;
  return (typescript.isArrowFunction(target) || typescript.isFunctionExpression(target)) && typescript.isVariableDeclaration(target.parent);
}

function isPromiseReject(call: ts.CallExpression): boolean {
  const callee = unwrapTs(call.expression);
  return (
    typescript.isPropertyAccessExpression(callee) &&
    callee.name.text === "reject" &&
    typescript.isIdentifier(callee.expression) &&
    callee.expression.text === "Promise"
  );
}

/**
 * A rejection leaves `fn` when returned from it (a `try` does not catch a returned promise), or
 * when awaited or returned from a nested function outside a `try`.
 */
function rejectionEscapes(call: ts.CallExpression, fn: TsFunction): boolean {
  let child: ts.Node = call;
  while (typescript.isParenthesizedExpression(child.parent)) child = child.parent;
  const parent = child.parent;
  const returned = typescript.isReturnStatement(parent) || (typescript.isArrowFunction(parent) && parent.body === child);
  if (returned && (typescript.isArrowFunction(parent) ? parent : ownFunction(parent)) === fn) return true;
  return (returned || typescript.isAwaitExpression(parent)) && !isCaughtTs(call, fn);
}

const analysisFor = perProgram((program, key) => {
  const analysis = new ThrowAnalysis(program, JSON.parse(key) as ThrowOptions);
  if (throwAnalysisChannel.hasSubscribers) throwAnalysisChannel.publish({ program });
  return analysis;
});

/** The throw analysis of `program` for these options, built once per program and options. */
export function getThrowAnalysis(program: ts.Program, options: ThrowOptions): ThrowAnalysis {
  return analysisFor(program, JSON.stringify({ allow: [...options.allow].sort(), checkThrowsTags: options.checkThrowsTags }));
}
