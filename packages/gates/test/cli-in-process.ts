import { redact } from "@agent-verify/contract/redact";
import { parseArgs } from "../src/args.js";
import { runCommandFor } from "../src/commands/all.js";
import { withFiles, withSpy, type CliResult } from "./fixture.js";

/**
 * The bin's argv → command → printer path, in the test worker: `parseArgs`, `runCommandFor`
 * and the printer's redaction, with the environment `runCli` gives the bin. For the branches of a
 * command whose bin seam (process start, exit code, stdout) a `runCli` test of the same command
 * covers: no node start-up and no module loading per case.
 */
export async function runCliInProcess(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CliResult> {
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, BASE: "", ...withSpy(env) };
  const progress: string[] = [];
  const result = await runCommandFor(parseArgs(args, fullEnv), {
    cwd,
    env: fullEnv,
    // The bin reads a pipe that is closed at once when no input is given: "".
    readStdin: async () => input ?? "",
    progress: (text) => progress.push(redact(text)),
  });
  const stderr = progress.join("") + redact(result.stderr);
  return withFiles(cwd, result.exitCode, redact(result.stdout), stderr);
}
