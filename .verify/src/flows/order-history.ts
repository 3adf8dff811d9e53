import { defineFlow } from "@agent-verify/runner";
import { CatalogPage } from "../pages/catalog-page.js";
import { CheckoutPage, DEMO_CUSTOMER } from "../pages/checkout-page.js";
import { LoginPage } from "../pages/login-page.js";
import { OrderConfirmationPage } from "../pages/order-confirmation-page.js";
import { OrderHistoryPage } from "../pages/order-history-page.js";

export default defineFlow({
  name: "order-history",
  steps: [
    "open-order-history",
    "assert-redirected-to-login",
    "log-in",
    "assert-order-history-shown",
    "place-order",
    "open-order-history-again",
    "assert-order-listed",
  ],
  async run({ page, step, expect }) {
    const history = new OrderHistoryPage(page);
    const login = new LoginPage(page);
    const catalog = new CatalogPage(page);
    const checkout = new CheckoutPage(page);
    const confirmation = new OrderConfirmationPage(page);
    let orderNumber = "";

    await step("open-order-history", () => history.open());
    await step("assert-redirected-to-login", async () => {
      await expect(page).toHaveURL(/\/login\?next=\/orders$/);
      await expect(login.heading).toBeVisible();
    });
    await step("log-in", () => login.logInAsDemo());
    await step("assert-order-history-shown", async () => {
      await expect(page).toHaveURL(/\/orders$/);
      await expect(history.heading).toBeVisible();
    });
    await step("place-order", async () => {
      await catalog.open();
      await catalog.addToCart("Linen Apron");
      await checkout.open();
      await checkout.fillCheckout(DEMO_CUSTOMER);
      await checkout.submitOrder();
      orderNumber = await confirmation.readOrderNumber();
    });
    await step("open-order-history-again", () => catalog.header.openOrderHistory());
    await step("assert-order-listed", async () => {
      await expect(history.heading).toBeVisible();
      await expect(history.order(orderNumber)).toBeVisible();
    });
  },
});
