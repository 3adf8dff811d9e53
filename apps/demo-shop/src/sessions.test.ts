import { describe, expect, it } from "vitest";
import { SessionStore } from "./sessions.js";

function storeWithClock(idleTimeoutMs = 1000) {
  const clock = { now: 0 };
  return { clock, store: new SessionStore(idleTimeoutMs, () => clock.now) };
}

describe("SessionStore", () => {
  it("creates sessions with distinct unguessable ids and finds them again", () => {
    const { store } = storeWithClock();
    const first = store.create();
    const second = store.create();
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.id).not.toBe(second.id);
    expect(store.get(first.id)).toBe(first);
    expect(store.get(undefined)).toBeUndefined();
    expect(store.get("unknown")).toBeUndefined();
  });

  it("expires idle sessions, and use keeps a session alive", () => {
    const { clock, store } = storeWithClock(1000);
    const active = store.create();
    const idle = store.create();
    clock.now = 900;
    store.get(active.id);
    clock.now = 1500;
    expect(store.get(active.id)).toBe(active);
    expect(store.get(idle.id)).toBeUndefined();
  });

  it("sweeps expired sessions when a new one is made", () => {
    const { clock, store } = storeWithClock(1000);
    store.create();
    store.create();
    clock.now = 5000;
    store.create();
    expect(store.size).toBe(1);
  });

  it("rotates to a new id keeping cart and user, and the old id stops working", () => {
    const { store } = storeWithClock();
    const session = store.create();
    session.cart = [{ productId: "blue-mug", quantity: 1 }];
    session.username = "demo";
    const rotated = store.rotate(session);
    expect(rotated.id).not.toBe(session.id);
    expect(rotated.cart).toEqual(session.cart);
    expect(rotated.username).toBe("demo");
    expect(store.get(session.id)).toBeUndefined();
    expect(store.get(rotated.id)).toBe(rotated);
  });

  it("destroys a session", () => {
    const { store } = storeWithClock();
    const session = store.create();
    store.destroy(session.id);
    expect(store.get(session.id)).toBeUndefined();
  });
});
