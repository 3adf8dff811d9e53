import { defineFlow } from "@agent-verify/runner";
import { CartPage } from "../pages/cart-page.js";
import { CatalogPage } from "../pages/catalog-page.js";

export default defineFlow({
  name: "add-remove-cart",
  steps: [
    "open-catalog",
    "add-to-cart",
    "assert-cart-count-1",
    "open-cart",
    "assert-line-item",
    "change-quantity",
    "assert-quantity-updated",
    "remove-item",
    "assert-cart-empty",
  ],
  async run({ page, step, expect }) {
    const catalog = new CatalogPage(page);
    const cart = new CartPage(page);

    await step("open-catalog", () => catalog.open());
    await step("add-to-cart", () => catalog.addToCart("Blue Mug"));
    await step("assert-cart-count-1", () => expect(catalog.cartCount).toHaveText("1"));
    await step("open-cart", () => catalog.header.openCart());
    await step("assert-line-item", async () => {
      await expect(cart.line("Blue Mug")).toBeVisible();
      await expect(cart.quantityOf("Blue Mug")).toHaveValue("1");
      await expect(cart.total).toHaveText("$12.00");
    });
    await step("change-quantity", () => cart.setQuantity("Blue Mug", 3));
    await step("assert-quantity-updated", async () => {
      await expect(cart.total).toHaveText("$36.00");
      await expect(cart.header.cartCount).toHaveText("3");
    });
    await step("remove-item", () => cart.remove("Blue Mug"));
    await step("assert-cart-empty", async () => {
      await expect(cart.content).toContainText("Your cart is empty.");
      await expect(cart.line("Blue Mug")).toHaveCount(0);
      await expect(cart.header.cartCount).toHaveText("0");
    });
  },
});
