import { formatPrice } from "../catalog.js";
import type { CartSummary } from "../cart.js";
import type { CheckoutDetails, CheckoutErrors, CheckoutField } from "../checkout.js";
import { html, type SafeHtml } from "./html.js";

interface FieldSpec {
  field: CheckoutField;
  label: string;
  autocomplete: string;
  type: "text" | "email" | "textarea";
}

const FIELDS: readonly FieldSpec[] = [
  { field: "name", label: "Full name", autocomplete: "name", type: "text" },
  { field: "email", label: "Email", autocomplete: "email", type: "email" },
  { field: "address", label: "Delivery address", autocomplete: "street-address", type: "textarea" },
];

function errorSummary(errors: CheckoutErrors): SafeHtml {
  const items = FIELDS.filter((spec) => errors[spec.field]).map(
    (spec) => html`<li><a href="#${spec.field}">${errors[spec.field]}</a></li>`,
  );
  if (items.length === 0) return html``;
  return html` <div class="error-summary" role="alert" aria-labelledby="error-summary-title">
    <h2 id="error-summary-title">There is a problem with your details</h2>
    <ul>
      ${items}
    </ul>
  </div>`;
}

function fieldMarkup(spec: FieldSpec, value: string, error: string | undefined): SafeHtml {
  const errorId = `${spec.field}-error`;
  const invalid = error ? html` aria-invalid="true" aria-describedby="${errorId}"` : html``;
  const control =
    spec.type === "textarea"
      ? html`<textarea
          id="${spec.field}"
          name="${spec.field}"
          rows="3"
          autocomplete="${spec.autocomplete}"
          required${invalid}
        >
${value}</textarea>`
      : html`<input
          id="${spec.field}"
          name="${spec.field}"
          type="${spec.type}"
          autocomplete="${spec.autocomplete}"
          value="${value}"
          required${invalid}
        />`;
  return html` <div class="field${error ? " field-invalid" : ""}">
    <label for="${spec.field}">${spec.label}</label>
    ${control} ${error ? html`<p id="${errorId}" class="field-error">${error}</p>` : html``}
  </div>`;
}

function orderSummary(cart: CartSummary): SafeHtml {
  return html` <section aria-labelledby="summary-title" class="order-summary">
    <h2 id="summary-title">Order summary</h2>
    <ul>
      ${cart.lines.map((line) => html`<li>${line.quantity} × ${line.product.name}: ${formatPrice(line.lineTotalCents)}</li>`)}
    </ul>
    <p>Total: <strong>${formatPrice(cart.totalCents)}</strong></p>
  </section>`;
}

/** The checkout form; the browser's own validation is off so that the server's messages show. */
export function checkoutView(
  cart: CartSummary,
  details: CheckoutDetails,
  errors: CheckoutErrors,
): SafeHtml {
  return html` <h1>Checkout</h1>
    ${errorSummary(errors)} ${orderSummary(cart)}
    <form
      method="post"
      action="/checkout"
      class="checkout-form"
      novalidate
      aria-labelledby="details-title"
    >
      <h2 id="details-title">Your details</h2>
      ${FIELDS.map((spec) => fieldMarkup(spec, details[spec.field], errors[spec.field]))}
      <button type="submit">Place order</button>
    </form>`;
}
