/** A secret recognised by its shape alone, wherever it stands (no keyword needed). */
export interface TokenHit {
  line: number;
  rule: string;
  secret: string;
}

// Written so that this file does not match them itself.
const TOKEN_PATTERNS: ReadonlyArray<{ rule: string; pattern: RegExp }> = [
  // AWS access key ids: AKIA (long-term), ASIA (temporary), ABIA, ACCA; 20 characters.
  { rule: "aws-access-key-id", pattern: /\b(?:A[K]IA|A[S]IA|A[B]IA|A[C]CA)[A-Z0-9]{16}\b/g },
];

export function tokenHits(lines: ReadonlyMap<number, string>): TokenHit[] {
  const hits: TokenHit[] = [];
  for (const [line, text] of lines) {
    for (const { rule, pattern } of TOKEN_PATTERNS) {
      for (const match of text.matchAll(pattern)) hits.push({ line, rule, secret: match[0] });
    }
  }
  return hits;
}
