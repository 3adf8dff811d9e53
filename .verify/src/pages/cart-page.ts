import type { Locator, Page } from "@agent-verify/runner";
import { REACTION_TIMEOUT_MS, submitAndWaitForAnswer, waitUntilVisible } from "./waits.js";
import { SiteHeader } from "./site-header.js";

/** `/cart`: one table row per product, with quantity, update and remove controls. */
export class CartPage {
  readonly header: SiteHeader;
  readonly heading: Locator;
  readonly content: Locator;
  readonly total: Locator;
  readonly checkoutLink: Locator;

  constructor(readonly page: Page) {
    this.header = new SiteHeader(page);
    this.heading = page.getByRole("heading", { name: "Your cart", level: 1 });
    this.content = page.getByRole("main");
    this.total = page.getByTestId("cart-total");
    this.checkoutLink = page.getByRole("link", { name: "Proceed to checkout" });
  }

  line(name: string): Locator {
    return this.page.getByRole("row").filter({ has: this.page.getByRole("link", { name }) });
  }

  quantityOf(name: string): Locator {
    return this.page.getByLabel(`Quantity of ${name}`);
  }

  async open(): Promise<void> {
    await this.page.goto("/cart");
    await waitUntilVisible(this.heading, "the cart page");
  }

  async setQuantity(name: string, quantity: number): Promise<void> {
    await this.quantityOf(name).fill(String(quantity));
    const update = this.line(name).getByRole("button", { name: `Update ${name}` });
    await submitAndWaitForAnswer(this.page, update, "/cart/update");
  }

  async remove(name: string): Promise<void> {
    const remove = this.line(name).getByRole("button", { name: `Remove ${name}` });
    await submitAndWaitForAnswer(this.page, remove, "/cart/remove");
  }

  async proceedToCheckout(): Promise<void> {
    await this.checkoutLink.click();
    await this.page.waitForURL("**/checkout", { timeout: REACTION_TIMEOUT_MS });
  }
}
