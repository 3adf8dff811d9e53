/** A secret-like assignment found by keyword and entropy. */
export interface EntropyHit {
  line: number;
  secret: string;
  keyword: string;
}

const ASSIGNMENT =
  /([A-Za-z0-9_.-]*(?:api[_-]?key|secret|token|passw(?:or)?d|pwd|credential|private[_-]?key|access[_-]?key|auth[_-]?key|client[_-]?secret)[A-Za-z0-9_-]*)["']?\s*(?::=|=>|=|:)\s*["'`]([^"'`\s]{12,})["'`]/gi;
const PLACEHOLDER =
  /^(?:x+|\*+|<.*>|\$\{.*\}|your[_-].*|example.*|changeme|dummy.*|placeholder.*|redacted|test.*)$/i;
export const MIN_ENTROPY = 3.5;

/** Shannon entropy in bits per character. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

export function entropyHits(lines: ReadonlyMap<number, string>): EntropyHit[] {
  const hits: EntropyHit[] = [];
  for (const [line, text] of lines) {
    for (const match of text.matchAll(ASSIGNMENT)) {
      const secret = match[2] ?? "";
      if (PLACEHOLDER.test(secret) || entropy(secret) < MIN_ENTROPY) continue;
      hits.push({ line, secret, keyword: match[1] ?? "" });
    }
  }
  return hits;
}
