import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nodeAt } from "../../src/util/node-at.js";
import { runProbe } from "../model/probe.js";

describe("nodeAt", () => {
  it("finds the node ESLint's getNodeByRangeIndex finds, at every 13th offset of the example servers", () => {
    const root = fileURLToPath(new URL("../../examples/", import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.includes("node_modules"),
    );
    let compared = 0;
    for (const file of files) {
      runProbe(readFileSync(path.join(root, file), "utf8"), (context) => ({
        "Program:exit"() {
          const { sourceCode } = context;
          for (let offset = 0; offset <= sourceCode.text.length; offset += 13) {
            expect(nodeAt(sourceCode, offset) ?? null, `${file} at ${String(offset)}`).toBe(sourceCode.getNodeByRangeIndex(offset));
            compared++;
          }
        },
      }));
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
