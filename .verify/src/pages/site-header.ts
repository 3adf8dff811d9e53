import type { Locator, Page } from "@agent-verify/runner";
import { REACTION_TIMEOUT_MS, waitUntilVisible } from "./waits.js";

/** The banner on every page: navigation, the cart badge, the signed-in user. */
export class SiteHeader {
  readonly cartLink: Locator;
  readonly cartCount: Locator;
  readonly currentUser: Locator;
  readonly logInLink: Locator;
  readonly logOutButton: Locator;
  readonly orderHistoryLink: Locator;
  /** The live region that announces what was just added to the cart. */
  readonly cartStatus: Locator;

  constructor(readonly page: Page) {
    const nav = page.getByRole("navigation", { name: "Main" });
    this.cartLink = nav.getByRole("link", { name: /^Cart \(\d+\)$/ });
    this.cartCount = page.getByTestId("cart-count");
    this.currentUser = page.getByTestId("current-user");
    this.logInLink = nav.getByRole("link", { name: "Log in" });
    this.logOutButton = nav.getByRole("button", { name: "Log out" });
    this.orderHistoryLink = nav.getByRole("link", { name: "Order history" });
    this.cartStatus = page.getByRole("status");
  }

  async openCart(): Promise<void> {
    await this.cartLink.click();
    await this.page.waitForURL("**/cart", { timeout: REACTION_TIMEOUT_MS });
  }

  async openOrderHistory(): Promise<void> {
    await this.orderHistoryLink.click();
  }

  async logOut(): Promise<void> {
    await this.logOutButton.click();
    await waitUntilVisible(this.logInLink, "the Log in link after logging out");
  }
}
