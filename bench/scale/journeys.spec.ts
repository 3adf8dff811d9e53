// The seven demo journeys as ONE @playwright/test spec file, for bench/scale-bench.mjs:
// each test runs the very flow module verify-runner runs (.verify/src/flows/*.ts) with
// Playwright Test's own fixtures, so both tools do the same page work.
import { expect, test } from "@playwright/test";
import addRemoveCart from "../../.verify/src/flows/add-remove-cart.js";
import apiHealth from "../../.verify/src/flows/api-health.js";
import checkoutHappyPath from "../../.verify/src/flows/checkout-happy-path.js";
import checkoutValidationErrors from "../../.verify/src/flows/checkout-validation-errors.js";
import login from "../../.verify/src/flows/login.js";
import logout from "../../.verify/src/flows/logout.js";
import orderHistory from "../../.verify/src/flows/order-history.js";

const flows = [
  checkoutHappyPath,
  login,
  logout,
  addRemoveCart,
  checkoutValidationErrors,
  orderHistory,
  apiHealth,
];

test.describe.configure({ mode: "parallel" });

for (const flow of flows) {
  test(flow.name, async ({ page, context, browser, request, baseURL }) => {
    await flow.run({
      page,
      context,
      browser,
      request,
      baseURL,
      expect,
      step: (name, fn) => test.step(name, async () => await fn()),
      log: (...args) => console.log(...args),
    });
  });
}
