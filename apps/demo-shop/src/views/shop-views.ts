import { formatPrice, type Product } from "../catalog.js";
import { html, type SafeHtml } from "./html.js";

function addToCartForm(product: Product, withQuantity: boolean): SafeHtml {
  const quantity = withQuantity
    ? html`<label for="quantity">Quantity</label>
        <input id="quantity" name="quantity" type="number" min="1" max="99" value="1" required />`
    : html`<input type="hidden" name="quantity" value="1" />`;
  return html` <form
    method="post"
    action="/cart/items"
    class="add-to-cart"
    data-add-to-cart
    data-product-name="${product.name}"
  >
    <input type="hidden" name="productId" value="${product.id}" />
    ${quantity}
    <button type="submit">Add to cart</button>
  </form>`;
}

function productCard(product: Product): SafeHtml {
  const headingId = `product-${product.id}-name`;
  return html` <li>
    <article class="product-card" aria-labelledby="${headingId}">
      <h2 id="${headingId}"><a href="/products/${product.id}">${product.name}</a></h2>
      <p>${product.description}</p>
      <p class="price">${formatPrice(product.priceCents)}</p>
      ${addToCartForm(product, false)}
    </article>
  </li>`;
}

export function catalogView(products: readonly Product[]): SafeHtml {
  return html` <h1>Catalog</h1>
    <ul class="product-grid" aria-label="Products">
      ${products.map(productCard)}
    </ul>`;
}

export function productView(product: Product): SafeHtml {
  return html` <p><a href="/">Back to catalog</a></p>
    <article class="product-detail" aria-labelledby="product-name">
      <h1 id="product-name">${product.name}</h1>
      <p>${product.description}</p>
      <p class="price">${formatPrice(product.priceCents)}</p>
      ${addToCartForm(product, true)}
    </article>`;
}

export function notFoundView(): SafeHtml {
  return html` <h1>Page not found</h1>
    <p>There is nothing at this address. <a href="/">Go to the catalog</a>.</p>`;
}
