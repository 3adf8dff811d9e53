const SECRET_NAME = /TOKEN|SECRET|PASSWORD|KEY|AUTH/i;
/** Values shorter than this would redact ordinary words ("true", "1"). */
const MIN_SECRET_LENGTH = 4;

/** Values of environment variables whose names look secret, longest first. */
export function secretValues(env: NodeJS.ProcessEnv): string[] {
  const values = Object.entries(env)
    .filter(
      ([name, value]) =>
        SECRET_NAME.test(name) && value !== undefined && value.length >= MIN_SECRET_LENGTH,
    )
    .map(([, value]) => value as string);
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** Replace every secret value in `text` with a marker naming nothing about it. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.replaceAll(secret, "[REDACTED]");
  return out;
}
