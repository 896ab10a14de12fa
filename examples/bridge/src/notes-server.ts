import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

const notes = new Map<string, string>([["welcome", "Notes live in the bridge's memory."]]);

/** SDK v2 (`@modelcontextprotocol/server`): `read_note` and `delete_note` show what the SDK does with a throw and what a client does with an error result. */
export function createNotesServer(): McpServer {
  const server = new McpServer({ name: "bridge-notes", version: "2.0.0" });

  /**
   * Breaks no-throw-in-tool-handler: v2's McpServer turns the throw into an error result with the raw
   * message and no "Error: " prefix (`reportConvertedThrows: false` accepts that on purpose).
   */
  server.registerTool(
    "read_note",
    { description: "Read a note", inputSchema: z.object({ id: z.string() }), outputSchema: z.object({ text: z.string() }) },
    async ({ id }) => {
      const text = notes.get(id);
      if (text === undefined) {
        throw new Error(`note ${id} does not exist`);
      }
      return { content: [{ type: "text", text }], structuredContent: { text } };
    },
  );

  /**
   * Breaks error-result-content: an error result with `structuredContent`, which v1.x clients check against
   * the success `outputSchema` (failing the call with -32602), and one that says nothing.
   */
  server.registerTool(
    "delete_note",
    { description: "Delete a note", inputSchema: z.object({ id: z.string() }), outputSchema: z.object({ deleted: z.boolean() }) },
    async ({ id }) => {
      if (id === "welcome") {
        return { content: [], isError: true };
      }
      if (!notes.delete(id)) {
        return { content: [{ type: "text", text: `Error: note ${id} does not exist` }], structuredContent: { deleted: false }, isError: true };
      }
      return { content: [{ type: "text", text: `Deleted note ${id}` }], structuredContent: { deleted: true } };
    },
  );
  return server;
}
