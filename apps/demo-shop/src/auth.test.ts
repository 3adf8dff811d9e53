import { describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, findUser, verifyCredentials } from "./auth.js";

const { username, password } = DEMO_CREDENTIALS;

describe("verifyCredentials", () => {
  it("accepts the demo user's password", () => {
    expect(verifyCredentials(username, password)).toEqual({
      username: "demo",
      displayName: "Demo User",
    });
  });

  it("rejects a wrong password, an empty one and an unknown user", () => {
    expect(verifyCredentials(username, "wrong")).toBeUndefined();
    expect(verifyCredentials(username, "")).toBeUndefined();
    expect(verifyCredentials("nobody", password)).toBeUndefined();
  });

  it("with the login-always-fails bug rejects even the right password", () => {
    expect(verifyCredentials(username, password, { useLegacySalt: true })).toBeUndefined();
  });
});

describe("findUser", () => {
  it("returns the public part of a user only", () => {
    expect(findUser("demo")).toEqual({ username: "demo", displayName: "Demo User" });
    expect(findUser("nobody")).toBeUndefined();
  });
});
