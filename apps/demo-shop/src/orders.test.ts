import { describe, expect, it } from "vitest";
import { summarizeCart } from "./cart.js";
import { OrderStore } from "./orders.js";

const customer = { name: "Ada", email: "ada@example.com", address: "12 Analytical Row" };
const cart = summarizeCart([{ productId: "blue-mug", quantity: 2 }]);

describe("OrderStore", () => {
  it("numbers orders from 1001 and copies the priced lines", () => {
    const store = new OrderStore();
    const now = new Date("2026-01-02T03:04:05Z");
    const order = store.place({ customer, cart, username: undefined, sessionId: "s1" }, now);
    expect(order).toMatchObject({
      id: "1001",
      createdAt: "2026-01-02T03:04:05.000Z",
      count: 2,
      totalCents: 2400,
      lines: [{ productId: "blue-mug", name: "Blue Mug", quantity: 2, lineTotalCents: 2400 }],
    });
    expect(store.place({ customer, cart, username: undefined, sessionId: "s1" }).id).toBe("1002");
  });

  it("shows an order only to its session or its user", () => {
    const store = new OrderStore();
    const anonymous = store.place({ customer, cart, username: undefined, sessionId: "s1" });
    const demo = store.place({ customer, cart, username: "demo", sessionId: "s2" });
    expect(store.findFor(anonymous.id, { username: undefined, sessionId: "s1" })).toBe(anonymous);
    expect(
      store.findFor(anonymous.id, { username: undefined, sessionId: "other" }),
    ).toBeUndefined();
    expect(store.findFor(demo.id, { username: "demo", sessionId: "s9" })).toBe(demo);
    expect(store.findFor(demo.id, { username: "mallory", sessionId: "s9" })).toBeUndefined();
    expect(store.findFor("9999", { username: "demo", sessionId: "s2" })).toBeUndefined();
  });

  it("lists a user's orders newest first", () => {
    const store = new OrderStore();
    const first = store.place({ customer, cart, username: "demo", sessionId: "s1" });
    store.place({ customer, cart, username: undefined, sessionId: "s1" });
    const third = store.place({ customer, cart, username: "demo", sessionId: "s1" });
    expect(store.listFor("demo")).toEqual([third, first]);
    expect(store.listFor("nobody")).toEqual([]);
  });
});
