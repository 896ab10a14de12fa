import { success } from "./utils.js";

interface Browser {
  fetch(url: string): Promise<{ status: number; body: string }>;
}

/**
 * Breaks require-is-error twice: an error text returned without `isError` (the text alone is the
 * evidence, so the rule only suggests the fix), and a catch that returns the failure as a plain string.
 */
export function createFetchPageTool(browser: Browser) {
  return {
    schema: {
      name: "fetch_page",
      description: "Fetch a web page as text",
      inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
    },
    handler: async (args: { url: string }) => {
      if (!args.url.startsWith("https://")) {
        return { content: [{ type: "text" as const, text: "error - only https URLs are allowed" }] };
      }
      try {
        const page = await browser.fetch(args.url);
        // Not an error text: the word comes later, and a status report is a success.
        return success(page.status === 200 ? page.body : `Fetched with status ${page.status}; error page follows:\n${page.body}`);
      } catch (err) {
        return `Could not fetch ${args.url}: ${err instanceof Error ? err.message : String(err)}`;
      }
    },
  };
}
