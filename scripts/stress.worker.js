// Runs one check in a thread with a large stack. typescript-estree's parser recurses per nesting
// level and overflows Node's default stack near 1,000 nested blocks, before any rule runs;
// with room for the parser, the rules themselves are tested at the depth the issue asks for.
import { parentPort, workerData } from "node:worker_threads";
import { createChecker } from "../tests/robustness/checks.js";

const { pluginUrl, cwd, code, file, suggestionsPerRule } =
  /** @type {{ pluginUrl: string, cwd: string, code: string, file: string, suggestionsPerRule: number }} */ (workerData);
const { default: plugin } = /** @type {{ default: import("eslint").ESLint.Plugin }} */ (await import(pluginUrl));
parentPort?.postMessage(createChecker({ plugin, cwd }).check(code, file, { suggestionsPerRule }));
