import type { Locator, Page } from "@agent-verify/runner";
import { waitUntilVisible } from "./waits.js";

/** `/orders/:id` right after checkout. */
export class OrderConfirmationPage {
  readonly heading: Locator;
  readonly orderNumber: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Order confirmed", level: 1 });
    this.orderNumber = page.getByTestId("order-number");
  }

  /** The number of the order shown, once the confirmation is on screen. */
  async readOrderNumber(): Promise<string> {
    await waitUntilVisible(this.heading, "the order confirmation");
    return (await this.orderNumber.textContent())?.trim() ?? "";
  }
}
