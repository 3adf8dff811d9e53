import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useShop } from "../../test/shop-client.js";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

/** Console errors and 4xx/5xx responses seen by the page, e.g. a missing favicon. */
const problems = new WeakMap<Page, string[]>();

async function openPage(baseURL: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  const seen: string[] = [];
  problems.set(page, seen);
  page.on("console", (message) => {
    if (message.type() === "error") seen.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/");
  return page;
}

function addBlueMug(page: Page): Promise<void> {
  return page
    .getByRole("article", { name: "Blue Mug" })
    .getByRole("button", { name: "Add to cart" })
    .click();
}

async function addBlueMugWithScript(page: Page): Promise<void> {
  await addBlueMug(page);
  await page.getByRole("status").filter({ hasText: "Added Blue Mug to your cart." }).waitFor();
}

describe("add to cart in the browser", () => {
  const shop = useShop();

  it("updates the badge without a reload", async () => {
    const page = await openPage(shop().url);
    await addBlueMugWithScript(page);
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");
    expect(await page.getByRole("link", { name: "Cart (1)" }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems.get(page)).toEqual([]);
    await page.context().close();
  });

  it("still works as a plain form post without JavaScript", async () => {
    const page = await openPage(shop().url, false);
    await addBlueMug(page);
    await page.waitForURL("**/cart");
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");
    expect(await page.getByRole("row", { name: /Blue Mug/ }).count()).toBe(1);
    await page.context().close();
  });
});

describe("add to cart in the browser with DEMO_BUG=cart-count", () => {
  const shop = useShop(["cart-count"]);

  it("adds the item but leaves the badge at 0 until a reload", async () => {
    const page = await openPage(shop().url);
    await addBlueMugWithScript(page);
    expect(await page.getByTestId("cart-count").textContent()).toBe("0");
    await page.reload();
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");
    await page.context().close();
  });
});
