import { createHash } from "node:crypto";
import type { RunReport } from "@agent-verify/contract";
import { CATEGORIES, CATEGORY_LABELS, countCategories } from "./categories.js";
import type { SourceLines } from "./code-frame.js";
import { formatMs, htmlEscape } from "./escape.js";
import type { ErrorContextText, EvidenceLink } from "./evidence-view.js";
import { flowRow, flowView } from "./flow-view.js";
import { renderHeadline } from "./header.js";
import { SCRIPT } from "./script.js";
import { STYLE } from "./style.js";
import { ticketsView, type TicketsData } from "./tickets-view.js";

export interface HtmlPageOptions {
  generatedAt?: Date | undefined;
  errorContext?: ErrorContextText | undefined;
  tickets?: TicketsData | undefined;
  /** The project's files, for the code frame at a failure (none: no code frame). */
  source?: SourceLines | undefined;
}

/**
 * Only this page's own script may run (its hash is the policy), images only from the report's
 * folder: a `<script>` that slipped past escaping still would not run.
 */
function contentSecurityPolicy(): string {
  const hash = createHash("sha256").update(SCRIPT).digest("base64");
  return [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' file: data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

function toolbar(report: RunReport): string {
  const counts = countCategories(report.outcomes);
  const flowMs = report.outcomes.reduce((sum, o) => sum + o.duration_ms, 0);
  const buttons = [
    `<button type="button" data-filter="all" aria-pressed="true">All<span class="count">${report.outcomes.length}</span></button>`,
    ...CATEGORIES.map(
      (c) =>
        `<button type="button" data-filter="${c}" aria-pressed="false">${CATEGORY_LABELS[c]}<span class="count">${counts[c]}</span></button>`,
    ),
  ];
  return [
    '<div class="toolbar" role="toolbar" aria-label="filter flows">',
    ...buttons,
    `<span class="muted" title="the flows' durations added up; flows may have run in parallel">flow time ${formatMs(flowMs)}</span>`,
    '<input type="search" id="search" placeholder="Search flows, steps, errors" aria-label="Search flows">',
    "</div>",
  ].join("");
}

function flowsView(report: RunReport): string {
  return [
    '<section class="view" id="view-flows" data-view>',
    toolbar(report),
    '<table class="flows"><thead><tr><th>Flow</th><th>Outcome</th><th>Duration</th><th>Error</th></tr></thead><tbody>',
    ...report.outcomes.map((o, i) => flowRow(o, i)),
    "</tbody></table>",
    '<p id="no-match" class="muted" hidden>No flow matches the filter.</p>',
    "</section>",
  ].join("\n");
}

/** The whole report: summary and flow list, one view per flow, the tickets view. */
export function renderHtmlPage(
  report: RunReport,
  link: EvidenceLink,
  options: HtmlPageOptions = {},
): string {
  const passed = report.outcomes.filter((o) => o.outcome === "pass").length;
  const title = `agent-verify: ${passed}/${report.outcomes.length} flows passed`;
  const shard = report.shard ? ` (shard ${report.shard.index}/${report.shard.total})` : "";
  const generatedAt = options.generatedAt ?? new Date();
  const deps = {
    link,
    context: options.errorContext ?? (() => undefined),
    source: options.source ?? (() => undefined),
  };
  const tickets = new Set(options.tickets?.entries.map((entry) => entry.ticket)).size;
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">`,
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${htmlEscape(title)}</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${htmlEscape(title)}${shard}</h1>`,
    renderHeadline(report),
    `<p class="muted">Generated ${generatedAt.toISOString()}.</p>`,
    `<nav class="tabs"><a href="#flows">Flows</a><a href="#tickets">Tickets (${tickets})</a></nav></header>`,
    "<main>",
    flowsView(report),
    ...report.outcomes.map((o, i) => flowView(o, i, deps)),
    ticketsView(options.tickets, new Set(report.outcomes.map((o) => o.flow))),
    "</main>",
    `<script>${SCRIPT}</script>`,
    "</body></html>",
    "",
  ].join("\n");
}
