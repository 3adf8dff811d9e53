// The checkout-happy-path flow as a plain Playwright script: launch, act, check, print.
import { chromium } from "playwright-core";
import { HEADLESS_ARGS } from "../../packages/runner/dist/browser/launch.js";

const baseURL = process.env.VERIFY_BASE_URL;
const browser = await chromium.launch({
  executablePath: process.env.VERIFY_BROWSER_PATH || "/usr/bin/chromium",
  args: HEADLESS_ARGS,
});
const check = async (locator, text) => {
  await locator.filter({ hasText: text }).waitFor();
};
try {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto("/");
  await page.getByRole("heading", { name: "Catalog", level: 1 }).waitFor();
  await page
    .getByRole("article", { name: "Blue Mug" })
    .getByRole("button", { name: "Add to cart" })
    .click();
  await page.getByRole("status").filter({ hasText: "Added Blue Mug to your cart." }).waitFor();
  await check(page.getByTestId("cart-count"), "1");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Cart \(\d+\)$/ })
    .click();
  await page.waitForURL("**/cart");
  await check(page.getByTestId("cart-total"), "$12.00");
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Delivery address").fill("12 Analytical Row, London");
  await page.getByRole("button", { name: "Place order" }).click();
  await page.getByRole("heading", { name: "Order confirmed", level: 1 }).waitFor();
  await check(page.getByTestId("cart-count"), "0");
  console.log(JSON.stringify({ flow: "checkout-happy-path", status: "pass" }));
} finally {
  await browser.close();
}
