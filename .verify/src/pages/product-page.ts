import type { Locator, Page } from "@agent-verify/runner";
import { SiteHeader } from "./site-header.js";
import { waitUntilVisible } from "./waits.js";

/** `/products/:id`: one product with a quantity field. */
export class ProductPage {
  readonly header: SiteHeader;
  readonly quantity: Locator;
  readonly addToCartButton: Locator;

  constructor(readonly page: Page) {
    this.header = new SiteHeader(page);
    this.quantity = page.getByLabel("Quantity");
    this.addToCartButton = page.getByRole("button", { name: "Add to cart" });
  }

  /** Adds `quantity` of this product and waits until the shop says it was added. */
  async addToCart(quantity: number): Promise<void> {
    await this.quantity.fill(String(quantity));
    await this.addToCartButton.click();
    const added = this.header.cartStatus.filter({ hasText: "to your cart." });
    await waitUntilVisible(added, "the added-to-cart message");
  }
}
