import { describe, expect, it } from "vitest";
import { createRedactor, isSecretName, REDACTED, secretEnvValues, valueForms } from "./index.js";

describe("isSecretName", () => {
  it.each([
    "GITHUB_TOKEN",
    "API_KEY",
    "APIKEY",
    "DB_PASSWORD",
    "PGPASSWORD",
    "DB_PASS",
    "MYSQL_PWD",
    "DATABASE_URL",
    "GH_PAT",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_ACCESS_KEY_ID",
    "SESSION_COOKIE",
    "STRIPE_KEY",
    "SENTRY_DSN",
    "BASIC_AUTH",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "npm_config_//registry.npmjs.org/:_authToken",
    "app_session",
  ])("%s looks secret", (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    "PWD",
    "OLDPWD",
    "HOME",
    "PATH",
    "GIT_AUTHOR_NAME",
    "KEYBOARD_LAYOUT",
    "XDG_SESSION_ID",
    "DBUS_SESSION_BUS_ADDRESS",
    "CLAUDE_CODE_SESSION_ID",
    "SSH_AUTH_SOCK",
    "BYPASS_PROXY",
    "VERIFY_BASE_URL",
    "PATCH_LEVEL",
  ])("%s does not", (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe("secretEnvValues", () => {
  it("takes values of secret names only, of at least 6 characters", () => {
    expect(
      secretEnvValues({
        API_KEY: "k-123456",
        DB_PASS: "short",
        HOME: "/root/secret-home",
        X: undefined,
      }),
    ).toEqual(["k-123456"]);
  });
});

describe("valueForms", () => {
  it("covers raw, JSON-escaped (once, twice) and URL-encoded forms", () => {
    const value = 'pa"ss\\w0rd /&=';
    const forms = valueForms(value);
    expect(forms).toContain(value);
    expect(forms).toContain(JSON.stringify(value).slice(1, -1));
    expect(forms).toContain(JSON.stringify(JSON.stringify(value)).slice(1, -1).slice(2, -2));
    expect(forms).toContain(encodeURIComponent(value));
    expect(forms).toContain(
      encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    );
  });
});

describe("env values in text", () => {
  const value = 'se"cr\\et/&pw=9';
  const redactor = createRedactor({ env: { DB_PASSWORD: value, HOME: "/root" } });

  it.each([
    ["raw", `connect with ${value} failed`],
    ["JSON-escaped", JSON.stringify({ error: `connect with ${value} failed` })],
    ["JSON in JSON", JSON.stringify({ stderr: JSON.stringify({ error: value }) })],
    ["URL-encoded", `GET /login?p=${encodeURIComponent(value)}&x=1`],
    ["lower-case URL-encoded", `p=${encodeURIComponent(value).toLowerCase()}`],
  ])("redacts the %s form", (_form, text) => {
    const out = redactor.text(text);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain("cr\\et");
    expect(out).not.toContain("cr%5Cet");
    expect(out.toLowerCase()).not.toContain("cr%5cet");
  });

  it("redacts each line of a multi-line value", () => {
    const r = createRedactor({ env: { SERVICE_TOKEN: "line-one-aaa\nline-two-bbb" } });
    expect(r.text("saw line-two-bbb here")).toBe(`saw ${REDACTED} here`);
  });

  it("redacts extra values given by the caller", () => {
    expect(createRedactor({ env: {}, values: ["found-in-diff"] }).text("x found-in-diff")).toBe(
      `x ${REDACTED}`,
    );
  });

  it("redacts deep inside a JSON-like value, keeping its shape", () => {
    const r = createRedactor({ env: { API_KEY: "k-123456" } });
    expect(r.deep({ a: ["k-123456", 1, null], b: { c: "x k-123456" }, d: true })).toEqual({
      a: [REDACTED, 1, null],
      b: { c: `x ${REDACTED}` },
      d: true,
    });
  });
});

describe("values cut short", () => {
  const r = createRedactor({ env: { API_KEY: "apikey-2ce1f0a9b8c7" } });

  it.each([
    [
      "a preview cut with an ellipsis",
      "<pre>key apikey-2ce1…</pre>",
      `<pre>key ${REDACTED}…</pre>`,
    ],
    ["three dots", "key apikey-2ce...", `key ${REDACTED}...`],
    ["a tail cut at its start", "…ce1f0a9b8c7 more", `…${REDACTED} more`],
  ])("redacts %s", (_what, text, expected) => {
    expect(r.text(text)).toBe(expected);
  });

  it.each([
    "loading…",
    "see apikey-… for details", // shorter than 8 characters: could be any word
    "wait... done",
    "value-2ce1… is not a prefix",
  ])("leaves %s alone", (text) => {
    expect(r.text(text)).toBe(text);
  });
});
