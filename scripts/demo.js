// `npm run demo`: lint the bundled example bridge the way a user would (its own eslint.config.js) and print
// the findings, each under the doc comment of the code that holds it: the example plants them on purpose,
// and those comments (in the example's files, the one place that says it) tell what each one shows.
// Findings are the point, so it exits 0.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

const cwd = fileURLToPath(new URL("../examples/bridge/", import.meta.url));
const eslint = new ESLint({ cwd });
const results = await eslint.lintFiles(["."]);

/** The `/** ... *\/` comments of a file, each with the line it ends on and its text on one line. */
function docComments(file) {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/\/\*\*([\s\S]*?)\*\//gu)].map((match) => ({
    endLine: source.slice(0, match.index + match[0].length).split("\n").length,
    text: match[1].replace(/^\s*\*?\s?/gmu, "").replace(/\s+/gu, " ").trim(),
  }));
}

console.log(`examples/bridge is a small MCP server with rule violations planted on purpose, next to compliant tools
and a transport layer where protocol errors belong (those stay quiet). Each finding below is shown under the
comment that says what it demonstrates.
`);
let count = 0;
for (const result of results) {
  if (result.messages.length === 0) continue;
  console.log(path.relative(cwd, result.filePath).split(path.sep).join("/"));
  const comments = docComments(result.filePath);
  let shown;
  for (const message of result.messages) {
    const comment = comments.findLast((candidate) => candidate.endLine < message.line);
    if (comment && comment !== shown) console.log(`  ${comment.text}`);
    shown = comment;
    console.log(`    ${message.line}:${message.column}  ${message.ruleId ?? ""}  ${message.message}`);
    count += 1;
  }
  console.log("");
}
console.log(`mcp-tool-errors demo: ${count} finding(s) in examples/bridge, all planted; each rule's page is under docs/rules/.
Type-aware rules see more (calls into other files): npx mcp-tool-errors audit --project examples/bridge/tsconfig.json`);
