import { defineFlow } from "@agent-verify/runner";

/** HTTP only: no browser is started, because `run` never names `page` or `context`. */
export default defineFlow({
  name: "api-health",
  steps: [
    "get-health",
    "list-products",
    "get-product",
    "unknown-route-404",
    "cart-round-trip",
    "reject-invalid-order",
  ],
  async run({ request, step, expect }) {
    await step("get-health", async () => {
      const response = await request.get("/health");
      await expect(response).toBeOK();
      expect(await response.json()).toEqual({ status: "ok" });
    });
    await step("list-products", async () => {
      const response = await request.get("/api/products");
      await expect(response).toBeOK();
      const { products } = (await response.json()) as { products: { id: string }[] };
      expect(products.length).toBeGreaterThan(0);
      expect(products.map((product) => product.id)).toContain("blue-mug");
    });
    await step("get-product", async () => {
      const response = await request.get("/api/products/blue-mug");
      await expect(response).toBeOK();
      expect(await response.json()).toMatchObject({
        product: { id: "blue-mug", name: "Blue Mug", priceCents: 1200 },
      });
    });
    await step("unknown-route-404", async () => {
      const response = await request.get("/api/no-such-route");
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).toContain("application/json");
    });
    await step("cart-round-trip", async () => {
      const added = await request.post("/api/cart", {
        data: { productId: "blue-mug", quantity: 2 },
      });
      await expect(added).toBeOK();
      expect(await added.json()).toMatchObject({ count: 2, totalCents: 2400 });
      const removed = await request.delete("/api/cart", { data: { productId: "blue-mug" } });
      await expect(removed).toBeOK();
      expect(await removed.json()).toMatchObject({ items: [], count: 0 });
    });
    await step("reject-invalid-order", async () => {
      await request.post("/api/cart", { data: { productId: "glass-carafe" } });
      const response = await request.post("/api/orders", {
        data: { name: "", email: "ada@example.com", address: "" },
      });
      expect(response.status()).toBe(422);
      expect(await response.json()).toEqual({
        errors: { name: "Enter your full name", address: "Enter your delivery address" },
      });
      await request.delete("/api/cart");
    });
  },
});
