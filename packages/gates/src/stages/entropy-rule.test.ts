import { describe, expect, it } from "vitest";
import { entropy, entropyHits } from "./entropy-rule.js";
import { crapScore } from "./crap.js";
import { maskSecret, redact } from "../mask.js";

// Assembled at run time so the file itself holds no secret-like literal.
const FAKE = "Zx9Qw8Er7Ty6" + "Ui5Op4As3Df2";

describe("keyword + entropy rule", () => {
  it("flags secret-like assignments with high entropy only", () => {
    const lines = new Map([
      [1, `const apiKey = "${FAKE}";`],
      [2, 'const password = "changeme";'],
      [3, 'token: "aaaaaaaaaaaaaaaaaaaa",'],
      [4, `const greeting = "${FAKE}";`],
    ]);
    expect(entropyHits(lines).map((h) => h.line)).toEqual([1]);
    expect(entropy("aaaa")).toBe(0);
    expect(entropy("abcd")).toBe(2);
  });

  it("masks a secret everywhere it appears", () => {
    const secret = FAKE;
    const text = redact(`found ${secret} and again ${secret}`, new Set([secret]));
    expect(text).not.toContain(secret);
    expect(text).toContain(maskSecret(secret));
    expect(maskSecret(secret)).toBe("Zx9******** (24 chars)");
  });
});

describe("crapScore", () => {
  it("is comp² × (1 − cov)³ + comp", () => {
    expect(crapScore(11, 0)).toBe(132);
    expect(crapScore(11, 1)).toBe(11);
    expect(crapScore(4, 0.5)).toBe(6);
  });
});
