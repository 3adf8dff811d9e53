import { describe, expect, it } from "vitest";
import { ShopClient, useShop } from "../../test/shop-client.js";

const shop = useShop();
const client = () => new ShopClient(shop().url);
const validOrder = { name: "Ada Lovelace", email: "ada@example.com", address: "12 Analytical Row" };

describe("GET /health and products", () => {
  it("answers health as JSON", async () => {
    const response = await client().request("/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("lists six products and shows one", async () => {
    const list = await client().json("/api/products");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ products: expect.any(Array) });
    expect((list.body as { products: unknown[] }).products).toHaveLength(6);
    expect(await client().json("/api/products/blue-mug")).toEqual({
      status: 200,
      body: {
        product: {
          id: "blue-mug",
          name: "Blue Mug",
          description: expect.any(String),
          priceCents: 1200,
        },
      },
    });
  });

  it("answers 404 JSON for an unknown product or API route, 405 for a wrong method", async () => {
    expect(await client().json("/api/products/nope")).toEqual({
      status: 404,
      body: { error: 'No product with id "nope"' },
    });
    expect(await client().json("/api/nothing/here")).toEqual({
      status: 404,
      body: { error: "No API route /api/nothing/here" },
    });
    const wrongMethod = await client().request("/api/products", { method: "PUT" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
  });
});

describe("/api/cart", () => {
  it("starts empty, adds, merges, removes one line and clears", async () => {
    const visitor = client();
    expect(await visitor.json("/api/cart")).toEqual({
      status: 200,
      body: { items: [], count: 0, totalCents: 0 },
    });
    await visitor.addToCart("blue-mug", 2);
    await visitor.addToCart("green-teapot");
    const added = await visitor.json("/api/cart", { json: { productId: "blue-mug", quantity: 1 } });
    expect(added).toEqual({
      status: 200,
      body: {
        items: [
          {
            productId: "blue-mug",
            name: "Blue Mug",
            quantity: 3,
            unitPriceCents: 1200,
            lineTotalCents: 3600,
          },
          {
            productId: "green-teapot",
            name: "Green Teapot",
            quantity: 1,
            unitPriceCents: 3400,
            lineTotalCents: 3400,
          },
        ],
        count: 4,
        totalCents: 7000,
      },
    });
    const removed = await visitor.json("/api/cart", {
      method: "DELETE",
      json: { productId: "blue-mug" },
    });
    expect(removed.body).toMatchObject({ count: 1, totalCents: 3400 });
    const cleared = await visitor.json("/api/cart", { method: "DELETE" });
    expect(cleared.body).toEqual({ items: [], count: 0, totalCents: 0 });
  });

  it("keeps one cart per visitor", async () => {
    const first = client();
    await first.addToCart("blue-mug");
    expect((await client().json("/api/cart")).body).toMatchObject({ count: 0 });
    expect((await first.json("/api/cart")).body).toMatchObject({ count: 1 });
  });

  it("rejects unknown products and bad quantities with 422 and field errors", async () => {
    expect(await client().json("/api/cart", { json: { productId: "nope", quantity: 0 } })).toEqual({
      status: 422,
      body: {
        errors: {
          productId: "No such product",
          quantity: "Quantity must be a whole number from 1 to 99",
        },
      },
    });
    expect(await client().json("/api/cart", { json: {} })).toEqual({
      status: 422,
      body: { errors: { productId: "Choose a product" } },
    });
  });

  it("answers 400 for a body that is not JSON or not an object, 415 for another type", async () => {
    const headers = { "content-type": "application/json" };
    expect(await client().json("/api/cart", { body: "{oops", headers })).toEqual({
      status: 400,
      body: { error: "Request body is not valid JSON" },
    });
    expect(await client().json("/api/cart", { body: "[1]", headers })).toEqual({
      status: 400,
      body: { error: "Request body must be a JSON object" },
    });
    const textBody = { body: "productId=blue-mug", headers: { "content-type": "text/plain" } };
    expect((await client().json("/api/cart", textBody)).status).toBe(415);
  });
});

describe("/api/orders", () => {
  it("refuses an order for an empty cart", async () => {
    expect(await client().json("/api/orders", { json: validOrder })).toEqual({
      status: 422,
      body: { errors: { cart: "Your cart is empty" } },
    });
  });

  it("validates like the form and names each field", async () => {
    const visitor = client();
    await visitor.addToCart("blue-mug");
    const result = await visitor.json("/api/orders", {
      json: { name: "", email: "not-an-email", address: "" },
    });
    expect(result).toEqual({
      status: 422,
      body: {
        errors: {
          name: "Enter your full name",
          email: "Enter an email address like name@example.com",
          address: "Enter your delivery address",
        },
      },
    });
    expect((await visitor.json("/api/cart")).body).toMatchObject({ count: 1 });
  });

  it("places an order, empties the cart, and lets the buyer read it back", async () => {
    const visitor = client();
    await visitor.addToCart("glass-carafe", 2);
    const response = await visitor.request("/api/orders", { json: validOrder });
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: { id: string } };
    expect(order).toMatchObject({ customer: validOrder, count: 2, totalCents: 4400 });
    expect(response.headers.get("location")).toBe(`/api/orders/${order.id}`);
    expect((await visitor.json("/api/cart")).body).toMatchObject({ count: 0 });
    expect((await visitor.json(`/api/orders/${order.id}`)).body).toEqual({ order });
    expect((await client().json(`/api/orders/${order.id}`)).status).toBe(404);
  });

  it("lists orders only for a signed-in user", async () => {
    expect(await client().json("/api/orders")).toEqual({
      status: 401,
      body: { error: "Log in to see your orders" },
    });
    const demo = client();
    await demo.logIn();
    await demo.addToCart("oak-coasters");
    const placed = await demo.json("/api/orders", { json: validOrder });
    const listed = await demo.json("/api/orders");
    expect(listed.status).toBe(200);
    expect((listed.body as { orders: unknown[] }).orders[0]).toEqual(
      (placed.body as { order: unknown }).order,
    );
  });
});
