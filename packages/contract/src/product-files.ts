// Zod-free, importable as `@agent-verify/contract/product-files`: gates, the manager and
// `verify-runner init` all decide from this one list what agent-verify itself wrote.

/** Who writes a product file. */
export type ProductFileWriter = "manager" | "runner" | "gates" | "agent-loop" | "all";

export interface ProductFile {
  /**
   * A .gitignore line relative to the project folder: a trailing `/` is a folder and all it
   * holds, `*` is any run of characters but `/`.
   */
  pattern: string;
  writer: ProductFileWriter;
  what: string;
}

/**
 * Every file agent-verify writes into a user's repository. They are the product's, never the
 * change's, whether or not .gitignore lists them: gates leaves them out of the change (scope,
 * diff budget, stamp, git-clean), the manager never takes them for a ticket's work, and
 * `verify-runner init` writes one .gitignore line for each. The user's own configuration
 * (`.verify/workflows.yaml`, `.verify/gates.yaml`, flows, page objects) is not here: editing it
 * is part of a change.
 */
export const PRODUCT_FILES: readonly ProductFile[] = [
  { pattern: ".verify/log.jsonl", writer: "manager", what: "the verify log, one line per attempt" },
  { pattern: ".verify/loop-status.json", writer: "manager", what: "the ticket loop's status" },
  {
    pattern: ".verify/loop-status.json.*.tmp",
    writer: "manager",
    what: "the status file while it is replaced",
  },
  { pattern: ".verify/loop.lock*", writer: "manager", what: "the ticket loop's lock" },
  { pattern: ".verify/.tracker-write*", writer: "manager", what: "a pending tracker write" },
  { pattern: ".verify/escalations/", writer: "manager", what: "notes for a human reviewer" },
  { pattern: ".verify/.tracker/", writer: "manager", what: "the README's bd tracker" },
  { pattern: ".verify/artifacts/", writer: "runner", what: "screenshots, traces, error context" },
  { pattern: ".verify/gates.json", writer: "gates", what: "the gates report" },
  { pattern: ".verify/summary.txt", writer: "gates", what: "the gates summary" },
  { pattern: ".verify/green", writer: "gates", what: "the stamp of a green change" },
  { pattern: ".verify/crap.json", writer: "gates", what: "the advisory CRAP scan" },
  { pattern: ".verify/cache/", writer: "gates", what: "an older gates' cache" },
  {
    pattern: ".verify/agent-loops/",
    writer: "agent-loop",
    what: "the loops and the session record",
  },
  { pattern: ".verify/agent-loop.json", writer: "agent-loop", what: "an older single loop file" },
  {
    pattern: ".verify/agent-loop.json.*.tmp",
    writer: "agent-loop",
    what: "the older loop file while it is replaced",
  },
  { pattern: ".verify/agent-loop.log.jsonl", writer: "agent-loop", what: "the hook's decisions" },
  {
    pattern: "node_modules/.cache/agent-verify/",
    writer: "all",
    what: "validated configuration, cached by earlier releases (now in the state folder)",
  },
];

/** The .gitignore lines `verify-runner init` writes: one per product file. */
export const PRODUCT_GITIGNORE_LINES: readonly string[] = PRODUCT_FILES.map((f) => f.pattern);

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

function patternSource(pattern: string): string {
  const folder = pattern.endsWith("/");
  const body = escape(folder ? pattern.slice(0, -1) : pattern).replaceAll("*", "[^/]*");
  return folder ? `${body}/.+` : body;
}

// At the repository's top or in a project folder below it (the manager's --dir, gates' root).
const MATCHER = new RegExp(
  `(?:^|/)(?:${PRODUCT_FILES.map((f) => patternSource(f.pattern)).join("|")})$`,
);

/**
 * True when `path` (relative, `/` or `\` separated) is a file agent-verify writes, at the top of
 * the repository or under a project folder in it.
 */
export function isProductFile(path: string): boolean {
  const normal = path.replaceAll("\\", "/").replace(/^(?:\.\/)+/, "");
  return MATCHER.test(normal);
}

/**
 * The product files as globs that match at any depth: each pattern behind a leading `**` and
 * `/`, a folder with `**` appended. For picomatch and for git's `:(glob)` pathspecs.
 */
export function productFileGlobs(): string[] {
  return PRODUCT_FILES.map(({ pattern }) =>
    pattern.endsWith("/") ? `**/${pattern}**` : `**/${pattern}`,
  );
}
