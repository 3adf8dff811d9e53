import { describe, expect, it } from "vitest";
import { ShopClient, useShop } from "../../test/shop-client.js";

const shop = useShop();
const client = () => new ShopClient(shop().url);

describe("login and logout", () => {
  it("shows a labelled login form", async () => {
    const { status, html } = await client().page("/login?next=/orders");
    expect(status).toBe(200);
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('name="next" value="/orders"');
  });

  it("rejects a wrong password with 401 and an alert, and sets no session", async () => {
    const visitor = client();
    const { status, html } = await visitor.page("/login", {
      form: { username: "demo", password: "nope", next: "/" },
    });
    expect(status).toBe(401);
    expect(html).toContain(
      '<div class="error-summary" role="alert"><p>Incorrect username or password.</p></div>',
    );
    expect(html).toContain('name="username" autocomplete="username" value="demo"');
    expect(visitor.cookies.size).toBe(0);
  });

  it("signs in on a new HttpOnly session id, keeps the cart and goes to next", async () => {
    const visitor = client();
    await visitor.addToCart("blue-mug");
    const before = visitor.cookies.get("shop_session");
    const response = await visitor.request("/login", {
      form: { username: "demo", password: "demo-pass", next: "/cart" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    expect(response.headers.get("set-cookie")).toContain("HttpOnly");
    expect(visitor.cookies.get("shop_session")).not.toBe(before);
    const { html } = await visitor.page("/cart");
    expect(html).toContain('Signed in as <strong data-testid="current-user">demo</strong>');
    expect(html).toContain('data-testid="cart-count">1</span>');
  });

  it("never redirects off-site after login", async () => {
    const visitor = client();
    const response = await visitor.request("/login", {
      form: { username: "demo", password: "demo-pass", next: "//evil.example" },
    });
    expect(response.headers.get("location")).toBe("/");
  });

  it("logs out: the cookie is cleared and the old session id stops working", async () => {
    const visitor = client();
    await visitor.logIn();
    const sessionId = visitor.cookies.get("shop_session") ?? "";
    const response = await visitor.request("/logout", { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
    const replay = client();
    replay.cookies.set("shop_session", sessionId);
    expect((await replay.request("/orders")).status).toBe(303);
  });
});

describe("order history", () => {
  it("sends anonymous visitors to /login?next=/orders", async () => {
    const response = await client().request("/orders");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?next=/orders");
  });

  it("lists the signed-in user's orders, newest first", async () => {
    const visitor = client();
    await visitor.logIn();
    expect((await visitor.page("/orders")).html).toContain("You have not placed any orders yet.");
    const ids: string[] = [];
    for (const productId of ["blue-mug", "linen-apron"]) {
      await visitor.addToCart(productId);
      const placed = await visitor.request("/checkout", {
        form: { name: "Demo", email: "demo@example.com", address: "1 Demo Street" },
      });
      ids.push((placed.headers.get("location") ?? "").slice("/orders/".length));
    }
    const { status, html } = await visitor.page("/orders");
    expect(status).toBe(200);
    const listed = [...html.matchAll(/>Order #(\d+)<\/a>/g)].map((match) => match[1]);
    expect(listed).toEqual([...ids].reverse());
  });
});
