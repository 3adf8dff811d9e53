// verify-runner: cli.ts → commands/<name>.ts → {exitCode, json, text} → one printer (main.ts).
import { runCommandFor } from "./commands/all.js";
import { runMain } from "./main.js";
import { parseArgs } from "./parse-args.js";
import { playwrightWarningHere } from "./playwright-range.js";

/** The commands that load Playwright: they say first when the app's copy does not fit. */
const USES_PLAYWRIGHT = new Set(["run", "worker", "check-browser", "browser-server"]);

const args = parseArgs(process.argv.slice(2));
await runMain(args, runCommandFor, () => {
  if (USES_PLAYWRIGHT.has(args.command)) process.stderr.write(playwrightWarningHere() ?? "");
});
