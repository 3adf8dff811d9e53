import { describe, expect, it } from "vitest";
import { hasErrors, readCheckoutDetails, validateCheckout } from "./checkout.js";

const valid = { name: "Ada Lovelace", email: "ada@example.com", address: "12 Analytical Row" };

describe("readCheckoutDetails", () => {
  it("trims strings and reads anything else as empty", () => {
    expect(readCheckoutDetails({ name: "  Ada ", email: 42, extra: "x" })).toEqual({
      name: "Ada",
      email: "",
      address: "",
    });
  });
});

describe("validateCheckout", () => {
  it("accepts complete details", () => {
    expect(validateCheckout(valid)).toEqual({});
    expect(hasErrors(validateCheckout(valid))).toBe(false);
  });

  it("asks for every missing field", () => {
    expect(validateCheckout({ name: "", email: "", address: "" })).toEqual({
      name: "Enter your full name",
      email: "Enter your email address",
      address: "Enter your delivery address",
    });
  });

  it("rejects a malformed email, a too-short address and overlong values", () => {
    expect(validateCheckout({ ...valid, email: "ada@" }).email).toBe(
      "Enter an email address like name@example.com",
    );
    expect(validateCheckout({ ...valid, address: "1 A" }).address).toBe(
      "Enter your full delivery address",
    );
    expect(validateCheckout({ ...valid, name: "x".repeat(101) }).name).toBe(
      "Use 100 characters or fewer",
    );
  });

  it("with the checkout-empty-email bug lets an empty email through, but not a malformed one", () => {
    const options = { acceptEmptyEmail: true };
    expect(validateCheckout({ ...valid, email: "" }, options)).toEqual({});
    expect(validateCheckout({ ...valid, email: "nope" }, options).email).toBeDefined();
  });
});
