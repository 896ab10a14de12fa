// `npm run demo`: lint the bundled example bridge the way a user would (its own eslint.config.js)
// and print the findings in ESLint's usual format. Findings are the point, so it exits 0.
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";

const cwd = fileURLToPath(new URL("../examples/bridge/", import.meta.url));
const eslint = new ESLint({ cwd });
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
const output = await formatter.format(results);
console.log(output || "No findings.");
const count = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
console.log(`mcp-tool-errors demo: ${count} finding(s) in examples/bridge (see README for what each rule enforces).`);
