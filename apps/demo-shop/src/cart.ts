import { findProduct, type Product } from "./catalog.js";

export const MAX_QUANTITY = 99;

/** What a session stores: product ids and quantities, never prices. */
export interface CartItem {
  productId: string;
  quantity: number;
}

export interface CartLine {
  product: Product;
  quantity: number;
  lineTotalCents: number;
}

export interface CartSummary {
  lines: CartLine[];
  count: number;
  totalCents: number;
}

/** A whole number from 1 to MAX_QUANTITY, given as a number or a numeric string; else undefined. */
export function parseQuantity(value: unknown): number | undefined {
  const quantity = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof quantity !== "number" || !Number.isInteger(quantity)) return undefined;
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : undefined;
}

export function addItem(
  items: readonly CartItem[],
  productId: string,
  quantity: number,
): CartItem[] {
  const existing = items.find((item) => item.productId === productId);
  if (!existing) return [...items, { productId, quantity }];
  return setQuantity(items, productId, Math.min(existing.quantity + quantity, MAX_QUANTITY));
}

export function setQuantity(
  items: readonly CartItem[],
  productId: string,
  quantity: number,
): CartItem[] {
  return items.map((item) => (item.productId === productId ? { productId, quantity } : item));
}

export function removeItem(items: readonly CartItem[], productId: string): CartItem[] {
  return items.filter((item) => item.productId !== productId);
}

/** Prices each line from the catalog; items whose product no longer exists are left out. */
export function summarizeCart(items: readonly CartItem[]): CartSummary {
  const lines: CartLine[] = [];
  for (const item of items) {
    const product = findProduct(item.productId);
    if (product) {
      lines.push({
        product,
        quantity: item.quantity,
        lineTotalCents: product.priceCents * item.quantity,
      });
    }
  }
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
}
