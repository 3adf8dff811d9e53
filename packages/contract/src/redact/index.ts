// One redaction for every byte agent-verify posts, logs or prints. Zod-free and cheap to
// import (`@agent-verify/contract/redact`): the runner, the manager and gates all use it.
import { redactCutValues } from "./cut-values.js";
import { secretEnvValues, valueForms } from "./env-secrets.js";
import { redactPrivateKeys } from "./private-keys.js";
import { REDACTED, VALUE_RULES, type ValueRule } from "./value-rules.js";

export { MIN_SECRET_LENGTH, isSecretName, secretEnvValues, valueForms } from "./env-secrets.js";
export { REDACTED, VALUE_RULES } from "./value-rules.js";
export type { ValueRule } from "./value-rules.js";

export interface RedactorOptions {
  /** Whose secret-looking variables to hide; default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
  /** More values to hide (a secret found by gates' scan, say), in every form. */
  values?: Iterable<string> | undefined;
}

export interface Redactor {
  /** The text with every known secret value and every secret-shaped token replaced. */
  text(text: string): string;
  /** A JSON-like value with each string redacted (keys and structure unchanged). */
  deep<T>(value: T): T;
}

function applyRule(text: string, rule: ValueRule): string {
  const marker = rule.marker ?? REDACTED;
  const suffix = rule.suffix ?? "";
  return text.replace(rule.pattern, (...args: unknown[]) => {
    const groups = args.at(-1) as { keep?: string } | undefined;
    return `${groups?.keep ?? ""}${marker}${suffix}`;
  });
}

/** Literal values, every form of each, longest first so no part of a longer one survives. */
function literals(options: RedactorOptions): string[] {
  const values = [...secretEnvValues(options.env ?? process.env), ...(options.values ?? [])];
  const forms = new Set(values.flatMap((value) => valueForms(value)));
  return [...forms].sort((a, b) => b.length - a.length);
}

function redactValue(value: unknown, text: (s: string) => string): unknown {
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, text));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactValue(item, text)]),
    );
  }
  return value;
}

/** A run of URL-encoded text (what encodeURIComponent emits, plus form-encoding's `+`). */
const ENCODED_RUN =
  /(?<![A-Za-z0-9\-_.!~*'()%+])[A-Za-z0-9\-_.!~*'()%+]*%[0-9A-Fa-f]{2}[A-Za-z0-9\-_.!~*'()%+]*/g;

function decoded(run: string): string | null {
  try {
    return decodeURIComponent(run.replaceAll("+", "%20"));
  } catch {
    return null;
  }
}

/**
 * Secrets inside URL-encoded text (a query value, a form body): each encoded run is
 * decoded, redacted, and encoded again when that changed anything.
 */
function redactEncoded(text: string, plain: (s: string) => string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
  return text.replace(ENCODED_RUN, (run) => {
    const value = decoded(run);
    if (value === null) return run;
    const clean = plain(value);
    return clean === value ? run : encodeURIComponent(clean);
  });
}

/** A redactor over one environment (read once, when it is made). */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const values = literals(options);
  const plain = (input: string): string => {
    let out = input;
    for (const value of values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    out = redactCutValues(out, values);
    out = redactPrivateKeys(out);
    // A rule runs only on a text that holds one of its needles: short texts cost no regex.
    let lower = out.toLowerCase();
    for (const rule of VALUE_RULES) {
      if (!rule.needles.some((needle) => lower.includes(needle))) continue;
      const next = applyRule(out, rule);
      if (next !== out) lower = (out = next).toLowerCase();
    }
    return out;
  };
  const text = (input: string): string => redactEncoded(plain(input), plain);
  return { text, deep: <T>(value: T): T => redactValue(value, text) as T };
}

/** Redact one text against process.env (read now: a variable set a moment ago counts). */
export function redact(text: string, options: RedactorOptions = {}): string {
  return createRedactor(options).text(text);
}
