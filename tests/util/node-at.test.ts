import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { nodeAt } from "../../src/util/node-at.js";
import { runProbe } from "../model/probe.js";

const root = fileURLToPath(new URL("../../examples/", import.meta.url));
const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.includes("node_modules"),
);

describe("nodeAt", () => {
  it("finds the node ESLint's getNodeByRangeIndex finds, at every 13th offset of the example servers", () => {
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

  it("finds the same node when it starts from a node found before, near the offset or far from it", () => {
    let compared = 0;
    for (const file of files) {
      runProbe(readFileSync(path.join(root, file), "utf8"), (context) => ({
        "Program:exit"() {
          const { sourceCode } = context;
          let previous: TSESTree.Node | undefined;
          // The middle of the file: offsets before it climb far, after it descend from a sibling.
          const far = nodeAt(sourceCode, Math.floor(sourceCode.text.length / 2));
          for (let offset = 0; offset <= sourceCode.text.length; offset += 7) {
            const expected = sourceCode.getNodeByRangeIndex(offset);
            previous = nodeAt(sourceCode, offset, previous);
            expect(previous ?? null, `${file} at ${String(offset)}, from the previous offset's node`).toBe(expected);
            expect(nodeAt(sourceCode, offset, far) ?? null, `${file} at ${String(offset)}, from the middle's node`).toBe(expected);
            compared++;
          }
        },
      }));
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
