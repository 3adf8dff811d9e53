import type { User } from "../auth.js";
import { html, type SafeHtml } from "./html.js";

export interface LayoutData {
  title: string;
  cartCount: number;
  user: User | undefined;
}

function accountNav(user: User | undefined): SafeHtml {
  if (!user) return html`<li><a href="/login">Log in</a></li>`;
  return html` <li><a href="/orders">Order history</a></li>
    <li class="account">
      Signed in as <strong data-testid="current-user">${user.username}</strong>
      <form method="post" action="/logout" class="inline-form">
        <button type="submit">Log out</button>
      </form>
    </li>`;
}

/** The page shell: skip link, banner with navigation and the cart badge, main, footer. */
export function layout(data: LayoutData, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${data.title} — Demo Shop</title>
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/app.js" defer></script>
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
          <a class="brand" href="/">Demo Shop</a>
          <nav aria-label="Main">
            <ul>
              <li><a href="/">Catalog</a></li>
              ${accountNav(data.user)}
              <li>
                <a href="/cart"
                  >Cart (<span id="cart-count" data-testid="cart-count">${data.cartCount}</span>)</a
                >
              </li>
            </ul>
          </nav>
        </header>
        <p id="cart-status" class="cart-status" role="status"></p>
        <main id="main" tabindex="-1">${content}</main>
        <footer class="site-footer"><p>Demo Shop — a sample app for agent-verify.</p></footer>
      </body>
    </html> `.value;
}
