import type { VerifyDecision, VerifyLogEntry } from "@agent-verify/contract";
import type { Category } from "./categories.js";
import { htmlEscape } from "./escape.js";
import { flowHref } from "./links.js";
import { renderMarkdown } from "./markdown.js";

/** What the tickets view shows: the verify log's signed attempts, and what was left out. */
export interface TicketsData {
  entries: readonly VerifyLogEntry[];
  /** One line per log problem (unreadable or foreign lines), shown above the tickets. */
  notes: readonly string[];
}

/** A decision's colour: setup problems are grey, like flows that never ran. */
const CATEGORY_OF_DECISION: Record<VerifyDecision, Category> = {
  pass: "passed",
  flaky: "flaky",
  setup: "not_run",
  retry: "failed",
  escalate: "failed",
};

/** What a person reads on the badge; the log's decision stays in its tooltip. */
const DECISION_LABEL: Record<VerifyDecision, string> = {
  pass: "passed",
  flaky: "flaky",
  setup: "setup problem",
  retry: "failed",
  escalate: "failed, escalated",
};

/** An item: text (escaped here) or HTML made here (a link to a flow's page). */
type Item = string | { html: string };

function list(title: string, items: readonly Item[]): string {
  if (items.length === 0) return "";
  const shown = items
    .slice(0, 20)
    .map((item) => `<li>${typeof item === "string" ? htmlEscape(item) : item.html}</li>`);
  const more = items.length > 20 ? `<li class="muted">… ${items.length - 20} more</li>` : "";
  return `<div class="evidence"><h5>${htmlEscape(title)}</h5><ul>${shown.join("")}${more}</ul></div>`;
}

function where(file: string | null, line: number | null): string {
  return file ? `${file}${line ? `:${line}` : ""}: ` : "";
}

/** What the attempt had as evidence, each kind only when present. */
function evidence(entry: VerifyLogEntry, inReport: ReadonlySet<string>): string {
  const failed = new Set(entry.failed_flows.map((flow) => flow.flow));
  // A flow this report ran links to its page.
  const name = (flow: string) =>
    inReport.has(flow)
      ? `<a href="${htmlEscape(flowHref(flow))}">${htmlEscape(flow)}</a>`
      : htmlEscape(flow);
  const flows = entry.flows_run.map((flow) => ({
    html: failed.has(flow)
      ? `${name(flow)}: failed`
      : entry.passed_flows.includes(flow)
        ? `${name(flow)}: passed`
        : name(flow),
  }));
  const judge = entry.judge
    ? [
        `decision ${entry.judge.decision}`,
        ...entry.judge.criteria.map(
          (c) => `${c.id} ${c.status}${c.evidence ? ` — ${c.evidence}` : ""}`,
        ),
        ...entry.judge.fix_forward.map((step) => `fix forward: ${step}`),
      ]
    : [];
  const gates = entry.gates;
  return [
    list("Flows run", flows),
    list(
      "Failed flows",
      entry.failed_flows.map((f) => ({
        // The error keeps its lines (Playwright's Expected / Received each on its own).
        html:
          `${name(f.flow)}: ${htmlEscape(f.outcome)}${f.failing_step ? ` at step '${htmlEscape(f.failing_step)}'` : ""}` +
          (f.error ? ` — <span class="error-text">${htmlEscape(f.error)}</span>` : ""),
      })),
    ),
    list(
      "Failed tests",
      entry.failed_tests.map((t) => `${where(t.file, null)}${t.name} — ${t.message}`),
    ),
    list("Acceptance criteria not met", entry.failed_ac),
    list(
      "Typecheck errors",
      entry.typecheck_errors.map((e) => `${where(e.file, e.line)}${e.code} ${e.message}`),
    ),
    list(
      "Lint errors",
      entry.lint_errors.map((e) => `${where(e.file, e.line)}${e.rule} ${e.message}`),
    ),
    list(
      "Gate findings",
      entry.gate_findings.map((g) => `${g.stage}: ${where(g.file, g.line)}${g.rule} ${g.message}`),
    ),
    list("Judge", judge),
    list(
      "Flaky",
      entry.flaky.map((f) => `${f.kind} ${f.name} (${f.reason})`),
    ),
    list("Manual smoke test", entry.manual_smoke?.steps ?? []),
    `<p class="muted">gates: ${htmlEscape(gates.status)}${gates.exit_code === null ? "" : ` (exit ${gates.exit_code})`}${
      gates.already_verified ? ", already verified" : ""
    }${gates.error ? ` — ${htmlEscape(gates.error)}` : ""}</p>`,
  ].join("");
}

