import ts from "typescript";
import { describe, expect, it } from "vitest";
import { resolveFunctions } from "../../../src/model/typescript/resolve.js";
import { functionName } from "../../../src/model/typescript/ts-nodes.js";

/** A one-file program: the tool factories and the loop that registers what they return. */
function registeredHandlers(source: string): string[] {
  const fileName = "/server.ts";
  const host = ts.createCompilerHost({ strict: true, noEmit: true });
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, version) =>
    name === fileName ? ts.createSourceFile(name, source, version, true) : ts.createSourceFile(name, readFile(name) ?? "", version, true);
  const program = ts.createProgram([fileName], { strict: true, noEmit: true, types: [] }, host);
  const file = program.getSourceFile(fileName);
  let handlerArgument: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "registerTool") {
      handlerArgument = node.arguments.at(-1);
    }
    ts.forEachChild(node, visit);
  };
  if (file) visit(file);
  if (!handlerArgument) throw new Error("the source registers no tool");
  const { functions } = resolveFunctions(program.getTypeChecker(), handlerArgument, { throughWrappers: true });
  return functions.map((fn) => `${functionName(fn)}:${String(file?.getLineAndCharacterOfPosition(fn.getStart()).line ?? -1)}`);
}

const transport = `declare const transport: { registerTool(schema: object, handler: (args: Record<string, unknown>) => unknown): void };`;

describe("resolveFunctions: a property of the objects tool factories return", () => {
  it("reads `tool.handler` from the factories when each returns object literals with their own handler", () => {
    const handlers = registeredHandlers(`${transport}
function createReadFile() {
  return { schema: { name: "read_file" }, handler: async (args: Record<string, unknown>) => String(args.path) };
}
function createSearch() {
  const handler = async (args: Record<string, unknown>) => String(args.query);
  return { schema: { name: "search" }, handler };
}
for (const tool of [createReadFile(), createSearch()]) transport.registerTool(tool.schema, tool.handler);`);
    expect(handlers.sort()).toEqual(["handler:2", "handler:5"]);
  });

  it("still asks the checker when a factory returns something else than an object literal", () => {
    const handlers = registeredHandlers(`${transport}
const listFiles = { schema: { name: "list_files" }, handler: async (args: Record<string, unknown>) => [String(args.dir)] };
function createReadFile() {
  return { schema: { name: "read_file" }, handler: async (args: Record<string, unknown>) => String(args.path) };
}
function createListFiles() {
  return listFiles;
}
for (const tool of [createReadFile(), createListFiles()]) transport.registerTool(tool.schema, tool.handler);`);
    expect(handlers.sort()).toEqual(["handler:1", "handler:3"]);
  });

  it("resolves a factory with a declared return type", () => {
    const handlers = registeredHandlers(`${transport}
interface Tool { schema: object; handler: (args: Record<string, unknown>) => Promise<string> }
function createReadFile(): Tool {
  return { schema: { name: "read_file" }, handler: async (args) => String(args.path) };
}
const tool = createReadFile();
transport.registerTool(tool.schema, tool.handler);`);
    expect(handlers).toEqual(["handler:3"]);
  });
});
