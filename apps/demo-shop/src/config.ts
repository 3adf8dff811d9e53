/** The realistic bugs that `DEMO_BUG` can switch on, so failing flows can be shown and tested. */
export const BUG_NAMES = ["cart-count", "checkout-empty-email", "login-always-fails"] as const;
export type BugName = (typeof BUG_NAMES)[number];

export const DEFAULT_PORT = 4173;
export const DEFAULT_HOST = "127.0.0.1";

/** A bad environment: the CLI prints the message as one line and exits 2. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export function isBugName(value: string): value is BugName {
  return (BUG_NAMES as readonly string[]).includes(value);
}

/** Parses a comma-separated `DEMO_BUG` value; blanks are ignored, unknown names are an error. */
export function parseBugs(value: string | undefined): BugName[] {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.filter((name) => !isBugName(name));
  if (unknown.length > 0) {
    throw new ConfigError(
      `unknown DEMO_BUG ${unknown.map((name) => `"${name}"`).join(", ")}; known: ${BUG_NAMES.join(", ")}`,
    );
  }
  return [...new Set(names.filter(isBugName))];
}

/** Parses `PORT`: unset means the default, 0 means any free port. */
export function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}
