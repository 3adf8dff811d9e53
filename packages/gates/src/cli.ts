// verify-gates: cli.ts → commands/<name>.ts → {exitCode, stdout, stderr} → one printer.
import { realpathSync } from "node:fs";
import { redact } from "@agent-verify/contract/redact";
import { EXIT_CODE, parseArgs } from "./args.js";
import { runCommandFor } from "./commands/all.js";
import { printResult } from "./commands/print.js";
import { stopAllGroups } from "./exec.js";

export { EXIT_CODE, parseArgs, type GatesEnv, type ParsedArgs } from "./args.js";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Asks the person at the terminal; only "yes" confirms. */
async function confirm(question: string): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim().toLowerCase() === "yes";
  } finally {
    rl.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const result = await runCommandFor(parseArgs(argv, process.env), {
    cwd: process.cwd(),
    env: process.env,
    readStdin,
    // A question needs a person at a terminal: the agent's shells have none.
    ...(process.stdin.isTTY && process.stderr.isTTY ? { confirm } : {}),
    progress: (text) => process.stderr.write(redact(text)),
  });
  return printResult(result);
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    const real = realpathSync(script);
    return /[\\/](?:bin[\\/]verify-gates\.js|dist[\\/]cli\.js)$/.test(real);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // The commands gates runs live in their own process groups: take them down with us.
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.once(signal, () => {
      stopAllGroups();
      process.stderr.write(`verify-gates: interrupted by ${signal}; its commands were stopped\n`);
      process.exit(EXIT_CODE.error);
    });
  }
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(redact(`verify-gates: internal error: ${message.split("\n")[0]}\n`));
      if (process.env.VERIFY_GATES_DEBUG && error instanceof Error)
        process.stderr.write(redact(`${error.stack}\n`));
      process.exitCode = EXIT_CODE.error;
    },
  );
}
