import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellQuote } from "./shell-quote.js";

describe("shellQuote, read back by a real sh", () => {
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
