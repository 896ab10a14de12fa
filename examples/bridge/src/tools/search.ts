import { success } from "./utils.js";

interface SearchIndex {
  query(text: string, limit: number): Promise<string[]>;
}

/**
 * Breaks require-is-error and error-text-prefix: `isError` on the content item instead of the
 * result, an error text without the "Error: " prefix, and the prefix written twice.
 */
export function createSearchTool(index: SearchIndex) {
  return {
    schema: {
      name: "search",
      description: "Search the workspace index",
      inputSchema: { type: "object", properties: { query: { type: "string" }, limit: { type: "number" } } },
    },
    handler: async (args: { query?: string; limit?: number }) => {
      const limit = args.limit ?? 10;
      if (!args.query) {
        return { content: [{ type: "text" as const, text: "Error: query is required", isError: true }] };
      }
      if (limit > 100) {
        return { content: [{ type: "text" as const, text: `Limit ${limit} is too high (at most 100)` }], isError: true };
      }
      try {
        const hits = await index.query(args.query, limit);
        return success(hits.length > 0 ? hits.join("\n") : "No matches");
      } catch (err) {
        return {
          content: [{ type: "text" as const, text: `Error: Error: ${err instanceof Error ? err.message : String(err)}` }],
          isError: true,
        };
      }
    },
  };
}
