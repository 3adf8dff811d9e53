// The checkout-happy-path flow as a @playwright/test spec over the same page objects.
import { expect, test } from "@playwright/test";
import { CartPage } from "../../.verify/src/pages/cart-page.js";
import { CatalogPage } from "../../.verify/src/pages/catalog-page.js";
import { CheckoutPage, DEMO_CUSTOMER } from "../../.verify/src/pages/checkout-page.js";
import { OrderConfirmationPage } from "../../.verify/src/pages/order-confirmation-page.js";

test("checkout-happy-path", async ({ page }) => {
  const catalog = new CatalogPage(page);
  const cart = new CartPage(page);
  const checkout = new CheckoutPage(page);
  const confirmation = new OrderConfirmationPage(page);
  await test.step("open-catalog", () => catalog.open());
  await test.step("add-to-cart", () => catalog.addToCart("Blue Mug"));
  await test.step("assert-cart-count-1", () => expect(catalog.cartCount).toHaveText("1"));
  await test.step("open-cart", () => catalog.header.openCart());
  await test.step("assert-cart-total", async () => {
    await expect(cart.line("Blue Mug")).toBeVisible();
    await expect(cart.total).toHaveText("$12.00");
  });
  await test.step("checkout", async () => {
    await cart.proceedToCheckout();
    await checkout.fillCheckout(DEMO_CUSTOMER);
    await checkout.submitOrder();
  });
  await test.step("assert-order-confirmed", async () => {
    await expect(confirmation.heading).toBeVisible();
    await expect(confirmation.orderNumber).toHaveText(/^\d+$/);
    await expect(cart.header.cartCount).toHaveText("0");
  });
});
