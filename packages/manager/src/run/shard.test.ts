import { describe, expect, it } from "vitest";
import { parseShard, shardFlows } from "./shard.js";
import { grepFlows } from "./grep.js";

const names = ["login", "checkout", "cart", "logout", "api", "orders", "search"];

describe("--shard i/n", () => {
  it("parses i/n and refuses anything else", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, total: 3 });
    for (const bad of ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3", " 1/2"]) {
      expect(parseShard(bad)).toBeNull();
    }
  });

  it.each([1, 2, 3, 5, 9])("runs every flow exactly once over %i shards", (total) => {
    const parts = Array.from({ length: total }, (_, i) =>
      shardFlows(names, { index: i + 1, total }),
    );
    expect(parts.flat().sort()).toEqual([...names].sort());
  });

  it("is the same split whatever order the flows were listed in, each shard in selection order", () => {
    const reversed = [...names].reverse();
    for (const index of [1, 2, 3]) {
      const a = shardFlows(names, { index, total: 3 });
      const b = shardFlows(reversed, { index, total: 3 });
      expect([...b].sort()).toEqual([...a].sort());
      expect(a).toEqual(names.filter((name) => a.includes(name)));
    }
  });

  it("balances by the last known durations: longest first onto the lightest shard", () => {
    const durations = new Map([
      ["login", 9000],
      ["checkout", 8000],
      ["cart", 2000],
      ["logout", 2000],
      ["api", 1000],
      ["orders", 3000],
    ]);
    const one = shardFlows(names, { index: 1, total: 2 }, durations);
    const two = shardFlows(names, { index: 2, total: 2 }, durations);
    const cost = (part: string[]) =>
      part.reduce((sum, name) => sum + (durations.get(name) ?? 3500), 0);
    expect([...one, ...two].sort()).toEqual([...names].sort());
    expect(one).toContain("login");
    expect(two).toContain("checkout");
    expect(Math.abs(cost(one) - cost(two))).toBeLessThanOrEqual(2000);
  });
});

describe("--grep / --grep-invert", () => {
  const listed = names.map((name) => ({
    name,
    description: name === "orders" ? "after login the order is listed" : `the ${name} page`,
    tags: [],
    implemented: true,
  }));

  it("matches the name or the description; --grep-invert drops matches", () => {
    expect(grepFlows(names, listed, { grep: "log" })).toEqual(["login", "logout", "orders"]);
    expect(grepFlows(names, listed, { grep: "^c" })).toEqual(["checkout", "cart"]);
    expect(grepFlows(names, listed, { grepInvert: "log" })).toEqual([
      "checkout",
      "cart",
      "api",
      "search",
    ]);
    expect(grepFlows(names, listed, { grep: "log", grepInvert: "out" })).toEqual([
      "login",
      "orders",
    ]);
  });
});
