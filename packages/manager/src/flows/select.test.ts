import { describe, expect, it } from "vitest";
import type { ListedFlow } from "./list.js";
import { admitFlow, matchesTags, selectFlows, tagGroups } from "./select.js";

const flow = (name: string, tags: string[], implemented = true): ListedFlow => ({
  name,
  description: "",
  timeout_s: 60,
  tags,
  implemented,
});
const listed = [
  flow("checkout", ["critical", "checkout"]),
  flow("login", ["critical", "auth"]),
  flow("search", ["catalog"]),
  flow("wishlist", ["catalog"], false),
];

describe("tags (Checkly's rule)", () => {
  it("splits a comma into an AND group and keeps repeats as OR", () => {
    expect(tagGroups(["critical,auth", "catalog", " , "])).toEqual([
      ["critical", "auth"],
      ["catalog"],
    ]);
    expect(matchesTags(["critical", "auth"], [["critical", "auth"]])).toBe(true);
    expect(matchesTags(["critical"], [["critical", "auth"]])).toBe(false);
    expect(matchesTags(["catalog"], [["critical", "auth"], ["catalog"]])).toBe(true);
  });

  it("selects by AND within one --tag", () => {
    expect(selectFlows(listed, { tags: ["critical,auth"] })).toEqual(["login"]);
  });

  it("selects by OR across repeated --tag", () => {
    expect(selectFlows(listed, { tags: ["checkout", "auth"] })).toEqual(["checkout", "login"]);
  });

  it("puts explicit names first and does not repeat them", () => {
    expect(selectFlows(listed, { names: ["search", "nope"], tags: ["critical"] })).toEqual([
      "search",
      "nope",
      "checkout",
      "login",
    ]);
  });

  it("--all selects every listed flow", () => {
    expect(selectFlows(listed, { all: true })).toEqual(["checkout", "login", "search", "wishlist"]);
  });
});

describe("admitFlow", () => {
  it("runs only valid, listed, implemented names", () => {
    expect(admitFlow("checkout", listed).kind).toBe("run");
    expect(admitFlow("wishlist", listed).kind).toBe("not_implemented");
    expect(admitFlow("nope", listed).kind).toBe("unknown_flow");
  });

  it.each([
    "checkout; touch /tmp/x",
    "$(touch /tmp/x)",
    "`id`",
    "--list",
    "../../etc",
    "a\nb",
    "",
    "Checkout",
  ])("refuses %j as not a valid flow name", (name) => {
    const admission = admitFlow(name, [...listed, flow(name, [])]);
    expect(admission).toMatchObject({
      kind: "unknown_flow",
      reason: expect.stringContaining("not a valid flow name"),
    });
  });
});
