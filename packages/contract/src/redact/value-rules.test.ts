import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED, VALUE_RULES } from "./index.js";

// Planted values are assembled at run time, so this file does not itself look like it
// holds secrets to a scanner (gates' secrets stage reads added lines).
const join = (...parts: string[]) => parts.join("");
const alnum = (n: number) => "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7".repeat(8).slice(0, n);
const upper = (n: number) => "Q7X2M9K4T6W3R8P5Z1Y".repeat(4).slice(0, n);

const GH = join("gh", "p_", alnum(36));
const JWT = join(
  "ey",
  "JhbGciOiJIUzI1NiJ9",
  ".",
  "ey",
  "JzdWIiOiIxMjM0NTY3ODkwIn0",
  ".",
  alnum(43),
);
const AKIA = join("AK", "IA", upper(16));
const AWS_SECRET = join(alnum(20), "/+", alnum(18));

interface Row {
  rule: string;
  input: string;
  output: string;
}

// Each rule: what it catches, with the context it keeps.
const HITS: Row[] = [
  { rule: "github ghp_", input: `token ${GH} end`, output: `token ${REDACTED} end` },
  {
    rule: "github gho_/ghs_/ghu_",
    input: ["gho_", "ghs_", "ghu_"].map((p) => join(p, alnum(36))).join(" "),
    output: [REDACTED, REDACTED, REDACTED].join(" "),
  },
  {
    rule: "github_pat_",
    input: `x=${join("github", "_pat_", alnum(22), "_", alnum(59))}`,
    output: `x=${REDACTED}`,
  },
  { rule: "gitlab", input: `${join("gl", "pat-", alnum(20))}.`, output: `${REDACTED}.` },
  { rule: "slack", input: join("xo", "xb-", "1234567890-", alnum(24)), output: REDACTED },
  {
    rule: "npm",
    input: `//registry/:_authToken=${join("np", "m_", alnum(36))}`,
    output: `//registry/:_authToken=${REDACTED}`,
  },
  { rule: "aws key id AKIA", input: `id ${AKIA}`, output: `id ${REDACTED}` },
  { rule: "aws key id ASIA", input: join("AS", "IA", upper(16)), output: REDACTED },
  {
    rule: "aws secret, credentials file",
    input: `aws_secret_access_key = ${AWS_SECRET}\nregion = eu`,
    output: `aws_secret_access_key = ${REDACTED}\nregion = eu`,
  },
  {
    rule: "aws secret, env",
    input: `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`,
    output: `AWS_SECRET_ACCESS_KEY=${REDACTED}`,
  },
  {
    rule: "aws secret, JSON",
    input: `{"aws_secret_access_key":"${AWS_SECRET}"}`,
    output: `{"aws_secret_access_key":"${REDACTED}"}`,
  },
  { rule: "jwt", input: `jwt=${JWT};`, output: `jwt=${REDACTED};` },
  {
    rule: "authorization header",
    input: "Authorization: Bearer abc.def-123\nnext line",
    output: `Authorization: Bearer ${REDACTED}\nnext line`,
  },
  {
    rule: "authorization basic, lower case",
    input: "authorization: basic dXNlcjpwYXNz",
    output: `authorization: basic ${REDACTED}`,
  },
  {
    rule: "authorization in JSON",
    input: `{"authorization":"Token s3cr3t-value","x":1}`,
    output: `{"authorization":"Token ${REDACTED}","x":1}`,
  },
  {
    rule: "authorization in JSON-escaped JSON",
    input: String.raw`"{\"Authorization\": \"Bearer s3cr3t\"}"`,
    output: String.raw`"{\"Authorization\": \"Bearer ${REDACTED}\"}"`,
  },
  {
    rule: "cookie header",
    input: "Cookie: sid=abc123; theme=dark\r\nHost: x",
    output: `Cookie: ${REDACTED}\r\nHost: x`,
  },
  {
    rule: "set-cookie header",
    input: "set-cookie: session=xyz789; Path=/; HttpOnly",
    output: `set-cookie: ${REDACTED}`,
  },
  {
    rule: "headers printed as an object",
    input: "{ 'x-api-key': 'k-123456', accept: '*/*' }",
    output: `{ 'x-api-key': '${REDACTED}', accept: '*/*' }`,
  },
  {
    rule: "bare bearer credential",
    input: "sent Bearer abcdefghijklmnop1234 to the API",
    output: `sent Bearer ${REDACTED} to the API`,
  },
  {
    rule: "password in a URL",
    input: "connect postgres://app:hunter2-pw@db.internal:5432/shop failed",
    output: "connect postgres://app:***@db.internal:5432/shop failed",
  },
  {
    rule: "password with an @ in a URL",
    input: "https://me:p@ss:w0rd@example.com/x",
    output: "https://me:***@example.com/x",
  },
  {
    rule: "password in a URL inside JSON",
    input: `{"url":"https://u:pw123@h.example/p","n":2}`,
    output: `{"url":"https://u:***@h.example/p","n":2}`,
  },
  {
    rule: "secret query parameters",
    input: "GET http://127.0.0.1:4173/api?token=abc123&page=2&api_key=zz9 net::ERR",
    output: `GET http://127.0.0.1:4173/api?token=${REDACTED}&page=2&api_key=${REDACTED} net::ERR`,
  },
  {
    rule: "signed URL",
    input: "https://s3.example/o?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff00",
    output: `https://s3.example/o?X-Amz-Credential=${REDACTED}&X-Amz-Signature=${REDACTED}`,
  },
];

