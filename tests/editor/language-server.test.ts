import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint, type Linter, type Rule } from "eslint";
import {
  ApplyWorkspaceEditRequest,
  CodeAction,
  CodeActionRequest,
  type Command,
  ConfigurationRequest,
  createProtocolConnection,
  type Diagnostic,
  DiagnosticRefreshRequest,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExecuteCommandRequest,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  type ProtocolConnection,
  type Range,
  RegistrationRequest,
  RequestType,
  ShowMessageRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type TextEdit,
  UnregistrationRequest,
  type WorkspaceEdit,
  WorkDoneProgressCreateRequest,
} from "vscode-languageserver-protocol/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

// The server VS Code's ESLint extension runs, spoken to over stdio the way the extension's client does.
const require = createRequire(import.meta.url);
const serverPackage = path.dirname(require.resolve("vscode-langservers-extracted/package.json"));
const { bin } = require("vscode-langservers-extracted/package.json") as { bin: Record<string, string> };
const serverBin = path.join(serverPackage, bin["vscode-eslint-language-server"]);

const bridge = fileURLToPath(new URL("../../examples/bridge/", import.meta.url));
const fixture = fileURLToPath(new URL("../fixtures/editor/", import.meta.url));
const badSettings = fileURLToPath(new URL("../fixtures/editor-bad-settings/", import.meta.url));
const workspaceFolders = [bridge, fixture, badSettings].map((folder) => ({
  name: path.basename(folder),
  uri: pathToFileURL(folder).href.replace(/\/$/u, ""),
}));
const NAMESPACE = `${plugin.meta.namespace}/`;
const STEP_TIMEOUT = 20_000;

/** The per-document settings the extension's client answers `workspace/configuration` with (its defaults). */
function extensionSettings(scopeUri: string | undefined) {
  const workspaceFolder = workspaceFolders.find((folder) => scopeUri?.startsWith(`${folder.uri}/`));
  return {
    validate: "on",
    packageManager: "npm",
    useESLintClass: false,
    useFlatConfig: true,
    experimental: { useFlatConfig: false },
    codeAction: {
      disableRuleComment: { enable: true, location: "separateLine", commentStyle: "line" },
      showDocumentation: { enable: true },
    },
    codeActionOnSave: { mode: "all" },
    format: false,
    quiet: false,
    onIgnoredFiles: "off",
    options: {},
    rulesCustomizations: [],
    run: "onType",
    problems: { shortenToSingleLine: false },
    nodePath: null,
    workingDirectory: { mode: "location" },
    workspaceFolder,
  };
}

