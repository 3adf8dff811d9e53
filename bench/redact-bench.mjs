// Redaction benchmark (not a test): each rule's worst input at 512 KiB and at 4 MiB (median
// of 3), and the time ratio. Linear rules stay near 8x; a quadratic one shows ~64x.
// Usage: node bench/redact-bench.mjs    Needs: pnpm build (contract).
import { performance } from "node:perf_hooks";
import { createRedactor } from "../packages/contract/dist/redact/index.js";

const redactor = createRedactor({
  env: { API_KEY: "k-123456-abcdef", DB_PASSWORD: 'p"w\\1234', HOME: "/root" },
});

// Inputs that make a naive pattern rescan: many starts that never complete.
const worst = {
  "plain text": "the quick brown fox jumps over the lazy dog. ",
  "jwt starts": "eyJ-eyJ-",
  "jwt segments": "eyJaaaaaaaa.eyJaaaaaaaa.",
  "url without @": "https://user:aaaaaaaaaaaaaaa",
  "url schemes": "a://b:c",
  "header, no value": 'authorization: "',
  "header values": "Cookie: a=b; ",
  "unterminated keys": '-----BEGIN RSA PRIVATE KEY-----\n"',
  "key blocks": "-----BEGIN EC PRIVATE KEY-----\nMIIB\n-----END EC PRIVATE KEY-----\n",
  "aws secret prefix": "aws_secret_access_key = ",
  "token prefixes": "ghp_glpat-xoxb-npm_AKIA",
  "query keys": "?token&key&",
  "env forms": "k-123456-abcde %22p%5C ",
  "encoded runs": "ab%20cd%2",
  ellipses: "k-123456-ab… ",
};

const time = (text) => {
  const runs = [0, 1, 2].map(() => {
    const start = performance.now();
    redactor.text(text);
    return performance.now() - start;
  });
  return runs.sort((a, b) => a - b)[1];
};
const sized = (unit, bytes) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

console.log("input                 512 KiB ms   4 MiB ms   ratio");
let worstRatio = 0;
for (const [name, unit] of Object.entries(worst)) {
  time(sized(unit, 10_000)); // warm up
  const small = time(sized(unit, 512 * 1024));
  const large = time(sized(unit, 4 * 1024 * 1024));
  const ratio = large / Math.max(small, 0.01);
  worstRatio = Math.max(worstRatio, ratio);
  console.log(
    `${name.padEnd(20)} ${small.toFixed(1).padStart(11)} ${large.toFixed(1).padStart(10)} ${ratio.toFixed(1).padStart(7)}x`,
  );
}
console.log(`worst ratio for 8x the input: ${worstRatio.toFixed(1)}x (linear ≈ 8x)`);
