import type { Locator, Page } from "@agent-verify/runner";

/** How long a page object waits for the shop to react before it gives up with a clear error. */
export const REACTION_TIMEOUT_MS = 10_000;

/**
 * Clicks a form's submit button and waits for the server's answer to the POST. What the page
 * shows next (errors or the next page) is for the caller's web-first assertions to wait for.
 */
export async function submitAndWaitForAnswer(
  page: Page,
  button: Locator,
  path: string,
): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === path,
    { timeout: REACTION_TIMEOUT_MS },
  );
  await button.click();
  await answered;
}

/** Waits for `locator` to be visible, failing with `what` in the message instead of hanging. */
export async function waitUntilVisible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.waitFor({ state: "visible", timeout: REACTION_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`${what}: not visible after ${REACTION_TIMEOUT_MS} ms`, { cause: error });
  }
}
