import { PRODUCTS, findProduct } from "../catalog.js";
import { readForm } from "../http/body.js";
import { redirect } from "../http/respond.js";
import type { Router } from "../http/router.js";
import { cartView } from "../views/cart-view.js";
import { catalogView, notFoundView, productView } from "../views/shop-views.js";
import { addToCart, removeFromCart, updateQuantity } from "./actions.js";
import type { RequestContext } from "./context.js";

export function renderNotFound(ctx: RequestContext): void {
  ctx.renderPage(404, "Page not found", notFoundView());
}

/** Catalog, product pages and the cart, with plain form posts that work without JS. */
export function addPageRoutes(router: Router<RequestContext>): void {
  router
    .add("GET", "/", (ctx) => ctx.renderPage(200, "Catalog", catalogView(PRODUCTS)))
    .add("GET", "/products/:id", (ctx, { id = "" }) => {
      const product = findProduct(id);
      if (!product) return renderNotFound(ctx);
      ctx.renderPage(200, product.name, productView(product));
    })
    .add("GET", "/cart", (ctx) => ctx.renderPage(200, "Your cart", cartView(ctx.cart())))
    .add("POST", "/cart/items", async (ctx) => {
      addToCart(ctx, await readForm(ctx.req));
      redirect(ctx.res, "/cart");
    })
    .add("POST", "/cart/update", async (ctx) => {
      updateQuantity(ctx, await readForm(ctx.req));
      redirect(ctx.res, "/cart");
    })
    .add("POST", "/cart/remove", async (ctx) => {
      removeFromCart(ctx, (await readForm(ctx.req)).productId);
      redirect(ctx.res, "/cart");
    });
}
