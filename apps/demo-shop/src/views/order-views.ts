import { formatPrice } from "../catalog.js";
import type { Order } from "../orders.js";
import { html, type SafeHtml } from "./html.js";

function linesTable(order: Order): SafeHtml {
  return html` <table>
    <caption>
      Items
    </caption>
    <thead>
      <tr>
        <th scope="col">Product</th>
        <th scope="col">Quantity</th>
        <th scope="col">Subtotal</th>
      </tr>
    </thead>
    <tbody>
      ${order.lines.map(
        (line) =>
          html`<tr>
            <th scope="row">${line.name}</th>
            <td>${line.quantity}</td>
            <td>${formatPrice(line.lineTotalCents)}</td>
          </tr>`,
      )}
    </tbody>
    <tfoot>
      <tr>
        <th scope="row" colspan="2">Total</th>
        <td>${formatPrice(order.totalCents)}</td>
      </tr>
    </tfoot>
  </table>`;
}

export function orderView(order: Order): SafeHtml {
  return html` <h1>Order confirmed</h1>
    <p>
      Thank you, ${order.customer.name}. Your order number is
      <strong data-testid="order-number">${order.id}</strong>.
    </p>
    <p>We will send a confirmation to ${order.customer.email}.</p>
    ${linesTable(order)}
    <p><a href="/">Continue shopping</a></p>`;
}

function historyRow(order: Order): SafeHtml {
  const placed = order.createdAt.slice(0, 16).replace("T", " ");
  return html` <tr>
    <th scope="row"><a href="/orders/${order.id}">Order #${order.id}</a></th>
    <td><time datetime="${order.createdAt}">${placed} UTC</time></td>
    <td>${order.count}</td>
    <td>${formatPrice(order.totalCents)}</td>
  </tr>`;
}

export function orderHistoryView(orders: readonly Order[]): SafeHtml {
  if (orders.length === 0) {
    return html` <h1>Order history</h1>
      <p>You have not placed any orders yet.</p>`;
  }
  return html` <h1>Order history</h1>
    <table>
      <caption class="visually-hidden">
        Your orders, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Items</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        ${orders.map(historyRow)}
      </tbody>
    </table>`;
}
