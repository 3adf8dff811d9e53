import { defineFlow } from "@agent-verify/runner";
import { CatalogPage } from "../pages/catalog-page.js";
import { CheckoutPage, DEMO_CUSTOMER } from "../pages/checkout-page.js";
import { OrderConfirmationPage } from "../pages/order-confirmation-page.js";
import { ProductPage } from "../pages/product-page.js";

const EMAIL_ERROR = "Enter your email address";

export default defineFlow({
  name: "checkout-validation-errors",
  steps: [
    "add-to-cart",
    "open-checkout",
    "submit-without-email",
    "assert-email-error",
    "assert-details-kept",
    "submit-with-email",
    "assert-order-confirmed",
  ],
  async run({ page, step, expect }) {
    const catalog = new CatalogPage(page);
    const product = new ProductPage(page);
    const checkout = new CheckoutPage(page);
    const confirmation = new OrderConfirmationPage(page);

    await step("add-to-cart", async () => {
      await catalog.open();
      await catalog.openProduct("Green Teapot");
      await product.addToCart(2);
    });
    await step("open-checkout", () => checkout.open());
    await step("submit-without-email", async () => {
      await checkout.fillCheckout({ ...DEMO_CUSTOMER, email: "" });
      await checkout.submitOrder();
    });
    await step("assert-email-error", async () => {
      await expect(checkout.errorSummary).toContainText(EMAIL_ERROR);
      await expect(checkout.emailInput).toHaveAttribute("aria-invalid", "true");
      await expect(checkout.emailInput).toHaveAccessibleDescription(EMAIL_ERROR);
    });
    await step("assert-details-kept", async () => {
      await expect(checkout.nameInput).toHaveValue(DEMO_CUSTOMER.name);
      await expect(checkout.addressInput).toHaveValue(DEMO_CUSTOMER.address);
      await expect(checkout.nameInput).not.toHaveAttribute("aria-invalid", "true");
    });
    await step("submit-with-email", async () => {
      await checkout.fillEmail(DEMO_CUSTOMER.email);
      await checkout.submitOrder();
    });
    await step("assert-order-confirmed", () => expect(confirmation.heading).toBeVisible());
  },
});
