import type { CartSummary } from "../cart.js";
import type { Product } from "../catalog.js";
import type { Order } from "../orders.js";

/** The JSON shapes of the API; internal fields (session ids) never leave the server. */

export function productJson(product: Product) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceCents: product.priceCents,
  };
}

export function cartJson(cart: CartSummary) {
  return {
    items: cart.lines.map((line) => ({
      productId: line.product.id,
      name: line.product.name,
      quantity: line.quantity,
      unitPriceCents: line.product.priceCents,
      lineTotalCents: line.lineTotalCents,
    })),
    count: cart.count,
    totalCents: cart.totalCents,
  };
}

export function orderJson(order: Order) {
  return {
    id: order.id,
    createdAt: order.createdAt,
    customer: order.customer,
    lines: order.lines,
    count: order.count,
    totalCents: order.totalCents,
  };
}