/** The comment the attempt posted, folded; lines logged before it was kept say where it is. */
function postedComment(entry: VerifyLogEntry): string {
  if (entry.comment === undefined) {
    return (
      '<p class="muted comment-note">This attempt was logged before the verify log kept its comment; ' +
      `<code>bd comments ${htmlEscape(entry.ticket)}</code> shows it.</p>`
    );
  }
  return (
    '<details class="posted-comment"><summary>Comment posted on the ticket</summary>' +
    `<article class="markdown">${renderMarkdown(entry.comment)}</article></details>`
  );
}

/** The ticket's title, from its latest attempt that recorded one. */
function titleOf(attempts: readonly VerifyLogEntry[]): string | undefined {
  return attempts.findLast((entry) => entry.title !== undefined)?.title;
}

function attempt(entry: VerifyLogEntry, inReport: ReadonlySet<string>): string {
  const decision = CATEGORY_OF_DECISION[entry.decision];
  // The git tree hash tells a reader nothing: it stays in a tooltip (and the log).
  const tree = entry.tree_hash ? `git tree ${entry.tree_hash}` : "no git tree";
  return [
    `<li class="attempt">`,
    `<h4 title="${htmlEscape(tree)}">attempt ${entry.attempt} <span class="badge ${decision}" title="decision: ${htmlEscape(entry.decision)}">${htmlEscape(DECISION_LABEL[entry.decision])}</span>`,
    ` <span class="muted">${htmlEscape(entry.timestamp)} · ${entry.counted ? "counted" : "not counted"}`,
    `${entry.same_as_previous ? " · same failure as before" : ""}</span></h4>`,
    `<p>type ${htmlEscape(entry.type)}</p>`,
    entry.setup_error ? `<pre class="error">setup: ${htmlEscape(entry.setup_error)}</pre>` : "",
    evidence(entry, inReport),
    postedComment(entry),
    "</li>",
  ].join("");
}

/** Tickets, the most recently verified first; each with its attempts oldest first. */
export function ticketsView(
  data: TicketsData | undefined,
  inReport: ReadonlySet<string> = new Set(),
): string {
  const entries = data?.entries ?? [];
  const byTicket = new Map<string, VerifyLogEntry[]>();
  for (const entry of entries)
    byTicket.set(entry.ticket, [...(byTicket.get(entry.ticket) ?? []), entry]);
  const tickets = [...byTicket.entries()].sort(([, a], [, b]) =>
    (b.at(-1)?.timestamp ?? "").localeCompare(a.at(-1)?.timestamp ?? ""),
  );
  const notes = (data?.notes ?? []).map((note) => `<p class="note">${htmlEscape(note)}</p>`);
  const body =
    tickets.length === 0
      ? '<p class="muted">No ticket has been verified here yet (.verify/log.jsonl has no signed attempt).</p>'
      : tickets
          .map(
            ([ticket, attempts]) =>
              `<article class="ticket" data-ticket="${htmlEscape(ticket)}"><h3>${htmlEscape(ticket)}` +
              `${titleOf(attempts) === undefined ? "" : ` <span class="ticket-title">${htmlEscape(titleOf(attempts) ?? "")}</span>`}` +
              ` <span class="muted">${attempts.length} ${
                attempts.length === 1 ? "attempt" : "attempts"
              }</span></h3><ol class="attempts">${attempts.map((a) => attempt(a, inReport)).join("")}</ol></article>`,
          )
          .join("\n");
  return [
    '<section class="view" id="view-tickets" data-view hidden>',
    "<h2>Tickets</h2>",
    '<p class="muted">Every verification attempt from <code>.verify/log.jsonl</code>, over time.</p>',
    ...notes,
    body,
    "</section>",
  ].join("\n");
}
