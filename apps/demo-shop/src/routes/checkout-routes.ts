import { readForm } from "../http/body.js";
import { redirect } from "../http/respond.js";
import type { Router } from "../http/router.js";
import { checkoutView } from "../views/checkout-view.js";
import { orderView } from "../views/order-views.js";
import { placeOrder } from "./actions.js";
import type { RequestContext } from "./context.js";
import { renderNotFound } from "./page-routes.js";

const BLANK_DETAILS = { name: "", email: "", address: "" };

/** Checkout form (re-rendered with 422 and per-field errors) and the order confirmation. */
export function addCheckoutRoutes(router: Router<RequestContext>): void {
  router
    .add("GET", "/checkout", (ctx) => {
      const cart = ctx.cart();
      if (cart.lines.length === 0) return redirect(ctx.res, "/cart");
      ctx.renderPage(200, "Checkout", checkoutView(cart, BLANK_DETAILS, {}));
    })
    .add("POST", "/checkout", async (ctx) => {
      const result = placeOrder(ctx, await readForm(ctx.req));
      if (result.kind === "empty-cart") return redirect(ctx.res, "/cart");
      if (result.kind === "placed") return redirect(ctx.res, `/orders/${result.order.id}`);
      const view = checkoutView(ctx.cart(), result.details, result.errors);
      ctx.renderPage(422, "Error: Checkout", view);
    })
    .add("GET", "/orders/:id", (ctx, { id = "" }) => {
      const order = ctx.state.orders.findFor(id, {
        username: ctx.session?.username,
        sessionId: ctx.session?.id,
      });
      if (!order) return renderNotFound(ctx);
      ctx.renderPage(200, `Order ${order.id} confirmed`, orderView(order));
    });
}
