import { verifyCredentials } from "../auth.js";
import { readForm } from "../http/body.js";
import { redirect, safeLocalPath } from "../http/respond.js";
import type { Router } from "../http/router.js";
import { loginView } from "../views/login-view.js";
import { orderHistoryView } from "../views/order-views.js";
import type { RequestContext } from "./context.js";

/** `/login?next=/orders`: slashes stay readable, everything else is encoded. */
export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next).replaceAll("%2F", "/")}`;
}

/** Login, logout and the signed-in user's order history. */
export function addAccountRoutes(router: Router<RequestContext>): void {
  router
    .add("GET", "/login", (ctx) => {
      const next = safeLocalPath(ctx.url.searchParams.get("next"));
      if (ctx.currentUser()) return redirect(ctx.res, next);
      ctx.renderPage(200, "Log in", loginView({ username: "", next, failed: false }));
    })
    .add("POST", "/login", async (ctx) => {
      const form = await readForm(ctx.req);
      const username = typeof form.username === "string" ? form.username.trim() : "";
      const password = typeof form.password === "string" ? form.password : "";
      const next = safeLocalPath(form.next);
      const user = verifyCredentials(username, password, {
        useLegacySalt: ctx.hasBug("login-always-fails"),
      });
      if (!user) {
        return ctx.renderPage(401, "Error: Log in", loginView({ username, next, failed: true }));
      }
      ctx.signIn(user);
      redirect(ctx.res, next);
    })
    .add("POST", "/logout", (ctx) => {
      ctx.signOut();
      redirect(ctx.res, "/");
    })
    .add("GET", "/orders", (ctx) => {
      const user = ctx.currentUser();
      if (!user) return redirect(ctx.res, loginPath("/orders"));
      const orders = ctx.state.orders.listFor(user.username);
      ctx.renderPage(200, "Order history", orderHistoryView(orders));
    });
}
