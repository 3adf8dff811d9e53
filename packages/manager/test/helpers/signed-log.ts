import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signingKey } from "../../src/ticket/trust/key.js";
import { signJson } from "../../src/ticket/trust/sign.js";

/**
 * A log line as this user's manager writes it (signed with the key in the state folder):
 * what an older manager or a killed run left behind. Unsigned lines are foreign.
 */
export function signedLogLine(dir: string, value: unknown): string {
  const key = signingKey({ env: process.env, dir, create: true }) as Buffer;
  return `${signJson(key, "log", JSON.stringify(value))}\n`;
}

export function appendSignedLogLine(dir: string, value: unknown, replace = false): void {
  mkdirSync(join(dir, ".verify"), { recursive: true });
  const file = join(dir, ".verify", "log.jsonl");
  (replace ? writeFileSync : appendFileSync)(file, signedLogLine(dir, value));
}

/**
 * `.verify/loop-status.json` as this user's manager writes it (signed, pretty-printed): what
 * a killed batch leaves behind. A status file edited without the key is foreign.
 */
export function writeSignedStatus(dir: string, value: Record<string, unknown>): void {
  const key = signingKey({ env: process.env, dir, create: true }) as Buffer;
  const { mac: _mac, ...unsigned } = value;
  const text = signJson(key, "status", JSON.stringify(unsigned, null, 2), true);
  writeFileSync(join(dir, ".verify", "loop-status.json"), `${text}\n`);
}
