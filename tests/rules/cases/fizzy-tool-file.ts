/* A FastMCP tool object in a tool file, shared by the throw rule's tests and require-is-error's: FastMCP or not by its imports. */

/**
 * Fizzy's card tool, an object of `src/tools/` that the server hands to `addTool` where the file imports `fastmcp`:
 * `imports` on line 2, `failure` (what it does where the card is missing) from line 11.
 */
export const FIZZY_CARD_TOOL_FILE = (imports: string, failure: string): string => `
${imports}
import { z } from "zod";
import { getFizzyClient } from "../client/index.js";
export const cardTool = {
  name: "fizzy_get_card",
  description: "Get a card",
  parameters: z.object({ card_id: z.string() }),
  execute: async (args: { card_id: string }) => {
    const result = await getFizzyClient().getCard(args.card_id);
    ${failure}
    return JSON.stringify(result.value);
  },
};`;
