/*
 * A table of tool definitions that its own file loops over to register each tool (cloudflare's CASB tools): the
 * registered callback calls the entry's handler inside its `try`, and `onError` is that `try`'s `catch` body.
 */

/** The catch body that answers with an error result: the loop guards the entries. */
export const RETURNS_ERROR_RESULT = 'return { content: [{ type: "text", text: `Error: ${String(error)}` }], isError: true };';

/** A catch body that logs and rethrows: the entries are not guarded. */
export const RETHROWS = 'console.error("integration tool failed", error);\n        throw error;';

/** The integration tools; the entry's handler starts on line 7 at column 14 and throws on line 8 at column 25. */
export const INTEGRATION_TOOLS = (onError: string): string => `
import { z } from "zod";
import { fetchIntegration } from "../api/integrations.js";
const toolDefinitions = [
  {
    name: "integration_by_id",
    handler: async ({ integrationId, accountId }: { integrationId: string; accountId: string }) => {
      if (!integrationId) throw new Error("integrationId is required");
      const integration = await fetchIntegration(accountId, integrationId);
      return { integration };
    },
  },
];
export function registerIntegrationTools(context: McpRegistrationContext) {
  toolDefinitions.forEach(({ name, handler }) => {
    context.accountTool(name, { inputSchema: z.object({ integrationId: z.string() }) }, async (toolParams, accountId) => {
      try {
        const result = await handler({ ...toolParams, accountId });
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      } catch (error) {
        ${onError}
      }
    });
  });
}`;
