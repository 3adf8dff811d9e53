import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellQuote, substituteFlow } from "./shell-quote.js";

describe("shellQuote", () => {
  it("leaves boring words alone", () => {
    expect(shellQuote("checkout-happy-path")).toBe("checkout-happy-path");
  });

  it.each(["a b", "it's", "$(id)", "`id`", "a;b", "--list", "a\nb", "", "'"])(
    "quotes %j so sh reads it back verbatim",
    (value) => {
      const echoed = execFileSync("sh", ["-c", `printf %s ${shellQuote(value)}`], {
        encoding: "utf8",
      });
      expect(echoed).toBe(value);
    },
  );
});

describe("substituteFlow", () => {
  it("replaces every {flow}", () => {
    expect(substituteFlow("run {flow} --out {flow}.json", "a b")).toBe(
      "run 'a b' --out 'a b'.json",
    );
    expect(substituteFlow("verify-runner {flow}", "--list")).toBe("verify-runner '--list'");
  });
});
