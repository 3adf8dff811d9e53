import type { Locator, Page } from "@agent-verify/runner";

/** `/orders`: the signed-in user's orders, newest first. */
export class OrderHistoryPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Order history", level: 1 });
  }

  order(orderNumber: string): Locator {
    return this.page.getByRole("link", { name: `Order #${orderNumber}`, exact: true });
  }

  /** Goes to /orders; anonymous visitors end up on the login page instead. */
  async open(): Promise<void> {
    await this.page.goto("/orders");
  }
}
