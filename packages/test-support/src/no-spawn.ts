import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

/**
 * A vitest setup file for the fast tier (`pnpm test:fast`): a test that starts a process (a
 * browser, bd, git, a tool, a runner) fails at once, naming what it tried to start, so the tier
 * stays in-process. Such a test belongs in a `*.integration.test.ts` file.
 */
const NAMES = [
  "spawn",
  "spawnSync",
  "exec",
  "execSync",
  "execFile",
  "execFileSync",
  "fork",
] as const;

const writable = childProcess as unknown as Record<string, unknown>;
for (const name of NAMES) {
  writable[name] = (command: unknown) => {
    throw new Error(
      `the fast tier runs in-process: child_process.${name}(${JSON.stringify(String(command)).slice(0, 80)}) ` +
        "is not allowed here (move the test to a *.integration.test.ts file)",
    );
  };
}
// ESM `import { spawn } from "node:child_process"` sees the replacements too.
syncBuiltinESMExports();
