/** What is wrong with the start of an error text, relative to the expected prefix. */
export type PrefixFinding =
  /** The first `length` characters hold the prefix (or its variants) more than once. */
  | { kind: "double"; length: number }
  /** The first `length` characters are a variant of the prefix: `error: `, `ERROR - `, `Error:`. */
  | { kind: "variant"; length: number }
  /** The text starts with the prefix's word in a form of its own (`Error getting page: ...`). */
  | { kind: "word" }
  /** The prefix, or a variant of it, stands after decoration (`❌ Error: ...`): a prefix put before it would be a second. */
  | { kind: "decorated" }
  | { kind: "missing" };

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/gu, "\\$&");

/**
 * Punctuation, symbols (emoji, with their variation selectors and joiners) and spaces that may stand before a text's
 * first word: `❌ **Error`, `⚠️ Failed to`. Not the ellipsis that stands for an interpolation in a text's shape
 * (`${path} error: ...` opens with a value).
 */
export const DECORATION = String.raw`(?:(?!\u2026)[\p{P}\p{S}\p{M}\s\u200d])*`;
const LEADING_DECORATION = new RegExp(`^${DECORATION}`, "u");

/**
 * How texts are checked against one expected prefix (`errorPrefix`, default `"Error: "`) and the
 * other prefixes a project accepts. A prefix that ends in `:` or `-` has as variants its word in any
 * case with either separator and any spacing; any other prefix, only case variants.
 */
export class PrefixChecker {
  readonly prefix: string;
  private readonly accepted: readonly string[];
  /** The prefix or one of its variants at the start of a text. */
  private readonly leading: RegExp;
  /** The prefix's word at the start of a text, after decoration. */
  private readonly word: RegExp | undefined;
  /** For the word `error`, a label that names an error in another language and ends in a colon (`エラー:`). */
  private readonly localizedWord: RegExp | undefined;

  constructor(prefix: string, accepted: readonly string[]) {
    this.prefix = prefix;
    this.accepted = [prefix, ...accepted];
    const core = prefix.trimEnd();
    const separated = /[:-]$/u.test(core);
    const stem = separated ? core.slice(0, -1).trimEnd() : core;
    // `Error - ` and `Error-  ` are separators; `Error-prone` is a word and `error -1` a number.
    const variant = separated ? `${escapeRegExp(stem)}(?:[ \\t]*:|[ \\t]*-(?=[ \\t]|$))` : escapeRegExp(stem);
    this.leading = new RegExp(`^(?:${escapeRegExp(prefix)}|${variant}[ \\t]*)`, "iu");
    const word = stem.replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, "");
    this.word = word === "" ? undefined : new RegExp(`^${DECORATION}${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "iu");
    this.localizedWord = word.toLowerCase() === "error" ? LOCALIZED_ERROR_LABEL : undefined;
  }

  /** How many leading characters of `text` are the prefix or its variants, repeated (0 when none). */
  leadingLength(text: string): number {
    return this.repeatedFrom(text, this.leading.exec(text)?.[0].length ?? 0);
  }

  /** `leadingLength`, given the length of the first match (0 when none): each text's first match is read once. */
  private repeatedFrom(text: string, once: number): number {
    if (once === 0) return 0;
    let length = once;
    for (let match = this.leading.exec(text.slice(length)); match?.[0]; match = this.leading.exec(text.slice(length))) {
      length += match[0].length;
    }
    return length;
  }

  /** The text starts with the prefix, a variant of it, or an accepted prefix. */
  startsWithAccepted(text: string): boolean {
    return this.leading.test(text) || this.accepted.some((accepted) => text.startsWith(accepted));
  }

  /** What is wrong with a text's static prefix; undefined when it is fine or cannot be told. */
  check({ text, complete }: { text: string; complete: boolean }): PrefixFinding | undefined {
    const once = this.leading.exec(text)?.[0].length ?? 0;
    const leading = this.repeatedFrom(text, once);
    if (leading > once) return { kind: "double", length: leading };
    if (this.accepted.some((accepted) => text.startsWith(accepted))) return undefined;
    if (once > 0) return { kind: "variant", length: once };
    // `Err${x}` or `"Error" + sep`: what follows may complete an accepted prefix.
    if (!complete && this.accepted.some((accepted) => accepted.startsWith(text))) return undefined;
    if (this.localizedWord?.test(text)) return { kind: "word" };
    if (!this.word?.test(text)) return { kind: "missing" };
    return this.leading.test(text.replace(LEADING_DECORATION, "")) ? { kind: "decorated" } : { kind: "word" };
  }
}

/**
 * A text that opens (after decoration) with a short label naming an error in another language, ended by a colon:
 * `エラー: ...`, `ツール実行エラー: ...`, `오류 [NOT_FOUND]: ...`, `错误：...`, `Erro: ...`, `Fehler: ...`, `Ошибка: ...` (English
 * words are the prefix's own: `word`). It says so in its own words: the prefix stacked before it is a suggestion, as
 * before `Error getting page:`.
 */
const LOCALIZED_ERROR_LABEL = new RegExp(
  String.raw`^${DECORATION}[^:：\n]{0,24}(?:エラー|错误|錯誤|오류|에러|(?<![\p{L}\p{N}])(?:erro|fehler|erreur|errore|ошибка|fout|błąd|hata)(?![\p{L}\p{N}]))[^:：\n]{0,24}[:：]`,
  "iu",
);

/**
 * A text that opens with a label that is an error in another language, the label's last word being that word:
 * `エラー: ...`, `ツール実行エラー: ...`, `错误：...`, `Fehler: ...`, `Erreur : ...`. It says the tool failed, as `Error:` does;
 * `エラーログ: 3件` (an error log) and `Fehler gefunden: 0` (errors found) do not.
 */
export const LOCALIZED_ERROR_WORD = new RegExp(
  String.raw`^${DECORATION}(?:[^:：\n]{0,24}(?:エラー|错误|錯誤|오류|에러)|(?:erro|fehler|erreur|errore|ошибка|fout|błąd|hata))\s*[:：]`,
  "iu",
);

const NO_ACCEPTED_PREFIXES: readonly string[] = [];

/** Checkers by accepted prefixes (the settings' own array, the same for every file) and prefix. */
const checkers = new WeakMap<readonly string[], Map<string, PrefixChecker>>();

/** The checker for `prefix` and the accepted prefixes, built once per distinct pair. */
export function prefixChecker(prefix: string, accepted: readonly string[] = NO_ACCEPTED_PREFIXES): PrefixChecker {
  let byPrefix = checkers.get(accepted);
  if (!byPrefix) {
    byPrefix = new Map();
    checkers.set(accepted, byPrefix);
  }
  let checker = byPrefix.get(prefix);
  if (!checker) {
    checker = new PrefixChecker(prefix, accepted);
    byPrefix.set(prefix, checker);
  }
  return checker;
}
