import type { Locator, Page } from "@agent-verify/runner";
import { SiteHeader } from "./site-header.js";
import { waitUntilVisible } from "./waits.js";

/** `/`: every product as a card with a link and an "Add to cart" button. */
export class CatalogPage {
  readonly header: SiteHeader;
  readonly heading: Locator;
  readonly products: Locator;
  readonly cartCount: Locator;

  constructor(readonly page: Page) {
    this.header = new SiteHeader(page);
    this.heading = page.getByRole("heading", { name: "Catalog", level: 1 });
    this.products = page.getByRole("list", { name: "Products" }).getByRole("article");
    this.cartCount = this.header.cartCount;
  }

  product(name: string): Locator {
    return this.page.getByRole("article", { name });
  }

  async open(): Promise<void> {
    await this.page.goto("/");
    await waitUntilVisible(this.heading, "the catalog");
  }

  /** Adds one of the product and waits until the shop says it was added. */
  async addToCart(name: string): Promise<void> {
    await this.product(name).getByRole("button", { name: "Add to cart" }).click();
    const message = `Added ${name} to your cart.`;
    await waitUntilVisible(this.header.cartStatus.filter({ hasText: message }), `"${message}"`);
  }

  async openProduct(name: string): Promise<void> {
    await this.product(name).getByRole("link", { name }).click();
    await waitUntilVisible(this.page.getByRole("heading", { name, level: 1 }), `the ${name} page`);
  }
}
