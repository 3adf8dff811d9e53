import { defineFlow } from "@agent-verify/runner";
import { LoginPage } from "../pages/login-page.js";
import { OrderHistoryPage } from "../pages/order-history-page.js";

export default defineFlow({
  name: "logout",
  steps: ["log-in", "log-out", "assert-logged-out", "assert-history-requires-login"],
  async run({ page, step, expect }) {
    const login = new LoginPage(page);
    const history = new OrderHistoryPage(page);

    await step("log-in", async () => {
      await login.open();
      await login.logInAsDemo();
    });
    await step("log-out", () => login.header.logOut());
    await step("assert-logged-out", async () => {
      await expect(login.header.currentUser).toHaveCount(0);
      await expect(login.header.logInLink).toBeVisible();
    });
    await step("assert-history-requires-login", async () => {
      await history.open();
      await expect(page).toHaveURL(/\/login\?next=\/orders$/);
      await expect(login.heading).toBeVisible();
    });
  },
});
