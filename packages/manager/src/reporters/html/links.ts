/** A flow's page, by name: stable across runs and shards (never its position in the list). */
export function flowHref(flow: string): string {
  return `#?flow=${encodeURIComponent(flow)}`;
}

export interface SearchQuery {
  /** `s:failed`, `s:passed`, `s:flaky`, `s:not_run` (the last one given wins). */
  status: string | null;
  /** `@tag`, lower-cased, each required. */
  tags: string[];
  /** Every other word, lower-cased, each required somewhere in the flow's text. */
  words: string[];
}

/**
 * The search box's language. Self-contained on purpose: the page's script embeds this very
 * function's source, so the page and its tests parse alike.
 */
export function parseSearch(query: string): SearchQuery {
  const out: SearchQuery = { status: null, tags: [], words: [] };
  for (const token of query.trim().toLowerCase().split(/\s+/)) {
    if (token === "") continue;
    const status = /^s:(passed|failed|flaky|not_run|skipped)$/.exec(token);
    if (status && status[1]) out.status = status[1] === "skipped" ? "not_run" : status[1];
    else if (token.length > 1 && token.startsWith("@")) out.tags.push(token.slice(1));
    else out.words.push(token);
  }
  return out;
}
