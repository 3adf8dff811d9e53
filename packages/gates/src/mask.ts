import { createHash } from "node:crypto";
import { redact as redactShared } from "@agent-verify/contract/redact";

export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex").slice(0, 16);
}

/** What a secret looks like in any output: its first characters and its length, never the rest. */
export function maskSecret(secret: string): string {
  const shown = secret.length >= 16 ? secret.slice(0, 3) : "";
  return `${shown}${"*".repeat(8)} (${secret.length} chars)`;
}

/**
 * Replace every known secret in a text, whatever wrote it (our messages or a tool's output):
 * the ones the secrets stage found (masked, so a finding still says which), then the shared
 * rules (secret env values, token patterns) that the runner and the manager apply too.
 */
export function redact(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(maskSecret(secret));
  }
  return redactShared(out);
}
