import { randomBytes } from "node:crypto";

/**
 * Secrets to plant in every source a sink can receive text from, and a check that none of
 * them reached a sink in any form. Values are random per run and assembled at run time, so
 * no source file holds something a secret scanner would flag.
 */
export interface PlantedSecret {
  /** What it is, for the report of a leak. */
  name: string;
  /** The part that must never appear in a sink. */
  secret: string;
  /** How a source writes it (the secret inside its usual context). */
  text: string;
}

export interface Plant {
  /** Environment for the processes under test: the env-named secrets. */
  env: Record<string, string>;
  planted: PlantedSecret[];
  /** Every planted text, one per line. */
  allText: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export function plantSecrets(): Plant {
  const id = hex(6);
  const dbPassword = `pw"q\\${hex(5)} x`;
  const dbUrlPassword = `dbpw${hex(6)}`;
  const patValue = `pat-${hex(6)}&/=`;
  const multiLine = `first-${hex(5)}\nsecond-${hex(5)}`;
  const env = {
    GITHUB_TOKEN: `envtok-${hex(8)}`,
    API_KEY: `apikey-${hex(8)}`,
    DB_PASSWORD: dbPassword,
    DATABASE_URL: `postgres://shop:${dbUrlPassword}@db.internal:5432/shop_${id}`,
    GH_PAT: patValue,
    SESSION_SECRET: multiLine,
  };
  const opaque = hex(12);
  const cookie = hex(12);
  const urlPassword = `up${hex(6)}`;
  const pemBody = Buffer.from(randomBytes(33)).toString("base64");
  const awsSecret = `${hex(10)}/${hex(9)}+A`;
  const jwt = [b64url({ alg: "HS256", typ: "JWT" }), b64url({ sub: id }), hex(16)].join(".");
  const literal = (prefix: string, body: string) => [prefix, body].join("");
  const planted: PlantedSecret[] = [
    { name: "env GITHUB_TOKEN", secret: env.GITHUB_TOKEN, text: `token ${env.GITHUB_TOKEN}` },
    { name: "env API_KEY", secret: env.API_KEY, text: `api key ${env.API_KEY} rejected` },
    {
      name: "env DB_PASSWORD (quote, backslash)",
      secret: dbPassword,
      text: `login with ${dbPassword} failed`,
    },
    { name: "env DATABASE_URL", secret: env.DATABASE_URL, text: `db at ${env.DATABASE_URL}` },
    {
      name: "password inside DATABASE_URL",
      secret: dbUrlPassword,
      text: `retry postgres://shop:${dbUrlPassword}@replica.internal/shop`,
    },
    {
      name: "env GH_PAT, URL-encoded",
      secret: patValue,
      text: `GET /hook?pat=${encodeURIComponent(patValue)}&x=1`,
    },
    {
      name: "env SESSION_SECRET (multi-line)",
      secret: multiLine.split("\n")[1] ?? "",
      text: `session ${multiLine}`,
    },
    ...[
      ["GitHub ghp_", literal("gh", `p_${hex(18)}`)],
      ["GitHub github_pat_", literal("github", `_pat_${hex(11)}_${hex(20)}`)],
      ["GitLab glpat-", literal("gl", `pat-${hex(10)}`)],
      ["Slack xoxb-", literal("xo", `xb-${hex(5)}-${hex(8)}`)],
      ["npm_", literal("np", `m_${hex(18)}`)],
      ["AWS access key id", literal("AK", `IA${hex(8).toUpperCase()}`)],
      ["JWT", jwt],
    ].map(([name, secret]) => ({
      name: name ?? "",
      secret: secret ?? "",
      text: `found ${secret}`,
    })),
    {
      name: "AWS secret access key",
      secret: awsSecret,
      text: `aws_secret_access_key = ${awsSecret}`,
    },
    {
      name: "Authorization header",
      secret: opaque,
      text: `request headers: Authorization: Bearer ${opaque}`,
    },
    { name: "Cookie header", secret: cookie, text: `Cookie: sid=${cookie}; theme=dark` },
    {
      name: "password in a URL",
      secret: urlPassword,
      text: `clone https://deploy:${urlPassword}@git.example.com/shop.git`,
    },
    {
      name: "private key block",
      secret: pemBody,
      text: [
        "-----BEGIN RSA PRIVATE",
        " KEY-----\n",
        pemBody,
        "\n-----END RSA PRIVATE",
        " KEY-----",
      ].join(""),
    },
  ];
  return { env, planted, allText: planted.map((p) => p.text).join("\n") };
}

export interface Leak {
  secret: string;
  sink: string;
  form: string;
}

/** The forms a value can take in a sink: raw, JSON-escaped (once, twice), URL-encoded. */
function forms(secret: string): Array<[string, string]> {
  const json = JSON.stringify(secret).slice(1, -1);
  const url = encodeURIComponent(secret);
  return [
    ["raw", secret],
    ["json", json],
    ["json-in-json", JSON.stringify(json).slice(1, -1)],
    ["url-encoded", url],
    ["url-encoded (lower)", url.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
  ];
}

/** Every (secret, sink, form) where a planted secret shows; [] is the goal. */
export function findLeaks(
  planted: readonly PlantedSecret[],
  sinks: Record<string, string>,
): Leak[] {
  const leaks: Leak[] = [];
  for (const p of planted) {
    for (const [sink, text] of Object.entries(sinks)) {
      for (const [form, value] of forms(p.secret)) {
        if (text.includes(value)) leaks.push({ secret: p.name, sink, form });
      }
    }
  }
  return leaks;
}
