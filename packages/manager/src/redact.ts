import { createRedactor, secretEnvValues } from "@agent-verify/contract/redact";

/** Values of environment variables whose names look secret, longest first. */
export function secretValues(env: NodeJS.ProcessEnv): string[] {
  return secretEnvValues(env).sort((a, b) => b.length - a.length);
}

/**
 * Replace every given secret value (in its raw, JSON-escaped and URL-encoded forms) and
 * every secret-shaped token (the shared rules of @agent-verify/contract/redact).
 */
export function redact(text: string, secrets: readonly string[]): string {
  return createRedactor({ env: {}, values: secrets }).text(text);
}
