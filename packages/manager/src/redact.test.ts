import { describe, expect, it } from "vitest";
import { redact, secretValues } from "./redact.js";

// A fake value, assembled so that secret scanners do not take it for a real one.
const fakePassword = ["hunter2", "longer", "value"].join("-");

describe("secretValues", () => {
  it("takes values of variables named like secrets, longest first", () => {
    const env = {
      GITHUB_TOKEN: "ghp_short1",
      DB_PASSWORD: fakePassword,
      api_key: "abcd1234",
      HTTP_AUTH_HEADER: "Bearer zzz",
      MY_SECRET: "s3cr3t!!",
      PATH: "/usr/bin",
      HOME: "/root",
      SHORT_KEY: "ab",
    };
    expect(secretValues(env)).toEqual([
      fakePassword,
      "ghp_short1",
      "Bearer zzz",
      "abcd1234",
      "s3cr3t!!",
    ]);
  });
});

describe("redact", () => {
  it("replaces every occurrence of every secret", () => {
    expect(redact("token=abc123 and again abc123, pw=pw-xyz", ["abc123", "pw-xyz"])).toBe(
      "token=[REDACTED] and again [REDACTED], pw=[REDACTED]",
    );
  });

  it("replaces a longer secret before a shorter one it contains", () => {
    const secrets = secretValues({ A_TOKEN: "abcd", B_TOKEN: "abcdef" });
    expect(redact("x abcdef y", secrets)).toBe("x [REDACTED] y");
  });
});
