import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./json-depth.js";

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: "[[[[{{{{" }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a "quoted" \\ [[[[' }), 1)).toBe(false);
  });

  it("answers for 200k levels without recursion", () => {
    expect(nestsDeeperThan(`${"[".repeat(200_000)}${"]".repeat(200_000)}`, 64)).toBe(true);
  });
});
