/** Escaping for the text a fix writes inside a literal. */

/** Escapes text for the inside of a template literal. */
export function escapeForTemplate(text: string): string {
  return text.replace(/[`\\]|\$\{/gu, (match) => `\\${match}`);
}

/** Escapes text for the inside of a string literal quoted with `quote`. */
export function escapeForQuote(text: string, quote: string): string {
  return text.replace(/\\/gu, "\\\\").replaceAll(quote, `\\${quote}`).replace(/\n/gu, "\\n").replace(/\r/gu, "\\r");
}
