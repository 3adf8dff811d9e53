// agent-verify: one name for the three tools. argv → a tool run, or help/version/usage error.
import { readFileSync } from "node:fs";
import { parseArgs, usage } from "./parse-args.js";
import { runTool } from "./run-tool.js";

const parsed = parseArgs(process.argv.slice(2));
if (parsed.kind === "tool") {
  await runTool(parsed.tool, parsed.args);
} else if (parsed.kind === "help") {
  process.stdout.write(usage());
} else if (parsed.kind === "version") {
  const manifest = new URL("../package.json", import.meta.url);
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  process.stdout.write(`${version}\n`);
} else {
  process.stderr.write(`agent-verify: ${parsed.message}\n${usage()}`);
  process.exitCode = 2;
}
