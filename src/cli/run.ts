import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";
import { getMcpSettings } from "../model/settings.js";
import { listTools } from "./inventory.js";
import { ProjectLinter, toolOf } from "./lint.js";
import { buildReport, type Format, formatReport } from "./report.js";

export const USAGE = `Usage: mcp-tool-errors <command> [options]

Commands:
  audit    Lists every MCP tool of a TypeScript project, lints the files that hold their handlers
           with this plugin's type-checked rules, and reports which tools comply.

Options of audit:
  -p, --project <tsconfig.json>        the project to audit (default: ./tsconfig.json)
  -f, --format table|json|markdown     the report's format (default: table)
      --strict                         lint with strict-type-checked instead of recommended-type-checked
  -h, --help                           print this help

Exit codes:
  0  every tool complies (or this help was asked for: --help, or no arguments at all)
  1  at least one tool does not comply
  2  usage error (unknown command or option, no tsconfig at --project)

Example: mcp-tool-errors audit --project tsconfig.json --format markdown > audit.md
`;

/** Projects bigger than this get a progress line on stderr. */
const PROGRESS_THRESHOLD = 300;

const FORMATS: readonly Format[] = ["table", "json", "markdown"];

export interface Io {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

class UsageError extends Error {}

function parse(argv: readonly string[]): { project: string; format: Format; strict: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        project: { type: "string", short: "p", default: "tsconfig.json" },
        format: { type: "string", short: "f", default: "table" },
        strict: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  // No arguments at all is a request for the help, like --help; options without a command are a mistake.
  if (values.help || argv.length === 0) throw new UsageError("");
  if (positionals.length !== 1 || positionals[0] !== "audit") {
    throw new UsageError(positionals.length === 0 ? "missing command: audit" : `unknown command: ${positionals.join(" ")}`);
  }
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got "${values.format}")`);
  return { project: values.project, format, strict: values.strict };
}

/** `mcp-tool-errors audit ...`: returns the exit code. */
export async function runAudit(argv: readonly string[], io: Io, cwd = process.cwd()): Promise<number> {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(error.message === "" ? USAGE : `mcp-tool-errors: ${error.message}\n\n${USAGE}`);
    return error.message === "" ? 0 : 2;
  }
  const tsconfig = path.resolve(cwd, options.project);
  if (!existsSync(tsconfig)) {
    io.stderr.write(`mcp-tool-errors: no tsconfig at ${tsconfig} (pass --project <path>)\n`);
    return 2;
  }
  const root = path.dirname(tsconfig);
  const program = await loadProgram(tsconfig);
  const sourceFiles = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file));
  const sample = sourceFiles.at(0) && path.relative(root, sourceFiles[0].fileName);
  const linter = await ProjectLinter.create(root, program, options.strict ? "strict-type-checked" : "recommended-type-checked", sample);
  if (linter.configFile === undefined) {
    io.stderr.write("mcp-tool-errors: no ESLint configuration found; linting with the plugin's preset and default settings\n");
  }
  // The handler model reads the settings the project's configuration gives its files.
  const settings = getMcpSettings(sample === undefined ? {} : await linter.settingsFor(sample));
  const tools = listTools(program, settings, root);
  const files = [...new Set(tools.map((tool) => tool.file))];
  if (sourceFiles.length > PROGRESS_THRESHOLD) {
    io.stderr.write(`mcp-tool-errors: ${String(sourceFiles.length)} source files, ${String(tools.length)} tools; linting the ${String(files.length)} files that hold them...\n`);
  }
  const findings = await linter.lint(files);
  const report = buildReport(tools, findings, (finding) => toolOf(finding, tools));
  io.stdout.write(formatReport(report, options.format));
  return report.summary.compliant === report.summary.tools ? 0 : 1;
}

const majorMinor = (version: string): string => version.split(".").slice(0, 2).join(".");

/** The project's program, loaded with ts-morph (imported here only: linting never needs it). */
async function loadProgram(tsconfig: string): Promise<ts.Program> {
  const { Project, ts: morphTs } = await import("ts-morph");
  // The plugin's analyses use the `typescript` package; ts-morph bundles its own copy of the compiler.
  if (majorMinor(morphTs.version) !== majorMinor(ts.version)) {
    throw new Error(`ts-morph bundles TypeScript ${morphTs.version}, the plugin uses ${ts.version}: versions must match`);
  }
  // Same compiler version (checked above): its program is typed with the `typescript` package's declarations.
  const compiled: object = new Project({ tsConfigFilePath: tsconfig }).getProgram().compilerObject;
  return compiled as ts.Program;
}
