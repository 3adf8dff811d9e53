// Which environment variables hold secrets, and every form their values take in text.

/** Values shorter than this are ignored: redacting "true" or "1234" would wreck ordinary text. */
export const MIN_SECRET_LENGTH = 6;

/** A name containing one of these anywhere looks secret (`GITHUB_TOKEN`, `APIKEY`, `PGPASSWORD`). */
const SECRET_PARTS =
  /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|APIKEY|API_KEY|PRIVATE_?KEY|ACCESS_?KEY|COOKIE|AUTHORIZATION|DATABASE_URL/i;

/** A name with one of these as a whole `_`-separated word looks secret (`DB_PASS`, `GH_PAT`). */
const SECRET_WORDS = new Set([
  "KEY",
  "KEYS",
  "PASS",
  "PWD",
  "PAT",
  "AUTH",
  "SESSION",
  "DSN",
  "JWT",
  "BEARER",
]);

/**
 * Names that match the rules above but hold no secret: the shell's current directory and
 * desktop-session plumbing, whose values (paths, socket addresses) appear in ordinary output,
 * and the coding agent's session id (`CLAUDE_CODE_SESSION_ID`), which the loop's commands name
 * on purpose (`loop escalate --session <id>`).
 */
const NOT_SECRET =
  /^(?:PWD|OLDPWD|SESSION_MANAGER|XDG_.*|DBUS_.*|.*_SOCK|CLAUDE_CODE_SESSION_ID)$/i;

/** Whether a variable's name says its value is a secret. */
export function isSecretName(name: string): boolean {
  if (NOT_SECRET.test(name)) return false;
  if (SECRET_PARTS.test(name)) return true;
  return name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .some((word) => SECRET_WORDS.has(word));
}

/** Values of the environment's secret-looking variables (deduplicated, at least MIN_SECRET_LENGTH). */
export function secretEnvValues(env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim().length >= MIN_SECRET_LENGTH && isSecretName(name)) {
      values.add(value);
    }
  }
  return [...values];
}

const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The forms a value takes once written somewhere: raw, JSON-escaped (once and twice: a JSON
 * text inside a JSON string), URL-encoded (component, form and lower-case hex), with each
 * line of a multi-line value on its own. Longest first, so a longer form wins over its parts.
 */
export function valueForms(value: string): string[] {
  const encoded = encodeURIComponent(value);
  const forms = [
    value,
    jsonEscaped(value),
    jsonEscaped(jsonEscaped(value)),
    encoded,
    lowerHex(encoded),
    encoded.replaceAll("%20", "+"),
    encodeURI(value),
    ...value.split(/\r?\n/),
  ];
  return [...new Set(forms)].filter((form) => form.trim().length >= MIN_SECRET_LENGTH);
}
