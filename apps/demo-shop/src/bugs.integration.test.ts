import { describe, expect, it } from "vitest";
import { ShopClient, useShop } from "../test/shop-client.js";

const details = { name: "Ada Lovelace", email: "", address: "12 Analytical Row" };

/** The id the client script updates must be an id the page has, unless cart-count is on. */
async function badgeIdFound(client: ShopClient): Promise<boolean> {
  const script = await (await client.request("/assets/app.js")).text();
  const [, id] = /document\.getElementById\("([^"]+)"\);\n\s*if \(badge\)/.exec(script) ?? [];
  const page = await client.page("/");
  expect(id).toBeDefined();
  return page.html.includes(`id="${id}"`);
}

describe("no DEMO_BUG", () => {
  const shop = useShop();

  it("the add-to-cart script updates the badge the page renders", async () => {
    expect(await badgeIdFound(new ShopClient(shop().url))).toBe(true);
  });
});

describe("DEMO_BUG=cart-count", () => {
  const shop = useShop(["cart-count"]);

  it("the add-to-cart script looks for a badge id the page does not have", async () => {
    expect(await badgeIdFound(new ShopClient(shop().url))).toBe(false);
  });

  it("leaves the server-side count right", async () => {
    const client = new ShopClient(shop().url);
    await client.addToCart("blue-mug");
    expect((await client.page("/")).html).toContain('data-testid="cart-count">1</span>');
  });
});

describe("DEMO_BUG=checkout-empty-email", () => {
  const shop = useShop(["checkout-empty-email"]);

  it("accepts an order with an empty email through the form", async () => {
    const client = new ShopClient(shop().url);
    await client.addToCart("blue-mug");
    const response = await client.request("/checkout", { form: details });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/orders\/\d+$/);
  });

  it("accepts it through the API too, but still rejects a malformed email", async () => {
    const client = new ShopClient(shop().url);
    await client.addToCart("blue-mug");
    const malformed = await client.json("/api/orders", { json: { ...details, email: "x@" } });
    expect(malformed.status).toBe(422);
    expect((await client.json("/api/orders", { json: details })).status).toBe(201);
  });
});

describe("DEMO_BUG=login-always-fails,cart-count", () => {
  const shop = useShop(["login-always-fails", "cart-count"]);

  it("rejects the correct demo credentials", async () => {
    const client = new ShopClient(shop().url);
    const { status, html } = await client.page("/login", {
      form: { username: "demo", password: "demo-pass", next: "/" },
    });
    expect(status).toBe(401);
    expect(html).toContain("Incorrect username or password.");
    expect(client.cookies.size).toBe(0);
  });

  it("switches on both bugs at once", async () => {
    expect(await badgeIdFound(new ShopClient(shop().url))).toBe(false);
  });
});
