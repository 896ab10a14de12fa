import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { PrefixChecker, prefixChecker } from "../../src/model/error-prefix.js";
import { replaceTextStart } from "../../src/fix/replace-text-start.js";
import { staticPrefix } from "../../src/model/error-text.js";
import { runProbe } from "./probe.js";

const check = (text: string, checker: PrefixChecker = prefixChecker("Error: "), complete = true) => checker.check({ text, complete });

describe("PrefixChecker with the default prefix", () => {
  it("accepts texts that start with the prefix", () => {
    expect(check("Error: file not found")).toBeUndefined();
    expect(check("Error: Error getting page")).toBeUndefined();
  });

  it("finds variants of the prefix: other case, other separator, other spacing", () => {
    expect(check("error: file not found")).toEqual({ kind: "variant", length: 7 });
    expect(check("ERROR: file not found")).toEqual({ kind: "variant", length: 7 });
    expect(check("Error:file not found")).toEqual({ kind: "variant", length: 6 });
    expect(check("Error - file not found")).toEqual({ kind: "variant", length: 8 });
    expect(check("Error- file not found")).toEqual({ kind: "variant", length: 7 });
    expect(check("error :  file not found")).toEqual({ kind: "variant", length: 9 });
  });

  it("tells a word of its own from a variant", () => {
    expect(check("Error getting page: 404")).toEqual({ kind: "word" });
    expect(check("Error [E42]: quota")).toEqual({ kind: "word" });
    expect(check("❌ **Error opening form**")).toEqual({ kind: "word" });
    expect(check("Error-prone input")).toEqual({ kind: "word" });
  });

  it("reports a missing prefix", () => {
    expect(check("Failed to read file")).toEqual({ kind: "missing" });
    expect(check("Errors were found")).toEqual({ kind: "missing" });
  });

  it("finds the prefix twice, in any of its forms", () => {
    expect(check("Error: Error: file not found")).toEqual({ kind: "double", length: 14 });
    expect(check("error: Error - Error: x")).toEqual({ kind: "double", length: 22 });
    expect(check("Error: Error getting page")).toBeUndefined();
  });

  it("cannot tell when an incomplete text may still become the prefix (a variant is still one)", () => {
    expect(check("Err", undefined, false)).toBeUndefined();
    expect(check("Error", undefined, false)).toBeUndefined();
    expect(check("Error:", undefined, false)).toEqual({ kind: "variant", length: 6 });
    expect(check("Could not ", undefined, false)).toEqual({ kind: "missing" });
  });
});

describe("PrefixChecker with custom prefixes", () => {
  it("accepts the accepted prefixes as they are", () => {
    const checker = prefixChecker("Error: ", ["### Error", "Failed: "]);
    expect(check("### Error\nno such page", checker)).toBeUndefined();
    expect(check("Failed: timeout", checker)).toBeUndefined();
    expect(check("failed: timeout", checker)).toEqual({ kind: "missing" });
  });

  it("gives a prefix ending in a separator both separators, any case", () => {
    const checker = prefixChecker("Failed - ");
    expect(check("FAILED - x", checker)).toEqual({ kind: "variant", length: 9 });
    expect(check("failed: x", checker)).toEqual({ kind: "variant", length: 8 });
    expect(check("Failed to connect", checker)).toEqual({ kind: "word" });
  });

  it("gives any other prefix only case variants", () => {
    const checker = new PrefixChecker("[ERROR] ", []);
    expect(check("[error] x", checker)).toEqual({ kind: "variant", length: 8 });
    expect(check("ERROR: x", checker)).toEqual({ kind: "word" });
    expect(check("[ERROR] [ERROR] x", checker)).toEqual({ kind: "double", length: 16 });
  });

  it("measures the leading run of a prefix for prefixing helpers", () => {
    expect(prefixChecker("Error: ").leadingLength("Error: Error: x")).toBe(14);
    expect(prefixChecker("Error: ").leadingLength("file not found")).toBe(0);
  });
});

describe("replaceTextStart", () => {
  function firstLiteral(code: string) {
    let literal: ReturnType<typeof staticPrefix>;
    runProbe(code, () => ({
      "VariableDeclarator > :expression"(node: TSESTree.Node) {
        literal ??= staticPrefix(node);
      },
    }));
    if (!literal) throw new Error("no text literal");
    return literal.literal;
  }

  it("edits a string literal's first characters, escaped for its quotes", () => {
    const literal = firstLiteral(`const text = 'error: it failed';`);
    expect(replaceTextStart(literal, 7, "Error: ")).toEqual({ range: [14, 21], text: "Error: " });
    expect(replaceTextStart(firstLiteral(`const text = 'x';`), 0, "It's: ")).toEqual({ range: [14, 14], text: String.raw`It\'s: ` });
  });

  it("edits a template's first quasi and escapes for templates", () => {
    expect(replaceTextStart(firstLiteral("const text = `Error:${m}`;"), 6, "Error: ")).toEqual({ range: [14, 20], text: "Error: " });
    expect(replaceTextStart(firstLiteral("const text = `x`;"), 0, "${a}")).toEqual({ range: [14, 14], text: "\\${a}" });
  });

  it("gives up where escape sequences make the source differ from the value", () => {
    expect(replaceTextStart(firstLiteral(String.raw`const text = "\u0065rror: x";`), 7, "Error: ")).toBeUndefined();
  });
});
