import { addItem, parseQuantity, removeItem, setQuantity } from "../cart.js";
import { findProduct } from "../catalog.js";
import {
  hasErrors,
  readCheckoutDetails,
  validateCheckout,
  type CheckoutDetails,
  type CheckoutErrors,
} from "../checkout.js";
import type { Order } from "../orders.js";
import type { RequestContext } from "./context.js";

/** The shared logic behind the HTML forms and the JSON API, so both behave the same. */

export type FieldErrors = Record<string, string>;

const QUANTITY_ERROR = "Quantity must be a whole number from 1 to 99";

function productIdError(productId: unknown): string | undefined {
  if (typeof productId !== "string" || productId === "") return "Choose a product";
  return findProduct(productId) ? undefined : "No such product";
}

/** Adds to the visitor's cart; a missing quantity means 1. */
export function addToCart(ctx: RequestContext, body: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const productError = productIdError(body.productId);
  if (productError) errors.productId = productError;
  const quantity = body.quantity === undefined ? 1 : parseQuantity(body.quantity);
  if (quantity === undefined) errors.quantity = QUANTITY_ERROR;
  if (Object.keys(errors).length > 0 || quantity === undefined) return errors;
  const session = ctx.ensureSession();
  session.cart = addItem(session.cart, String(body.productId), quantity);
  return errors;
}

export function updateQuantity(ctx: RequestContext, body: Record<string, unknown>): FieldErrors {
  const quantity = parseQuantity(body.quantity);
  if (quantity === undefined) return { quantity: QUANTITY_ERROR };
  const session = ctx.session;
  if (session) session.cart = setQuantity(session.cart, String(body.productId), quantity);
  return {};
}

export function removeFromCart(ctx: RequestContext, productId: unknown): void {
  const session = ctx.session;
  if (session && typeof productId === "string") session.cart = removeItem(session.cart, productId);
}

export type PlaceOrderResult =
  | { kind: "placed"; order: Order }
  | { kind: "invalid"; details: CheckoutDetails; errors: CheckoutErrors }
  | { kind: "empty-cart" };

/** Validates the details and turns the cart into an order, emptying the cart. */
export function placeOrder(ctx: RequestContext, body: Record<string, unknown>): PlaceOrderResult {
  const cart = ctx.cart();
  if (cart.lines.length === 0 || !ctx.session) return { kind: "empty-cart" };
  const details = readCheckoutDetails(body);
  const errors = validateCheckout(details, {
    acceptEmptyEmail: ctx.hasBug("checkout-empty-email"),
  });
  if (hasErrors(errors)) return { kind: "invalid", details, errors };
  const session = ctx.session;
  const order = ctx.state.orders.place({
    customer: details,
    cart,
    username: session.username,
    sessionId: session.id,
  });
  session.cart = [];
  return { kind: "placed", order };
}
