import { createHmac, timingSafeEqual } from "node:crypto";

/** What a MAC is for: a line of one file can never pass as another kind of record. */
export type MacPurpose = "log" | "status" | "comment";

export function macOf(key: Buffer, purpose: MacPurpose, text: string): string {
  return createHmac("sha256", key).update(`agent-verify ${purpose}\0`).update(text).digest("hex");
}

export function isMac(key: Buffer, purpose: MacPurpose, text: string, mac: string): boolean {
  const want = Buffer.from(macOf(key, purpose, text), "hex");
  const got = Buffer.from(mac, "hex");
  return got.length === want.length && timingSafeEqual(got, want);
}

const COMPACT = /,"mac":"([0-9a-f]{64})"\}$/;
const PRETTY = /,\n {2}"mac": "([0-9a-f]{64})"\n\}\n?$/;

/**
 * `JSON.stringify(value)` with a last field `"mac"` over the bytes before it; `pretty` for
 * text written with an indent of 2. The MAC covers the exact text, so no canonical form
 * is needed: the reader cuts the field out and checks the rest byte for byte.
 */
export function signJson(key: Buffer, purpose: MacPurpose, json: string, pretty = false): string {
  const mac = macOf(key, purpose, json);
  const body = json.slice(0, pretty ? -2 : -1);
  return pretty ? `${body},\n  "mac": "${mac}"\n}` : `${body},"mac":"${mac}"}`;
}

export interface Checked {
  /** The text without its mac field (parse this). */
  json: string;
  /** Whether the text carried a mac made with this key. */
  signed: boolean;
}

/** Cut the mac field out of a signed text and check it; an unsigned text is not `signed`. */
export function checkJson(
  key: Buffer | null,
  purpose: MacPurpose,
  text: string,
  pretty = false,
): Checked {
  const match = (pretty ? PRETTY : COMPACT).exec(text);
  if (!match) return { json: text, signed: false };
  const json = `${text.slice(0, match.index)}${pretty ? "\n}" : "}"}`;
  return { json, signed: key !== null && isMac(key, purpose, json, match[1] ?? "") };
}
