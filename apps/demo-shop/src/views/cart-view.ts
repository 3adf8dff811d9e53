import { formatPrice } from "../catalog.js";
import type { CartLine, CartSummary } from "../cart.js";
import { html, type SafeHtml } from "./html.js";

function lineRow(line: CartLine): SafeHtml {
  const { product } = line;
  const quantityId = `quantity-${product.id}`;
  return html` <tr>
    <th scope="row"><a href="/products/${product.id}">${product.name}</a></th>
    <td>${formatPrice(product.priceCents)}</td>
    <td>
      <form method="post" action="/cart/update" class="inline-form">
        <input type="hidden" name="productId" value="${product.id}" />
        <label class="visually-hidden" for="${quantityId}">Quantity of ${product.name}</label>
        <input
          id="${quantityId}"
          name="quantity"
          type="number"
          min="1"
          max="99"
          value="${line.quantity}"
          required
        />
        <button type="submit">Update<span class="visually-hidden"> ${product.name}</span></button>
      </form>
    </td>
    <td>${formatPrice(line.lineTotalCents)}</td>
    <td>
      <form method="post" action="/cart/remove" class="inline-form">
        <input type="hidden" name="productId" value="${product.id}" />
        <button type="submit">Remove<span class="visually-hidden"> ${product.name}</span></button>
      </form>
    </td>
  </tr>`;
}

export function cartView(cart: CartSummary): SafeHtml {
  if (cart.lines.length === 0) {
    return html` <h1>Your cart</h1>
      <p>Your cart is empty.</p>
      <p><a href="/">Continue shopping</a></p>`;
  }
  return html` <h1>Your cart</h1>
    <table class="cart-table">
      <caption class="visually-hidden">
        Items in your cart
      </caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Subtotal</th>
          <th scope="col"><span class="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${cart.lines.map(lineRow)}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colspan="3">Total</th>
          <td data-testid="cart-total">${formatPrice(cart.totalCents)}</td>
          <td></td>
        </tr>
      </tfoot>
    </table>
    <p><a class="button" href="/checkout">Proceed to checkout</a></p>`;
}
