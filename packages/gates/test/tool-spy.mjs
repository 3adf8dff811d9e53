// Preloaded (NODE_OPTIONS=--import) when a test sets GATES_SPY_LOG: each start of a spied tool's
// entry point is logged, so a test can assert which tools gates ran (gates runs a tool's package
// entry, not the node_modules/.bin shims, so the spy sits in node itself).
import { appendFileSync } from "node:fs";
import { basename } from "node:path";

const log = process.env.GATES_SPY_LOG;
const tool = basename(process.argv[1] ?? "").replace(/\.[cm]?js$/, "");
if (log && ["tsc", "eslint", "prettier", "vitest"].includes(tool))
  appendFileSync(log, `${tool} ${process.argv.slice(2).join(" ")}\n`);
