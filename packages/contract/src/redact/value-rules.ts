// Secrets recognised by their shape, wherever they come from. Every pattern is linear:
// a start is a fixed prefix (or a lookbehind-limited run start), runs are single character
// classes that exclude what follows them, and the only ambiguous parts are bounded.

/** What replaces a secret. */
export const REDACTED = "[REDACTED]";

export interface ValueRule {
  readonly name: string;
  /** For the README's table and for people reading a redacted text. */
  readonly description: string;
  /**
   * Global. The named group `keep`, when present, is a prefix left as it is (a header
   * name, `scheme://user:`); the rest of the match is the secret.
   */
  readonly pattern: RegExp;
  /** Defaults to REDACTED. */
  readonly marker?: string;
  /** Text put back after the marker (the `@` of a URL's credentials). */
  readonly suffix?: string;
  /**
   * Lower-case pieces of which every match holds one: a text whose lower case holds none is
   * not searched (a short text then costs no regular expression, compiled or run).
   */
  readonly needles: readonly string[];
}

/**
 * Where a token may start: not inside a longer word, though right after a JSON escape
 * (`\n`, `\t`) is a start, as a line break is in plain text.
 */
const START = String.raw`(?<=^|[^A-Za-z0-9_-]|\\[nrt])`;

// A header value runs to the end of the line or of its (possibly JSON-escaped) string.
const SEPARATOR = String.raw`\\?["']?[ \t]{0,4}[:=][ \t]{0,4}\\?["']?`;

export const VALUE_RULES: readonly ValueRule[] = [
  {
    name: "github-token",
    needles: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    description: "GitHub tokens: ghp_, gho_, ghs_, ghu_, ghr_ and github_pat_",
    pattern: /(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  },
  {
    name: "gitlab-token",
    needles: ["glpat-"],
    description: "GitLab personal access tokens: glpat-",
    pattern: /glpat-[A-Za-z0-9_-]{20,}/g,
  },
  {
    name: "slack-token",
    needles: ["xox"],
    description: "Slack tokens: xoxa-, xoxb-, xoxp-, xoxr-, xoxs-, xoxo-",
    pattern: /xox[abposr]-[A-Za-z0-9-]{10,}/g,
  },
  {
    name: "npm-token",
    needles: ["npm_"],
    description: "npm access tokens: npm_ and 36 or more letters and digits",
    pattern: /npm_[A-Za-z0-9]{36,}/g,
  },
  {
    name: "aws-access-key-id",
    needles: [
      "akia",
      "asia",
      "abia",
      "acca",
      "agpa",
      "aida",
      "aipa",
      "anpa",
      "anva",
      "aroa",
      "apka",
      "asca",
    ],
    description: "AWS access key ids: AKIA, ASIA (and the other key-id prefixes) + 16 characters",
    pattern:
      /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  },
  {
    name: "aws-secret-access-key",
    needles: ["aws"],
    description: "the value after aws_secret_access_key = (any case, JSON or env style)",
    pattern: new RegExp(
      String.raw`(?<keep>aws_?secret_?(?:access_?)?key${SEPARATOR})[A-Za-z0-9/+=]{16,}`,
      "gi",
    ),
  },
  {
    name: "jwt",
    needles: ["eyj"],
    description: "JSON Web Tokens: eyJ….eyJ….signature",
    pattern: new RegExp(
      String.raw`${START}eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`,
      "g",
    ),
  },
  {
    name: "auth-header",
    needles: ["authorization", "cookie", "api-key", "x-auth-token"],
    description:
      "Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key and X-Auth-Token header values (the scheme word is kept)",
    pattern: new RegExp(
      String.raw`${START}(?<keep>(?:(?:proxy-)?authorization|(?:set-)?cookie|x-api-key|x-auth-token|api-key)${SEPARATOR}(?:(?:bearer|basic|token|digest|negotiate)[ \t]+)?)[^\r\n"'\\]+`,
      "gi",
    ),
  },
  {
    name: "bearer-token",
    needles: ["bearer"],
    description: "a Bearer credential anywhere: Bearer + 16 or more token characters",
    pattern: new RegExp(String.raw`${START}(?<keep>bearer[ \t]+)[A-Za-z0-9._~+/-]{16,}=*`, "gi"),
  },
  {
    name: "url-password",
    needles: ["://"],
    description: "passwords in URLs: scheme://user:password@host becomes scheme://user:***@host",
    pattern: new RegExp(
      String.raw`(?<keep>(?<=^|[^A-Za-z0-9+.-]|\\[nrt])[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/[^\s:/?#@"'\\]{0,256}:)[^\s/?#"'\\]{1,256}@`,
      "g",
    ),
    marker: "***",
    suffix: "@",
  },
  {
    name: "url-query-secret",
    needles: ["="],
    description:
      "secret query parameters: token, access_token, api_key, key, secret, password, sig, session, code, X-Amz-Signature…",
    pattern:
      /(?<keep>[?&;](?:access_token|refresh_token|id_token|auth_token|token|api_key|apikey|key|secret|client_secret|password|passwd|pwd|pass|auth|sig|signature|session|sessionid|session_id|sid|jwt|code|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"'\\]+/gi,
  },
];
