export const CHECKOUT_FIELDS = ["name", "email", "address"] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutDetails = Record<CheckoutField, string>;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export interface ValidationOptions {
  /** The `checkout-empty-email` bug: an empty email slips through validation. */
  acceptEmptyEmail?: boolean;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LENGTH: Record<CheckoutField, number> = { name: 100, email: 254, address: 300 };

/** Picks the checkout fields out of a form or JSON body; anything that is not a string reads as "". */
export function readCheckoutDetails(body: Record<string, unknown>): CheckoutDetails {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return { name: text(body.name), email: text(body.email), address: text(body.address) };
}

export function validateCheckout(
  details: CheckoutDetails,
  options: ValidationOptions = {},
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (details.name === "") errors.name = "Enter your full name";
  if (details.email === "") {
    if (!options.acceptEmptyEmail) errors.email = "Enter your email address";
  } else if (!EMAIL_PATTERN.test(details.email)) {
    errors.email = "Enter an email address like name@example.com";
  }
  if (details.address === "") errors.address = "Enter your delivery address";
  else if (details.address.length < 5) errors.address = "Enter your full delivery address";
  for (const field of CHECKOUT_FIELDS) {
    if (!errors[field] && details[field].length > MAX_LENGTH[field]) {
      errors[field] = `Use ${MAX_LENGTH[field]} characters or fewer`;
    }
  }
  return errors;
}

export function hasErrors(errors: CheckoutErrors): boolean {
  return Object.keys(errors).length > 0;
}
