import { describe, expect, it } from "vitest";
import { ShopClient, useShop } from "../../test/shop-client.js";

const shop = useShop();
const client = () => new ShopClient(shop().url);

describe("catalog and product pages", () => {
  it("lists every product with a link and an Add to cart form, badge at 0", async () => {
    const { status, html } = await client().page("/");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Catalog</h1>");
    expect(html.match(/<button type="submit">Add to cart<\/button>/g)).toHaveLength(6);
    expect(html).toContain('<a href="/products/blue-mug">Blue Mug</a>');
    expect(html).toContain('<span id="cart-count" data-testid="cart-count">0</span>');
    expect(html).toContain('<nav aria-label="Main">');
    expect(html).toContain('<main id="main"');
  });

  it("shows a product page with a labelled quantity", async () => {
    const { status, html } = await client().page("/products/green-teapot");
    expect(status).toBe(200);
    expect(html).toContain('<h1 id="product-name">Green Teapot</h1>');
    expect(html).toContain('<label for="quantity">Quantity</label>');
    expect(html).toContain("$34.00");
  });

  it("answers 404 with an HTML page for unknown products and paths", async () => {
    for (const path of ["/products/nope", "/no/such/page"]) {
      const response = await client().request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain("<h1>Page not found</h1>");
    }
  });

  it("serves the script and stylesheet with their types and a CSP on pages", async () => {
    const script = await client().request("/assets/app.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain('document.getElementById("cart-count")');
    const styles = await client().request("/assets/app.css");
    expect(styles.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const icon = await client().request("/assets/icon.svg");
    expect(icon.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const page = await client().request("/");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("cart forms without JavaScript", () => {
  it("adds with a plain POST, shows line, quantity and total, updates and removes", async () => {
    const visitor = client();
    const added = await visitor.request("/cart/items", {
      form: { productId: "blue-mug", quantity: "2" },
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/cart");
    let cart = await visitor.page("/cart");
    expect(cart.html).toContain('<a href="/products/blue-mug">Blue Mug</a>');
    expect(cart.html).toContain(
      'id="quantity-blue-mug" name="quantity" type="number" min="1" max="99" value="2"',
    );
    expect(cart.html).toContain('<td data-testid="cart-total">$24.00</td>');
    expect(cart.html).toContain('data-testid="cart-count">2</span>');
    expect(cart.html).toContain('Remove<span class="visually-hidden"> Blue Mug</span>');

    await visitor.request("/cart/update", { form: { productId: "blue-mug", quantity: "5" } });
    cart = await visitor.page("/cart");
    expect(cart.html).toContain('<td data-testid="cart-total">$60.00</td>');

    const removed = await visitor.request("/cart/remove", { form: { productId: "blue-mug" } });
    expect(removed.status).toBe(303);
    cart = await visitor.page("/cart");
    expect(cart.html).toContain("<p>Your cart is empty.</p>");
    expect(cart.html).toContain('data-testid="cart-count">0</span>');
  });

  it("ignores an add with a bad quantity", async () => {
    const visitor = client();
    await visitor.request("/cart/items", { form: { productId: "blue-mug", quantity: "0" } });
    expect((await visitor.json("/api/cart")).body).toMatchObject({ count: 0 });
  });
});

describe("session cookie", () => {
  it("is set only once something is stored, HttpOnly and SameSite=Lax", async () => {
    const visitor = client();
    const catalog = await visitor.request("/");
    expect(catalog.headers.getSetCookie()).toEqual([]);
    const added = await visitor.request("/api/cart", { json: { productId: "blue-mug" } });
    const [cookie = ""] = added.headers.getSetCookie();
    expect(cookie).toMatch(/^shop_session=[A-Za-z0-9_-]{32}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("ignores a forged session id", async () => {
    const visitor = client();
    visitor.cookies.set("shop_session", "forged");
    expect((await visitor.json("/api/cart")).body).toMatchObject({ count: 0 });
  });
});
