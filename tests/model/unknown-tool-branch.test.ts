import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { runProbe } from "./probe.js";
import { modelOf } from "./probe.js";

/** The lines of the `throw` statements that sit in the unknown-tool branch of their handler. */
function unknownToolThrows(code: string): number[] {
  const lines: number[] = [];
  runProbe(
    code,
    (context) => ({
      ThrowStatement(node: TSESTree.ThrowStatement) {
        if (modelOf(context).handlers.isInUnknownToolBranch(node)) lines.push(node.loc.start.line);
      },
    }),
    { filename: "src/server.ts" },
  );
  return lines;
}

describe("isInUnknownToolBranch", () => {
  it("is the default clause of a switch on request.params.name", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search": throw new Error("search is down");
    default: throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
});`),
    ).toEqual([5]);
  });

  it("is the last else of a chain of ifs on the name that throws an unknown-tool error, not one a test without it reaches", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  let result: unknown;
  if (courseToolNames.includes(name)) {
    result = await courseTools.handleToolCall(name, args);
  } else if (userToolNames.includes(name)) {
    result = await userTools.handleToolCall(name, args);
  } else {
    throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  }
  if (name === "sync_grades") {
    result = await syncGrades(args);
  } else if (args?.dryRun) {
    result = { planned: true };
  } else {
    throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
  if (quizToolNames.includes(name)) {
    result = await quizTools.handleToolCall(name, args);
  } else {
    throw new McpError(ErrorCode.InternalError, "Canvas is unreachable");
  }
  return { content: [{ type: "text", text: JSON.stringify(result) }] };
});`),
    ).toEqual([10]);
  });

  it("follows a name destructured from request.params, aliased or from the parameter", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name: toolName, arguments: args } = request.params;
  switch (toolName) { default: throw new McpError(ErrorCode.MethodNotFound, toolName); }
});
server.setRequestHandler("tools/call", async ({ params: { name } }) => {
  switch (name) { default: throw new Error(\`Unknown tool: \${name}\`); }
});`),
    ).toEqual([4, 7]);
  });

  it("counts a finder called with the requested name as a lookup, not any call with it", () => {
    expect(
      unknownToolThrows(`
class OpenApiProxy {
  register() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: params } = request.params;
      const operation = this.findOperation(name);
      if (!operation) throw new Error(\`Method \${name} not found\`);
      const result = await runOperation(name, params);
      if (!result) throw new Error("the operation returned nothing");
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    });
  }
}`),
    ).toEqual([7]);
  });

  it("is the consequent of an if that found no tool by that name", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  const other = toolList.find((t) => t.name === request.params.name);
  if (!other) { throw new Error("Unknown tool"); }
  const byKey = registry[request.params.name];
  if (!byKey) throw new Error("Unknown tool");
  if (!tools.has(request.params.name)) throw new Error("Unknown tool");
  return tool.run(request.params.arguments);
});`),
    ).toEqual([4, 6, 8, 9]);
  });

  it("reads the requested name through params destructured from the request and a const bound to it", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  switch (params.name) { default: throw new McpError(ErrorCode.MethodNotFound, "Unknown tool"); }
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const toolName = request.params.name;
  const tool = registry.get(toolName);
  if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, \`Unknown tool: \${toolName}\`);
  return tool.run(request.params.arguments);
});`),
    ).toEqual([3, 8]);
  });

  it("is the miss of every lookup shape: == null, in, Object.hasOwn, hasOwnProperty, a computed read", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  const handler = handlers[name];
  if (handler == null) throw new Error("no handler");
  if (!(name in handlers)) throw new Error("Unknown tool");
  if (!Object.hasOwn(handlers, name)) throw new Error("Unknown tool");
  if (!handlers.hasOwnProperty(name)) throw new Error("Unknown tool");
  if (!handlers[name]) throw new Error("Unknown tool");
  return handler(request.params.arguments);
});`),
    ).toEqual([5, 6, 7, 8, 9]);
  });

  it("is the fall-through throw after a switch or ifs on the name that all return, in the body or its try", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search":
      return search(request.params.arguments);
    case "fetch_page": {
      return fetchPage(request.params.arguments);
    }
  }
  throw new McpError(ErrorCode.MethodNotFound, \`Tool \${request.params.name} not found\`);
});
server.setRequestHandler("tools/call", async (request) => {
  const { name, arguments: args } = request.params;
  try {
    if (name === "search") return await search(args);
    if (name === "fetch_page") return await fetchPage(args);
    throw new Error(\`Unknown tool: \${name}\`);
  } catch (error) {
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`),
    ).toEqual([10, 17]);
  });

  it("is an if on a check of the name that only throws a disabled-tool error (SDK v2 answers it as an unknown tool)", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: input = {} } = request.params;
  if (!isToolAllowed(name)) {
    throw new McpError(ErrorCode.InvalidRequest, \`Tool '\${name}' is not allowed under the current server configuration\`);
  }
  if (!this.config.enabledTools.includes(name)) throw new Error(\`Tool \${name} is disabled\`);
  if (!hasQuota(name)) throw new McpError(ErrorCode.InternalError, "Quota exceeded for this tool");
  if (!isToolAllowed(input.target)) throw new Error("Target not allowed");
  if (!isToolAllowed(name)) {
    audit.log(name);
    throw new Error("Tool not allowed");
  }
  const tool = registeredTools[name];
  if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Tool \${name} not found\`);
  if (!tool.enabled) throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Tool \${name} disabled\`);
  if (tool.deprecated) throw new Error(\`Tool \${name} is not available any more\`);
  if (!tool.inputSchema) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "the tool has no input schema");
  if (!input.enabled) throw new Error("Tool disabled");
  if (!validateArguments(name, input)) throw new McpError(ErrorCode.InvalidParams, "invalid arguments for this tool");
  return dispatch(name, input);
});`),
    ).toEqual([5, 7, 15, 16, 17]);
  });

  it("is an if whose test says the request names no tool, also an || of such tests, whatever it throws; not one mixing in the arguments", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (!name || typeof name !== "string") {
    throw new Error("Invalid tool name provided");
  }
  if (!name || !args) throw new Error("Invalid request: name and arguments are required");
  if (typeof name !== "string" || name.length > 64) throw new Error("Invalid tool name provided");
  return proxy.callTool({ name, arguments: args });
});`),
    ).toEqual([5]);
  });

  it("reads the name through a const bound to the params, and a test that the request has no params at all; not a tool argument called name", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (!request.params || typeof request.params !== "object") {
    throw new McpError(ErrorCode.InvalidParams, "Invalid request parameters");
  }
  const params = request.params;
  const name = params.name;
  if (!name || typeof name !== "string") throw new McpError(ErrorCode.InvalidParams, "Missing or invalid tool name");
  const tool = tools.get(name);
  if (!tool) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  const input = params.arguments;
  if (!input || typeof input !== "object") throw new Error("arguments must be an object");
  if (!input.name) throw new Error("name is required");
  if (typeof params.arguments !== "object") throw new Error("arguments must be an object");
  return tool.handler(input);
});`),
    ).toEqual([4, 8, 10]);
  });

  it("reads the name and the params through an optional chain; not a tool argument called name read so", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (!request.params?.name) {
    throw new Error("Command name is required");
  }
  if (!request?.params) throw new Error("Missing request parameters");
  if (!request.params.arguments?.name) throw new Error("The branch name is required");
  const command = commands[request.params.name];
  if (!command) throw new Error(\`Unknown tool: \${request.params.name}\`);
  return run(command, request.params.arguments);
});`),
    ).toEqual([4, 6, 9]);
  });

  it("reads the params through a default of an empty object; not through one that supplies a name", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request: unknown) => {
  const req = request as { params?: Record<string, unknown> } | undefined;
  const params = req?.params ?? {};
  const rawName = params.name;
  if (typeof rawName !== "string") throw new Error("Tool name must be a string");
  return runLedgerTool(rawName, params.arguments ?? {});
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const params = request.params ?? { name: "default_report" };
  if (!params.name) throw new Error("Tool name is required");
  return runReport(params.name);
});`),
    ).toEqual([6]);
  });

  it("is an if on a tool's flag looked up by the name, also beside another condition, that throws an inactive- or disabled-tool error", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (capabilities.includes("TOOLS_MANAGEMENT") && inactiveTools[name]) {
    throw new Error(\`Tool is inactive: \${name}\`);
  }
  if (disabledTools[name]) throw new Error(\`Tool \${name} is disabled\`);
  if (maintenance[name]) throw new Error(\`Tool \${name} is under maintenance\`);
  if (inactiveTools[args.target]) throw new Error("Target is inactive");
  return proxy.callTool({ name, arguments: args });
});`),
    ).toEqual([5, 7]);
  });

  it("is a rate-limit guard nested in the dispatcher's own ifs and try, after a const, not one under an if on the name", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  try {
    if (rateLimiter) {
      const tokens = Math.ceil(JSON.stringify(args).length / 4);
      if (!rateLimiter.checkLimit("default-client", tokens)) {
        const info = rateLimiter.getClientInfo("default-client");
        throw new McpError(ErrorCode.InvalidRequest, \`Rate limit exceeded: \${info?.count ?? 0} requests this hour\`);
      }
    }
    if (name === "consult") {
      const quota = await expertApi.quota();
      if (quota.remaining === 0) throw new Error("Expert API rate limit exceeded");
      return { content: [{ type: "text", text: await expertApi.ask(String(args?.question)) }] };
    }
    throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
  } catch (error) {
    if (error instanceof McpError) throw error;
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`),
    ).toEqual([9, 17]);
  });

  it("is an if of the dispatcher's own body that turns a rate-limited request away, not the same throw in a tool's branch", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args } = request.params;
  if (rateLimited[name]) throw new Error(\`Rate limit reached for \${name}\`);
  if (!limiter.allow(extra.sessionId)) {
    throw new McpError(ErrorCode.InvalidRequest, "Too many requests, slow down");
  }
  if (!limiter.healthy()) throw new Error("Limiter unavailable");
  switch (name) {
    case "search": {
      const response = await searchApi(args);
      if (response.status === 429) throw new Error("Search API rate limit exceeded");
      return response.result;
    }
  }
});`),
    ).toEqual([4, 6]);
  });

  it("reads the name through a callback that a call is given the params with (a validating wrapper), not any callback", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return await handleRequest("call_tool", request.params, async (validatedParams) => {
    const { name, arguments: params } = validatedParams;
    const handler = toolHandlers[name as keyof typeof toolHandlers];
    if (!handler) throw new Error(\`Tool not found: \${name}\`);
    return handler(params ?? {});
  });
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return await handleRequest("call_tool", request.params.arguments, async (validatedArguments) => {
    const { name } = validatedArguments;
    const handler = toolHandlers[name];
    if (!handler) throw new Error(\`Tool not found: \${name}\`);
    return handler(validatedArguments);
  });
});`),
    ).toEqual([6]);
  });

  it("is not a fall-through when a case can fall out, the throw says something else, or it is not last", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search":
      log("searching");
    case "fetch_page":
      return fetchPage(request.params.arguments);
  }
  throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "search") return search(request.params.arguments);
  throw new Error("search backend is down");
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "search") return search(request.params.arguments);
  throw new Error("Unknown tool");
  cleanup();
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.arguments?.query === "") return { content: [] };
  throw new Error("not found");
});`),
    ).toEqual([]);
  });

  it("is nothing else: other switches, other lookups, other handler kinds", () => {
    expect(
      unknownToolThrows(`
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.arguments?.mode) { default: throw new Error("bad mode"); }
  const cached = cache.get(request.params.arguments?.key);
  if (!cached) throw new Error("cache miss");
  if (!request.params.arguments) throw new Error("missing arguments");
  return { content: [] };
});
server.registerTool("x", cfg, async ({ name }) => {
  switch (name) { default: throw new Error("not a dispatcher"); }
});`),
    ).toEqual([]);
  });
});