function withTimeout<T>(promise: Promise<T>, what: string, log: readonly string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${what}: no answer in ${String(STEP_TIMEOUT)} ms. Server log:\n${log.join("\n")}`));
    }, STEP_TIMEOUT);
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
    });
  });
}

/** What the ESLint Node API (the command line's engine) reports for a file, this plugin's rules only. */
async function nodeApiFindings(cwd: string, file: string): Promise<Linter.LintMessage[]> {
  const results = await new ESLint({ cwd }).lintFiles([file]);
  expect(results).toHaveLength(1);
  return results[0].messages.filter((message) => message.ruleId?.startsWith(NAMESPACE));
}

function toRange(message: Linter.LintMessage): Range {
  return {
    start: { line: message.line - 1, character: message.column - 1 },
    end: { line: (message.endLine ?? message.line) - 1, character: (message.endColumn ?? message.column) - 1 },
  };
}

/** Where `length` characters of the first `token` in `text` are, as an LSP range. */
function rangeOf(text: string, token: string, length = token.length): Range {
  const offset = text.indexOf(token);
  expect(offset, token).toBeGreaterThanOrEqual(0);
  const lines = text.slice(0, offset).split("\n");
  const start = { line: lines.length - 1, character: (lines.at(-1) ?? "").length };
  return { start, end: { line: start.line, character: start.character + length } };
}

function offsetAt(text: string, { line, character }: Range["start"]): number {
  let offset = 0;
  for (let current = 0; current < line; current++) offset = text.indexOf("\n", offset) + 1;
  return offset + character;
}

/** Applies LSP text edits (non-overlapping, as ESLint's fixes are) from the end backwards. */
function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const byOffset = edits
    .map((edit) => ({ start: offsetAt(text, edit.range.start), end: offsetAt(text, edit.range.end), newText: edit.newText }))
    .toSorted((a, b) => b.start - a.start);
  return byOffset.reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

function applyEslintFix(text: string, fix: Rule.Fix): string {
  return text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
}

describe("vscode-eslint-language-server on the plugin", { timeout: 60_000 }, () => {
  let server: ChildProcessWithoutNullStreams;
  let connection: ProtocolConnection;
  const log: string[] = [];
  const unexpected: string[] = [];
  const appliedEdits: WorkspaceEdit[] = [];
  const openDocs: string[] = [];

  beforeAll(async () => {
    server = spawn(process.execPath, [serverBin, "--stdio"], { cwd: path.dirname(bridge), stdio: "pipe" });
    server.stderr.on("data", (chunk: Buffer) => log.push(`[stderr] ${chunk.toString()}`));
    connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));

    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map((item) => extensionSettings(item.scopeUri)));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.onRequest(UnregistrationRequest.type, () => undefined);
    connection.onRequest(WorkDoneProgressCreateRequest.type, () => undefined);
    connection.onRequest(DiagnosticRefreshRequest.type, () => undefined);
    connection.onRequest(ShowMessageRequest.type, (params) => {
      log.push(`[showMessage] ${params.message}`);
      return null;
    });
    connection.onRequest(ApplyWorkspaceEditRequest.type, (params) => {
      appliedEdits.push(params.edit);
      return { applied: true };
    });
    connection.onRequest(new RequestType<{ url: string }, object, void>("eslint/openDoc"), (params) => {
      openDocs.push(params.url);
      return {};
    });
    // The server's own requests for when it cannot lint: no ESLint library, no config, a failed probe.
    for (const method of ["eslint/noLibrary", "eslint/noConfig", "eslint/probeFailed"]) {
      connection.onRequest(method, (params: unknown) => {
        unexpected.push(`${method} ${JSON.stringify(params)}`);
        return {};
      });
    }
    connection.onNotification(LogMessageNotification.type, (params) => {
      log.push(params.message);
    });
    // eslint/status, eslint/exitCalled and the like: kept for the failure message.
    connection.onUnhandledNotification((message) => {
      log.push(`[${message.method}] ${JSON.stringify(message.params)}`);
    });
    connection.listen();

    const initialized = await withTimeout(
      connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- required by the type; workspaceFolders is what counts
        rootUri: null,
        workspaceFolders,
        initializationOptions: {},
        capabilities: {
          workspace: {
            configuration: true,
            workspaceFolders: true,
            applyEdit: true,
            didChangeConfiguration: { dynamicRegistration: true },
            executeCommand: { dynamicRegistration: false },
          },
          textDocument: {
            synchronization: { dynamicRegistration: false, didSave: true },
            diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
            publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
            codeAction: {
              dynamicRegistration: false,
              isPreferredSupport: true,
              codeActionLiteralSupport: { codeActionKind: { valueSet: ["", "quickfix", "refactor", "source", "source.fixAll"] } },
            },
          },
          window: { workDoneProgress: true },
        },
      }),
      "initialize",
      log,
    );
    expect(initialized.capabilities.codeActionProvider).toBeDefined();
    // This server (vscode-eslint 3.x) only reports through pull diagnostics (textDocument/diagnostic), as VS Code
    // asks for them; it has no code path that sends textDocument/publishDiagnostics.
    expect(initialized.capabilities.diagnosticProvider).toMatchObject({ identifier: "eslint" });
    await connection.sendNotification(InitializedNotification.type, {});
  }, 45_000);

  afterAll(async () => {
    try {
      await withTimeout(connection.sendRequest(ShutdownRequest.type), "shutdown", log);
      await connection.sendNotification(ExitNotification.type);
    } finally {
      connection.dispose();
      if (server.exitCode === null) server.kill();
    }
  }, 30_000);

  const opened = new Map<string, Promise<{ uri: string; text: string; diagnostics: Diagnostic[] }>>();

  /** Opens a file like the editor does (once) and pulls its diagnostics. */
  function open(file: string): Promise<{ uri: string; text: string; diagnostics: Diagnostic[] }> {
    const known = opened.get(file);
    if (known) return known;
    const result = openAndPull(file);
    opened.set(file, result);
    return result;
  }

  async function openAndPull(file: string): Promise<{ uri: string; text: string; diagnostics: Diagnostic[] }> {
    const uri = pathToFileURL(file).href;
    const text = readFileSync(file, "utf8");
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "typescript", version: 1, text },
    });
    const report = await withTimeout(connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } }), "diagnostics", log);
    expect(report.kind, log.join("\n")).toBe("full");
    return { uri, text, diagnostics: "items" in report ? report.items : [] };
  }

  async function codeActions(uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
    const actions = await withTimeout(
      connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: diagnostic.range,
        context: { diagnostics: [diagnostic], triggerKind: 1 },
      }),
      "codeAction",
      log,
    );
    return (actions ?? []).filter((action) => CodeAction.is(action));
  }

  async function execute(action: CodeAction | undefined): Promise<WorkspaceEdit> {
    expect(action?.command).toBeDefined();
    const command = action?.command as Command;
    const before = appliedEdits.length;
    await withTimeout(
      connection.sendRequest(ExecuteCommandRequest.type, { command: command.command, arguments: command.arguments ?? [] }),
      `execute ${command.command}`,
      log,
    );
    expect(appliedEdits).toHaveLength(before + 1);
    return appliedEdits[before];
  }

  function editsOf(edit: WorkspaceEdit, uri: string): TextEdit[] {
    const documentChange = edit.documentChanges?.find((change) => "textDocument" in change && change.textDocument.uri === uri);
    return documentChange && "edits" in documentChange ? (documentChange.edits as TextEdit[]) : (edit.changes?.[uri] ?? []);
  }

  it("squiggles examples/bridge/src/tools/open-file.ts with the plugin's findings, rule ids and exact ranges", async () => {
    const file = path.join(bridge, "src/tools/open-file.ts");
    const { text, diagnostics } = await open(file);
    const ours = diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith(NAMESPACE));
    const shown = ours.map((diagnostic) => ({ code: diagnostic.code, range: diagnostic.range, message: diagnostic.message }));

    // The example's two protocol codes (tests/integration/examples.test.ts): the `EC` of `EC.INVALID_PARAMS`, `-32001`.
    const code = `${NAMESPACE}no-protocol-errors-in-tools`;
    expect(shown, log.join("\n")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code, range: rangeOf(text, "EC.INVALID_PARAMS", "EC".length) }),
        expect.objectContaining({ code, range: rangeOf(text, "-32001") }),
      ]),
    );
    // Exactly what `eslint` on the command line reports for the file: no finding lost or added in the editor.
    const expected = (await nodeApiFindings(bridge, file)).map((message) => ({
      code: message.ruleId,
      range: toRange(message),
      message: message.message,
    }));
    expect(shown).toEqual(expected);
    for (const diagnostic of ours) {
      const name = String(diagnostic.code).slice(NAMESPACE.length) as keyof typeof plugin.rules;
      expect(diagnostic.source).toBe("eslint");
      expect(diagnostic.severity).toBe(1);
      expect(diagnostic.codeDescription?.href).toBe(plugin.rules[name].meta?.docs?.url);
    }
    expect(unexpected).toEqual([]);
  });

  it("offers the disable comment and the docs page, and no fix, for no-protocol-errors-in-tools", async () => {
    const ruleId = `${NAMESPACE}no-protocol-errors-in-tools`;
    const { uri, text, diagnostics } = await open(path.join(bridge, "src/tools/open-file.ts"));
    const { start } = rangeOf(text, "-32001");
    const finding = diagnostics.find((diagnostic) => diagnostic.code === ruleId && diagnostic.range.start.line === start.line);
    expect(finding).toBeDefined();
    const actions = await codeActions(uri, finding as Diagnostic);
    const titles = actions.map((action) => action.title);
    expect(titles).toEqual(expect.arrayContaining([`Disable ${ruleId} for this line`, `Show documentation for ${ruleId}`]));
    expect(titles).not.toContain(`Fix this ${ruleId} problem`);

    const command = actions.find((action) => action.title === `Show documentation for ${ruleId}`)?.command as Command;
    await withTimeout(
      connection.sendRequest(ExecuteCommandRequest.type, { command: command.command, arguments: command.arguments ?? [] }),
      "openRuleDoc",
      log,
    );
    expect(openDocs).toContain(plugin.rules["no-protocol-errors-in-tools"].meta?.docs?.url);
  });

  it("offers each rule's fix and suggestions as quick fixes that apply exactly ESLint's edit", async () => {
    const file = path.join(fixture, "src/tools/fetch-issue.ts");
    const { uri, text, diagnostics } = await open(file);
    const expected = await nodeApiFindings(fixture, file);
    // The fixture holds one finding with a fix and one with a suggestion; new rules may add more.
    expect(expected.some((message) => message.fix)).toBe(true);
    expect(expected.some((message) => message.suggestions?.length)).toBe(true);
    expect(diagnostics.map((diagnostic) => ({ code: diagnostic.code, range: diagnostic.range }))).toEqual(
      expected.map((message) => ({ code: message.ruleId, range: toRange(message) })),
    );

    for (const message of expected) {
      const ruleId = message.ruleId ?? "";
      const diagnostic = diagnostics.find((candidate) => candidate.code === ruleId && candidate.range.start.line === message.line - 1);
      const actions = await codeActions(uri, diagnostic as Diagnostic);
      const titles = actions.map((action) => action.title);
      expect(titles).toEqual(expect.arrayContaining([`Disable ${ruleId} for this line`, `Disable ${ruleId} for the entire file`]));

      if (message.fix) {
        const fix = actions.find((action) => action.title === `Fix this ${ruleId} problem`);
        expect(fix?.isPreferred).toBe(true);
        const edit = await execute(fix);
        expect(applyTextEdits(text, editsOf(edit, uri))).toBe(applyEslintFix(text, message.fix));
      }
      for (const suggestion of message.suggestions ?? []) {
        const action = actions.find((candidate) => candidate.title === `${suggestion.desc} (${ruleId})`);
        expect(action, titles.join(" | ")).toBeDefined();
        const edit = await execute(action);
        expect(applyTextEdits(text, editsOf(edit, uri))).toBe(applyEslintFix(text, suggestion.fix));
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("shows a settings mistake as one diagnostic naming the key, and keeps every other plugin's findings", async () => {
    const { diagnostics } = await open(path.join(badSettings, "src/tools/list-issues.ts"));
    const shown = diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      line: diagnostic.range.start.line,
      message: diagnostic.message,
    }));
    expect(shown, log.join("\n")).toEqual([
      {
        code: expect.stringMatching(new RegExp(`^${NAMESPACE}`, "u")) as unknown,
        line: 0,
        message: expect.stringContaining(
          'Configuration mistake: settings["mcp-tool-errors"].toolFiles must be an array of glob strings',
        ) as unknown,
      },
      { code: "no-debugger", line: 4, message: "Unexpected 'debugger' statement." },
    ]);
    expect(unexpected).toEqual([]);
  });
});
