import { step, type Locator, type Page } from "@agent-verify/runner";
import { submitAndWaitForAnswer, waitUntilVisible } from "./waits.js";
import { SiteHeader } from "./site-header.js";

export const DEMO_USER = { username: "demo", password: "demo-pass" } as const;

/** `/login`: username and password; a failed attempt shows an alert. */
export class LoginPage {
  readonly header: SiteHeader;
  readonly heading: Locator;
  readonly usernameInput: Locator;
  readonly passwordInput: Locator;
  readonly submitButton: Locator;
  readonly errorAlert: Locator;

  constructor(readonly page: Page) {
    this.header = new SiteHeader(page);
    this.heading = page.getByRole("heading", { name: "Log in", level: 1 });
    this.usernameInput = page.getByLabel("Username");
    this.passwordInput = page.getByLabel("Password");
    this.submitButton = page.getByRole("main").getByRole("button", { name: "Log in" });
    this.errorAlert = page.getByRole("alert");
  }

  async open(): Promise<void> {
    await this.page.goto("/login");
    await waitUntilVisible(this.heading, "the login form");
  }

  /** Submits the form; whether that worked is for the caller to check. */
  async logIn(username: string, password: string): Promise<void> {
    await this.usernameInput.fill(username);
    await this.passwordInput.fill(password);
    await submitAndWaitForAnswer(this.page, this.submitButton, "/login");
  }

  /** Logs in as the demo user from whatever login page is open and waits to be signed in. */
  logInAsDemo(): Promise<void> {
    return step("log in as demo", async () => {
      await this.logIn(DEMO_USER.username, DEMO_USER.password);
      const signedIn = this.header.currentUser.filter({ hasText: DEMO_USER.username });
      await waitUntilVisible(signedIn.or(this.errorAlert), "the login result");
      if (await this.errorAlert.isVisible()) {
        throw new Error(
          `login as ${DEMO_USER.username} failed: "${await this.errorAlert.innerText()}"`,
        );
      }
    });
  }
}
