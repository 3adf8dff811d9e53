import { PRODUCTS, findProduct } from "../catalog.js";
import { readJsonObject } from "../http/body.js";
import { sendJson } from "../http/respond.js";
import type { Router } from "../http/router.js";
import { addToCart, placeOrder, removeFromCart } from "./actions.js";
import { cartJson, orderJson, productJson } from "./api-json.js";
import type { RequestContext } from "./context.js";

function sendCart(ctx: RequestContext, status = 200): void {
  sendJson(ctx.res, status, cartJson(ctx.cart()));
}

/** The JSON API: products, the visitor's cart and orders, and /health. */
export function addApiRoutes(router: Router<RequestContext>): void {
  router
    .add("GET", "/health", (ctx) => sendJson(ctx.res, 200, { status: "ok" }))
    .add("GET", "/api/products", (ctx) =>
      sendJson(ctx.res, 200, { products: PRODUCTS.map(productJson) }),
    )
    .add("GET", "/api/products/:id", (ctx, { id = "" }) => {
      const product = findProduct(id);
      if (!product) return sendJson(ctx.res, 404, { error: `No product with id "${id}"` });
      sendJson(ctx.res, 200, { product: productJson(product) });
    })
    .add("GET", "/api/cart", (ctx) => sendCart(ctx))
    .add("POST", "/api/cart", async (ctx) => {
      const errors = addToCart(ctx, await readJsonObject(ctx.req));
      if (Object.keys(errors).length > 0) return sendJson(ctx.res, 422, { errors });
      sendCart(ctx);
    })
    .add("DELETE", "/api/cart", async (ctx) => {
      const body = await readJsonObject(ctx.req);
      if (body.productId === undefined) {
        if (ctx.session) ctx.session.cart = [];
      } else if (typeof body.productId !== "string") {
        return sendJson(ctx.res, 422, { errors: { productId: "productId must be a string" } });
      } else {
        removeFromCart(ctx, body.productId);
      }
      sendCart(ctx);
    })
    .add("GET", "/api/orders", (ctx) => {
      const user = ctx.currentUser();
      if (!user) return sendJson(ctx.res, 401, { error: "Log in to see your orders" });
      sendJson(ctx.res, 200, { orders: ctx.state.orders.listFor(user.username).map(orderJson) });
    })
    .add("POST", "/api/orders", async (ctx) => {
      const result = placeOrder(ctx, await readJsonObject(ctx.req));
      if (result.kind === "empty-cart") {
        return sendJson(ctx.res, 422, { errors: { cart: "Your cart is empty" } });
      }
      if (result.kind === "invalid") return sendJson(ctx.res, 422, { errors: result.errors });
      ctx.res.setHeader("location", `/api/orders/${result.order.id}`);
      sendJson(ctx.res, 201, { order: orderJson(result.order) });
    })
    .add("GET", "/api/orders/:id", (ctx, { id = "" }) => {
      const viewer = { username: ctx.session?.username, sessionId: ctx.session?.id };
      const order = ctx.state.orders.findFor(id, viewer);
      if (!order) return sendJson(ctx.res, 404, { error: `No order with id "${id}"` });
      sendJson(ctx.res, 200, { order: orderJson(order) });
    });
}
