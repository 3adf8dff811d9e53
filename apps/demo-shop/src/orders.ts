import type { CartSummary } from "./cart.js";
import type { CheckoutDetails } from "./checkout.js";

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface Order {
  id: string;
  createdAt: string;
  customer: CheckoutDetails;
  lines: OrderLine[];
  count: number;
  totalCents: number;
  /** The signed-in user who placed it, if any. */
  username: string | undefined;
  /** The session that placed it, so an anonymous buyer can see the confirmation. */
  sessionId: string;
}

export interface OrderRequest {
  customer: CheckoutDetails;
  cart: CartSummary;
  username: string | undefined;
  sessionId: string;
}

export interface Viewer {
  username: string | undefined;
  sessionId: string | undefined;
}

const FIRST_ORDER_NUMBER = 1001;

/** In-memory orders, numbered from 1001 in the order they are placed. */
export class OrderStore {
  readonly #orders = new Map<string, Order>();
  #nextNumber = FIRST_ORDER_NUMBER;

  place(request: OrderRequest, now: Date = new Date()): Order {
    const order: Order = {
      id: String(this.#nextNumber++),
      createdAt: now.toISOString(),
      customer: request.customer,
      lines: request.cart.lines.map((line) => ({
        productId: line.product.id,
        name: line.product.name,
        quantity: line.quantity,
        unitPriceCents: line.product.priceCents,
        lineTotalCents: line.lineTotalCents,
      })),
      count: request.cart.count,
      totalCents: request.cart.totalCents,
      username: request.username,
      sessionId: request.sessionId,
    };
    this.#orders.set(order.id, order);
    return order;
  }

  /** The order if this viewer placed it (as the same user or in the same session). */
  findFor(id: string, viewer: Viewer): Order | undefined {
    const order = this.#orders.get(id);
    if (!order) return undefined;
    const isOwner = order.username !== undefined && order.username === viewer.username;
    return isOwner || order.sessionId === viewer.sessionId ? order : undefined;
  }

  /** A user's orders, newest first. */
  listFor(username: string): Order[] {
    return [...this.#orders.values()].filter((order) => order.username === username).reverse();
  }
}
