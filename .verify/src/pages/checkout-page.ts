import type { Locator, Page } from "@agent-verify/runner";
import { submitAndWaitForAnswer, waitUntilVisible } from "./waits.js";

export interface CustomerDetails {
  name: string;
  email: string;
  address: string;
}

export const DEMO_CUSTOMER: CustomerDetails = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  address: "12 Analytical Row, London",
};

/** `/checkout`: the details form; on errors, an alert summary plus a message per field. */
export class CheckoutPage {
  readonly heading: Locator;
  readonly nameInput: Locator;
  readonly emailInput: Locator;
  readonly addressInput: Locator;
  readonly placeOrderButton: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Checkout", level: 1 });
    this.nameInput = page.getByLabel("Full name");
    this.emailInput = page.getByLabel("Email", { exact: true });
    this.addressInput = page.getByLabel("Delivery address");
    this.placeOrderButton = page.getByRole("button", { name: "Place order" });
    this.errorSummary = page.getByRole("alert");
  }

  async open(): Promise<void> {
    await this.page.goto("/checkout");
    await waitUntilVisible(this.heading, "the checkout form (is the cart empty?)");
  }

  /** Fills every field, leaving empty the ones given as "". */
  async fillCheckout(details: CustomerDetails): Promise<void> {
    await this.nameInput.fill(details.name);
    await this.emailInput.fill(details.email);
    await this.addressInput.fill(details.address);
  }

  async fillEmail(email: string): Promise<void> {
    await this.emailInput.fill(email);
  }

  /** Submits the form and waits for the server's answer: errors or a confirmation. */
  async submitOrder(): Promise<void> {
    await submitAndWaitForAnswer(this.page, this.placeOrderButton, "/checkout");
  }
}
