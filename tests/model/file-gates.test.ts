import { describe, expect, it } from "vitest";
import { TextGates } from "../../src/model/file-gates.js";
import { getMcpSettings } from "../../src/model/settings.js";

const untyped = (text: string, raw: Record<string, unknown> = {}) =>
  new TextGates(text, getMcpSettings({ "mcp-tool-errors": raw }), false, () => false);

describe("TextGates", () => {
  it("opens the tool-result gate on `content`, or on the last name of a configured error helper", () => {
    expect(untyped(`return { content: [{ type: "text", text: "Error: not found" }], isError: true };`).toolResults).toBe(true);
    expect(untyped(`res.setHeader("contentType", "json");`).toolResults).toBe(false);
    expect(untyped(`return errors.toolFailure("not found");`, { errorHelpers: [{ name: "errors.toolFailure" }] }).toolResults).toBe(true);
  });

  it("opens the protocol-error gate on a protocol-error name, `jsonrpc`, or a reserved code", () => {
    expect(untyped(`throw new McpError(ErrorCode.InvalidParams, "bad path");`).protocolErrors).toBe(true);
    expect(untyped(`return { jsonrpc: "2.0", id, error: { code, message } };`).protocolErrors).toBe(true);
    expect(untyped(`return { code: -32601 };`).protocolErrors).toBe(true);
    expect(untyped(`return { code: - 32602 };`).protocolErrors).toBe(true);
    // The tool tier's own names, a code of another range, a longer number.
    expect(untyped(`return { code: ToolErrorCodes.NOT_FOUND, retry: -3260, id: -3260112 };`).protocolErrors).toBe(false);
    expect(untyped(`if (code === DbErrorCodes.Conflict) retry();`, { protocolErrors: { names: ["DbErrorCodes"] } }).protocolErrors).toBe(
      true,
    );
  });

  it("opens the handler gate on a registration, a definition or a handler property, and in a tool file", () => {
    expect(untyped(`server.registerTool("search", { inputSchema }, async (args) => run(args));`).handlers).toBe(true);
    expect(untyped(`const searchHandler = makeHandler(); registerToolbar(searchHandler);`).handlers).toBe(false);
    // MCP Apps' registration function, and a longer name that starts like it.
    expect(untyped(`registerAppTool(server, "show_forecast", config, async ({ city }) => forecast(city));`).handlers).toBe(true);
    expect(untyped(`registerAppToolbar(server, "weather", toolbarConfig);`).handlers).toBe(false);
    expect(new TextGates("export const retries = 3;", getMcpSettings({}), false, () => true).handlers).toBe(true);
  });

  it("keeps the result and handler gates open with type information, which may bring them from another file", () => {
    const gates = new TextGates("export const retries = 3;", getMcpSettings({}), true, () => false);
    expect([gates.toolResults, gates.handlers, gates.protocolErrors]).toEqual([true, true, false]);
  });
});
