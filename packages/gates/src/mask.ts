import { createHash } from "node:crypto";

export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex").slice(0, 16);
}

/** What a secret looks like in any output: its first characters and its length, never the rest. */
export function maskSecret(secret: string): string {
  const shown = secret.length >= 16 ? secret.slice(0, 3) : "";
  return `${shown}${"*".repeat(8)} (${secret.length} chars)`;
}

/** Replace every known secret in a text, whatever wrote it (our messages or a tool's output). */
export function redact(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(maskSecret(secret));
  }
  return out;
}
