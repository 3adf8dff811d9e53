import { defineFlow } from "@agent-verify/runner";
import { CartPage } from "../pages/cart-page.js";
import { CatalogPage } from "../pages/catalog-page.js";
import { CheckoutPage, DEMO_CUSTOMER } from "../pages/checkout-page.js";
import { OrderConfirmationPage } from "../pages/order-confirmation-page.js";

export default defineFlow({
  name: "checkout-happy-path",
  steps: [
    "open-catalog",
    "add-to-cart",
    "assert-cart-count-1",
    "open-cart",
    "assert-cart-total",
    "checkout",
    "assert-order-confirmed",
  ],
  async run({ page, step, expect }) {
    const catalog = new CatalogPage(page);
    const cart = new CartPage(page);
    const checkout = new CheckoutPage(page);
    const confirmation = new OrderConfirmationPage(page);

    await step("open-catalog", () => catalog.open());
    await step("add-to-cart", () => catalog.addToCart("Blue Mug"));
    await step("assert-cart-count-1", () => expect(catalog.cartCount).toHaveText("1"));
    await step("open-cart", () => catalog.header.openCart());
    await step("assert-cart-total", async () => {
      await expect(cart.line("Blue Mug")).toBeVisible();
      await expect(cart.total).toHaveText("$12.00");
    });
    await step("checkout", async () => {
      await cart.proceedToCheckout();
      await checkout.fillCheckout(DEMO_CUSTOMER);
      await checkout.submitOrder();
    });
    await step("assert-order-confirmed", async () => {
      await expect(confirmation.heading).toBeVisible();
      await expect(confirmation.orderNumber).toHaveText(/^\d+$/);
      await expect(cart.header.cartCount).toHaveText("0");
    });
  },
});
