import { defineFlow } from "@agent-verify/runner";
import { DEMO_USER, LoginPage } from "../pages/login-page.js";

export default defineFlow({
  name: "login",
  steps: [
    "open-login",
    "submit-wrong-password",
    "assert-login-error",
    "submit-demo-credentials",
    "assert-logged-in",
  ],
  async run({ page, step, expect }) {
    const login = new LoginPage(page);

    await step("open-login", () => login.open());
    await step("submit-wrong-password", () => login.logIn(DEMO_USER.username, "not-the-password"));
    await step("assert-login-error", async () => {
      await expect(login.errorAlert).toHaveText("Incorrect username or password.");
      await expect(login.header.logInLink).toBeVisible();
    });
    await step("submit-demo-credentials", () =>
      login.logIn(DEMO_USER.username, DEMO_USER.password),
    );
    await step("assert-logged-in", async () => {
      await expect(login.header.currentUser).toHaveText(DEMO_USER.username);
      await expect(login.header.logOutButton).toBeVisible();
      await expect(login.errorAlert).toHaveCount(0);
    });
  },
});
