import { describe, expect, it } from "vitest";
import { ShopClient, useShop } from "../../test/shop-client.js";

const shop = useShop();
const client = () => new ShopClient(shop().url);
const details = { name: "Ada Lovelace", email: "ada@example.com", address: "12 Analytical Row" };

async function visitorWithCart(): Promise<ShopClient> {
  const visitor = client();
  await visitor.addToCart("blue-mug");
  return visitor;
}

describe("checkout form", () => {
  it("sends an empty cart back to the cart page", async () => {
    const response = await client().request("/checkout");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
  });

  it("shows labelled fields and the order summary", async () => {
    const { status, html } = await (await visitorWithCart()).page("/checkout");
    expect(status).toBe(200);
    expect(html).toContain('<label for="name">Full name</label>');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="address">Delivery address</label>');
    expect(html).toContain("1 × Blue Mug: $12.00");
    expect(html).not.toContain('role="alert"');
  });

  it("re-renders with 422, an alert summary and errors linked by aria-describedby", async () => {
    const visitor = await visitorWithCart();
    const { status, html } = await visitor.page("/checkout", {
      form: { name: "Ada <b>", email: "", address: "" },
    });
    expect(status).toBe(422);
    expect(html).toContain('role="alert"');
    expect(html).toContain('<li><a href="#email">Enter your email address</a></li>');
    expect(html).toContain('aria-invalid="true" aria-describedby="email-error"');
    expect(html).toContain('<p id="email-error" class="field-error">Enter your email address</p>');
    expect(html).toContain(
      '<p id="address-error" class="field-error">Enter your delivery address</p>',
    );
    expect(html).not.toContain('id="name-error"');
    expect(html).toContain('value="Ada &lt;b&gt;"');
  });

  it("places the order, empties the cart and shows the confirmation to the buyer only", async () => {
    const visitor = await visitorWithCart();
    const response = await visitor.request("/checkout", { form: details });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/orders\/\d+$/);
    const confirmation = await visitor.page(location);
    expect(confirmation.status).toBe(200);
    expect(confirmation.html).toContain("<h1>Order confirmed</h1>");
    expect(confirmation.html).toContain(`data-testid="order-number">${location.slice(8)}</strong>`);
    expect(confirmation.html).toContain('data-testid="cart-count">0</span>');
    expect((await client().request(location)).status).toBe(404);
  });
});
