import { describe, expect, it } from "vitest";
import { REDACTED } from "./value-rules.js";
import { redactPrivateKeys } from "./private-keys.js";

const block = (kind: string) =>
  [
    `-----BEGIN ${kind}PRIVATE KEY-----`,
    "MIIEvQIBADANBgkqhkiG9w0B".repeat(3).slice(0, 64),
    "AQEFAASCBKcwggSjAgEAAoIB".repeat(3).slice(0, 64),
    `-----END ${kind}PRIVATE KEY-----`,
  ].join("\n");

describe("redactPrivateKeys", () => {
  it.each(["", "RSA ", "EC ", "OPENSSH ", "ENCRYPTED "])(
    "removes a %sPRIVATE KEY block whole",
    (kind) => {
      expect(redactPrivateKeys(`key:\n${block(kind)}\nafter`)).toBe(`key:\n${REDACTED}\nafter`);
    },
  );

  it("removes a JSON-escaped block inside a string and keeps the JSON", () => {
    const json = JSON.stringify({ stderr: `x ${block("RSA ")} y`, n: 1 });
    const out = redactPrivateKeys(json);
    expect(JSON.parse(out)).toEqual({ stderr: `x ${REDACTED} y`, n: 1 });
  });

  it("removes a cut-off block to the end of its JSON string, or of the text", () => {
    const cut = block("").slice(0, 60);
    expect(JSON.parse(redactPrivateKeys(JSON.stringify({ tail: cut, n: 2 })))).toEqual({
      tail: REDACTED,
      n: 2,
    });
    expect(redactPrivateKeys(`tail: ${cut}`)).toBe(`tail: ${REDACTED}`);
  });

  it("removes every block of a text, and nothing between them", () => {
    expect(redactPrivateKeys(`${block("")} middle ${block("EC ")}`)).toBe(
      `${REDACTED} middle ${REDACTED}`,
    );
  });

  it("removes the body before an END line whose BEGIN was cut off (a tail)", () => {
    const tail = block("RSA ").slice(60);
    expect(redactPrivateKeys(`…${tail}\nnext`)).toBe(`…${REDACTED}\nnext`);
    const json = JSON.stringify({ stderr_tail: `…${tail}`, n: 1 });
    expect(JSON.parse(redactPrivateKeys(json))).toEqual({ stderr_tail: `…${REDACTED}`, n: 1 });
  });

  it("removes a tail's body lines, short last line included, joined by blanks or ' | '", () => {
    const long = "A".repeat(64);
    const tail = `${long}\n${long}\nshortLast==\n-----END PRIVATE KEY-----`;
    expect(JSON.parse(redactPrivateKeys(JSON.stringify({ t: `review: ${tail}` })))).toEqual({
      t: `review: ${REDACTED}`,
    });
    expect(redactPrivateKeys(`review: ${long} | shortLast== | -----END PRIVATE KEY-----`)).toBe(
      `review: ${REDACTED}`,
    );
    expect(redactPrivateKeys("some words here\nshortLast==\n-----END PRIVATE KEY-----")).toBe(
      `some words here\n${REDACTED}`,
    );
  });

  it("leaves public keys and certificates alone", () => {
    const text = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
    expect(redactPrivateKeys(text)).toBe(text);
  });
});
