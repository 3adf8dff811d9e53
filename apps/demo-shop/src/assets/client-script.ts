export interface ClientScriptOptions {
  /**
   * The `cart-count` bug: the script looks the badge up by an id that a markup change renamed,
   * finds nothing, and so never updates it after an add-to-cart.
   */
  staleBadgeId?: boolean;
}

/**
 * The only client-side JS: "Add to cart" forms post to /api/cart with fetch and update the badge
 * and the status message without a reload. Without JS (or when fetch fails) the form posts as usual.
 */
export function clientScript(options: ClientScriptOptions = {}): string {
  const badgeId = options.staleBadgeId ? "cart-badge" : "cart-count";
  return `"use strict";
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-add-to-cart")) return;
  event.preventDefault();
  const data = new FormData(form);
  const button = form.querySelector("button");
  if (button) button.disabled = true;
  try {
    const response = await fetch("/api/cart", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ productId: data.get("productId"), quantity: Number(data.get("quantity")) }),
    });
    if (!response.ok) throw new Error("add to cart failed with " + response.status);
    const cart = await response.json();
    const badge = document.getElementById(${JSON.stringify(badgeId)});
    if (badge) badge.textContent = String(cart.count);
    const status = document.getElementById("cart-status");
    if (status) status.textContent = "Added " + form.dataset.productName + " to your cart.";
  } catch (error) {
    console.error(error);
    form.submit();
  } finally {
    if (button) button.disabled = false;
  }
});
`;
}