// Ordinary text that must come through unchanged.
const MISSES: Row[] = [
  'expect(locator).toHaveText(expected) failed\nExpected: "1"\nReceived: "0"',
  "the ghp_ prefix marks a GitHub token", // a prefix alone
  "npm_config_user_agent=pnpm/12", // npm's own variables
  "AKIA1234 is too short, and XAKIAQ7X2M9K4T6W3R8P5Z1 is inside a word",
  "Authorization failed for user bob", // no header separator
  "an authorization-code grant", // the word inside another
  "http://127.0.0.1:4173/cart?page=2&sort=asc", // no credentials
  "http://host:8080/path and mailto:user@example.com",
  "ssh git@github.com:org/repo.git",
  "eyJ alone, or eyJhbGciOiJIUzI1NiJ9 without a payload",
  "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----",
  "bearer of bad news",
  "time: 2026-12-01T09:41:07.512Z, sha 5f0c2a9e81d4b7c36a0e9f12d84b57c3e6a19b20",
  "[REDACTED] stays [REDACTED]",
].map((input) => ({ rule: "false positive", input, output: input }));

describe("value rules", () => {
  const redactor = createRedactor({ env: {} });
  it.each([...HITS, ...MISSES])("$rule: $input", ({ input, output }) => {
    expect(redactor.text(input)).toBe(output);
  });

  it.each(VALUE_RULES)("$name: every text it matches holds one of its needles", (rule) => {
    // A text holding none of a rule's needles is not searched with that rule at all.
    for (const needle of rule.needles) expect(needle).toBe(needle.toLowerCase());
    const matched = HITS.map((row) => row.input).filter((input) =>
      new RegExp(rule.pattern.source, rule.pattern.flags).test(input),
    );
    expect(matched.length).toBeGreaterThan(0);
    for (const input of matched) {
      expect(rule.needles.some((needle) => input.toLowerCase().includes(needle))).toBe(true);
    }
  });

  it.each(HITS)("is idempotent: $rule", ({ input }) => {
    const once = redactor.text(input);
    expect(redactor.text(once)).toBe(once);
  });

  it.each([
    ["a header", "Cookie: sid=abc123", "sid=abc123"],
    ["an AWS key id", AKIA, AKIA],
    ["a JWT", JWT, JWT],
    ["a URL password", "https://u:pw-1234@h.example/", "pw-1234"],
    ["a bearer credential", "Bearer abcdefghijklmnop1234", "abcdefghijklmnop1234"],
  ])("finds %s right after a JSON-escaped line break", (_what, planted, secret) => {
    const text = JSON.stringify({ lines: `first line\n${planted}\tand more` });
    expect(redactor.text(text)).not.toContain(secret);
    expect(JSON.parse(redactor.text(text))).toHaveProperty("lines");
  });

  it.each([
    ["a token", `token ${GH}`, GH],
    ["an AWS key id", `id ${AKIA}`, AKIA],
    ["a URL password", "https://u:pw-1234@h.example/", "pw-1234"],
    ["a header", "Authorization: Bearer s3cr3t-value", "s3cr3t-value"],
  ])("finds %s inside URL-encoded text and keeps it encoded", (_what, planted, secret) => {
    const url = `http://127.0.0.1/api?q=${encodeURIComponent(planted)}&page=2`;
    const out = redactor.text(url);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(out).toMatch(/^http:\/\/127\.0\.0\.1\/api\?q=\S*(?:REDACTED|\*\*\*)\S*&page=2$/);
  });

  it("leaves URL-encoded text without secrets exactly as it was", () => {
    const url = "http://127.0.0.1/search?q=blue%20mug+large&sort=price%2Basc&p=100%";
    expect(redactor.text(url)).toBe(url);
  });

  it("keeps a JSON text valid and redacts inside its strings", () => {
    const value = {
      error: `request failed: Authorization: Bearer ${GH}\nat https://u:p4ss@x.example/`,
      list: [`cookie: sid=1; ${JWT}`, AKIA],
      nested: { text: JSON.stringify({ authorization: `Bearer ${JWT}` }) },
    };
    const text = redactor.text(JSON.stringify(value, null, 2));
    const parsed = JSON.parse(text) as typeof value;
    expect(Object.keys(parsed)).toEqual(["error", "list", "nested"]);
    for (const secret of [GH, JWT, AKIA, "p4ss", "sid=1"]) expect(text).not.toContain(secret);
  });
});
