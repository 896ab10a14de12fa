#!/usr/bin/env node
// The package's `mcp-tool-errors` command.
import { runAudit } from "./run.js";

process.exitCode = await runAudit(process.argv.slice(2), process);
