// `verify-runner --list` on a manager's hot path (issue 37 §3): bundled alone into one
// CommonJS file (dist/bundle/list.cjs, scripts/lib/bundle-cli.mjs) that the bin requires
// before anything else, so the catalog is printed without the ESM loader resolving, reading
// and linking a module graph. Every other invocation (`--list --steps` too, which loads the
// flow modules through tsx) goes to the full CLI (cli.ts), with the same printer.
import { listCommand } from "./commands/list.js";
import { runMain } from "./main.js";
import { parseArgs } from "./parse-args.js";

/**
 * Run `argv` here when it is a plain `--list`; false (nothing done, nothing loaded) for
 * anything else, which the caller hands to the full CLI.
 */
export function runIfList(argv: readonly string[]): Promise<void> | false {
  const args = parseArgs(argv);
  if (args.command !== "list" || args.steps) return false;
  return runMain(args, () => listCommand(args));
}
