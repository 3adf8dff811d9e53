import { describe, expect, it } from "vitest";
import { Router } from "./router.js";

const noop = () => {};

function routerWithRoutes() {
  const list = () => {};
  const show = () => {};
  const router = new Router<null>()
    .add("GET", "/products", list)
    .add("GET", "/products/:id", show)
    .add("POST", "/products", noop);
  return { router, list, show };
}

describe("Router", () => {
  it("matches static paths and ignores trailing slashes", () => {
    const { router, list } = routerWithRoutes();
    expect(router.match("GET", "/products")).toEqual({ kind: "found", handler: list, params: {} });
    expect(router.match("GET", "/products/")).toMatchObject({ kind: "found", handler: list });
  });

  it("decodes path parameters", () => {
    const { router, show } = routerWithRoutes();
    expect(router.match("GET", "/products/blue%20mug")).toEqual({
      kind: "found",
      handler: show,
      params: { id: "blue mug" },
    });
  });

  it("serves HEAD with the GET route", () => {
    const { router, list } = routerWithRoutes();
    expect(router.match("HEAD", "/products")).toMatchObject({ kind: "found", handler: list });
  });

  it("tells a wrong method apart from an unknown path", () => {
    const { router } = routerWithRoutes();
    expect(router.match("DELETE", "/products")).toEqual({
      kind: "method-not-allowed",
      allowed: ["GET", "POST"],
    });
    expect(router.match("GET", "/nothing")).toEqual({ kind: "not-found" });
    expect(router.match("GET", "/products/a/b")).toEqual({ kind: "not-found" });
  });

  it("does not match a parameter that is not valid percent-encoding", () => {
    const { router } = routerWithRoutes();
    expect(router.match("GET", "/products/%E0%A4%A")).toEqual({ kind: "not-found" });
  });
});
