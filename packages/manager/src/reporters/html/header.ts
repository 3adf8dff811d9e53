import type { RunMeta, RunReport } from "@agent-verify/contract";
import { EXIT_CODE_BY_STATUS } from "../../exit-codes.js";
import { verdictOf } from "../../run/report.js";
import { CATEGORIES, CATEGORY_LABELS, countCategories } from "./categories.js";
import { formatMs, htmlEscape } from "./escape.js";

const VERDICT_TEXT = {
  passed: "Passed",
  failed: "Failed",
  setup: "Could not run",
} as const;

export interface Headline {
  verdict: keyof typeof VERDICT_TEXT;
  exitCode: number;
  /** `Failed (exit 1)`. */
  label: string;
  /** `1 passed · 1 failed · 1 flaky`, not run only when there are some. */
  counts: string;
  note: string | null;
}

/** How the run ended, as its exit code says: flaky is counted apart, never as passed. */
export function headline(report: RunReport): Headline {
  const verdict = verdictOf(report);
  const exitCode = EXIT_CODE_BY_STATUS[verdict];
  const counts = countCategories(report.outcomes);
  const parts = CATEGORIES.filter((c) => c !== "not_run" || counts[c] > 0).map(
    (c) => `${counts[c]} ${CATEGORY_LABELS[c].toLowerCase()}`,
  );
  return {
    verdict,
    exitCode,
    label: `${VERDICT_TEXT[verdict]} (exit ${exitCode})`,
    counts: parts.join(" · "),
    note:
      counts.flaky > 0
        ? "flaky: failed, then passed on the retry — not a pass, as the exit code says"
        : null,
  };
}

/** Metadata as label → value, only what the run recorded. */
export function metaItems(meta: RunMeta | undefined): Array<[string, string, string?]> {
  if (!meta) return [];
  const items: Array<[string, string, string?]> = [];
  if (meta.started_at) items.push(["Started", meta.started_at]);
  if (meta.wall_ms !== undefined) items.push(["Wall time", formatMs(meta.wall_ms)]);
  if (meta.workers !== undefined) items.push(["Workers", String(meta.workers)]);
  if (meta.git_commit) {
    // A run on a tree with uncommitted changes did not test that commit as it is.
    const dirty = meta.git_dirty === true ? " + uncommitted changes" : "";
    items.push(["Commit", `${meta.git_commit.slice(0, 12)}${dirty}`]);
  }
  if (meta.ci_build) {
    const { provider, id, url } = meta.ci_build;
    items.push(["CI build", `${provider} ${id}`.trim(), url]);
  }
  return items;
}

function metaValue([, value, url]: [string, string, string?]): string {
  return url && /^https?:\/\//.test(url)
    ? `<a href="${htmlEscape(url)}" rel="noreferrer">${htmlEscape(value)}</a>`
    : htmlEscape(value);
}

/** The verdict with the exit code, the counts per group, and the run's metadata. */
export function renderHeadline(report: RunReport): string {
  const head = headline(report);
  const badge = { passed: "passed", failed: "failed", setup: "not_run" }[head.verdict];
  const meta = metaItems(report.meta).map(
    (item) =>
      `<span class="meta-item"><span class="muted">${htmlEscape(item[0])}</span> ${metaValue(item)}</span>`,
  );
  return [
    `<p class="headline" data-verdict="${head.verdict}">`,
    `<span class="badge ${badge}">${htmlEscape(head.label)}</span> `,
    `<span class="counts">${htmlEscape(head.counts)}</span>`,
    head.note ? ` <span class="muted">${htmlEscape(head.note)}</span>` : "",
    "</p>",
    meta.length > 0 ? `<p class="meta" aria-label="run metadata">${meta.join("")}</p>` : "",
  ].join("");
}
