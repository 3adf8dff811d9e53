import { dirname, resolve } from "node:path";
import { writeStdout } from "../output.js";
import { openInBrowser } from "../show-report/open.js";
import { serveReport } from "../show-report/server.js";
import { findTraceViewer } from "../show-report/trace-viewer.js";
import type { CommandArgs, CommandResult } from "./command.js";

/**
 * `verify-manager show-report [DIR]`: serve an HTML report over http until SIGINT/SIGTERM,
 * with playwright-core's trace viewer under /trace/. Prints the URL (its one stdout line) and
 * opens it only where there is a screen.
 */
export async function showReportCommand(
  args: CommandArgs<"show-report">,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<CommandResult> {
  const dir = resolve(cwd, args.dir);
  const traceViewer = findTraceViewer([cwd, dirname(dir)]);
  const server = await serveReport({ dir, host: args.host, port: args.port, traceViewer });
  const notes = [
    `Serving the HTML report at ${server.url}`,
    traceViewer
      ? `Traces open in Playwright's trace viewer at ${server.url}trace/`
      : "No trace viewer (playwright-core is not installed here): traces can be downloaded, not opened.",
    "Press Ctrl+C to stop.",
  ];
  writeStdout(notes.join("\n"));
  if (args.open) openInBrowser(server.url, env);
  if (!signal.aborted) {
    await new Promise<void>((done) =>
      signal.addEventListener("abort", () => done(), { once: true }),
    );
  }
  await server.close();
  return { status: "passed", output: null, notes: [] };
}
