import type { Tool } from "./inventory.js";
import type { Finding } from "./lint.js";

export interface ToolReport extends Tool {
  findings: Finding[];
  compliant: boolean;
}

export interface AuditReport {
  tools: ToolReport[];
  /** Findings in handler files that no tool's handler contains. */
  unattributed: Finding[];
  summary: { tools: number; compliant: number; percent: number };
}

export type Format = "json" | "markdown" | "table";

export function buildReport(
  tools: readonly Tool[],
  findings: readonly Finding[],
  toolOf: (finding: Finding) => Tool | undefined,
): AuditReport {
  const byTool = new Map<Tool, Finding[]>(tools.map((tool) => [tool, []]));
  const unattributed: Finding[] = [];
  for (const finding of findings) {
    const tool = toolOf(finding);
    if (tool) byTool.get(tool)?.push(finding);
    else unattributed.push(finding);
  }
  const reports = tools.map((tool) => {
    const own = byTool.get(tool) ?? [];
    return { ...tool, findings: own, compliant: own.length === 0 };
  });
  const compliant = reports.filter((tool) => tool.compliant).length;
  const percent = reports.length === 0 ? 100 : Math.round((100 * compliant) / reports.length);
  return { tools: reports, unattributed, summary: { tools: reports.length, compliant, percent } };
}

export function summaryLine({ summary }: AuditReport): string {
  return `${String(summary.tools)} tools, ${String(summary.compliant)} compliant (${String(summary.percent)}%)`;
}

const shortRule = (ruleId: string): string => ruleId.replace(/^mcp-tool-errors\//u, "");

/** `no-throw-in-tool-handler: 2, no-protocol-errors-in-tools: 1`, plugin prefix dropped. */
function findingsCell(findings: readonly Finding[]): string {
  const counts = new Map<string, number>();
  for (const { ruleId } of findings) {
    const rule = shortRule(ruleId);
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  return [...counts].map(([rule, count]) => `${rule}: ${String(count)}`).join(", ") || "-";
}

const HEADER = ["tool", "location", "registered", "findings", "compliant"];

function rows(report: AuditReport): string[][] {
  return report.tools.map((tool) => [
    tool.name,
    `${tool.file}:${String(tool.line)}`,
    tool.registration,
    findingsCell(tool.findings),
    tool.compliant ? "yes" : "no",
  ]);
}

/** `src/tools/git.ts:14 no-throw-in-tool-handler`. */
const findingLine = (finding: Finding): string => `${finding.file}:${String(finding.line)} ${shortRule(finding.ruleId)}`;

/** Each finding as `file:line rule` under its tool, then those in no tool. */
function findingSections(report: AuditReport, heading: (title: string) => string, item: (text: string) => string): string[] {
  const lines: string[] = [];
  for (const tool of report.tools) {
    if (tool.findings.length === 0) continue;
    lines.push(heading(tool.name), ...tool.findings.map((finding) => item(findingLine(finding))), "");
  }
  if (report.unattributed.length > 0) {
    lines.push(heading("in no tool"), ...report.unattributed.map((finding) => item(findingLine(finding))), "");
  }
  return lines;
}

export function formatReport(report: AuditReport, format: Format): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  const body = rows(report);
  if (format === "markdown") {
    const escape = (cell: string): string => cell.replaceAll("|", "\\|");
    const line = (cells: string[]): string => `| ${cells.map(escape).join(" | ")} |`;
    const sections = findingSections(
      report,
      (title) => `#### ${escape(title)}\n`,
      (text) => `- \`${text}\``,
    );
    return [line(HEADER), line(HEADER.map(() => "---")), ...body.map(line), "", ...sections, `**${summaryLine(report)}**`, ""].join("\n");
  }
  const widths = HEADER.map((title, column) => Math.max(title.length, ...body.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const sections = findingSections(
    report,
    (title) => title,
    (text) => `  ${text}`,
  );
  return [line(HEADER), line(widths.map((width) => "-".repeat(width))), ...body.map(line), "", ...sections, summaryLine(report), ""].join(
    "\n",
  );
}
