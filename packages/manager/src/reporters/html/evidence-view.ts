import type { FlowOutcome } from "@agent-verify/contract";
import { artifact } from "../text.js";
import { htmlEscape } from "./escape.js";
import { renderMarkdown } from "./markdown.js";

/** 0: the first of two runs (its evidence kept apart); undefined: the outcome's own run. */
export type Attempt = 0 | undefined;
/** Where the page finds a flow's evidence: a path relative to the page (copied next to it). */
export type EvidenceLink = (
  outcome: FlowOutcome,
  key: string,
  attempt?: Attempt,
) => string | undefined;
/** A flow's error-context.md, as text to render (already redacted), when there is one. */
export type ErrorContextText = (outcome: FlowOutcome, attempt?: Attempt) => string | undefined;

const SHOWN_ARTIFACTS = new Set(["screenshot", "trace", "error_context", "url_at_failure"]);

export function section(title: string, body: string): string {
  return `<section class="panel"><h3>${htmlEscape(title)}</h3>${body}</section>`;
}

function fileLink(href: string, label: string): string {
  return `<a href="${htmlEscape(href)}">${htmlEscape(label)}</a>`;
}

function shellQuote(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** One run of a flow and where its evidence is found. */
export interface RunEvidence {
  outcome: FlowOutcome;
  /** The outcome's fields for this run only. */
  view: FlowOutcome;
  attempt: Attempt;
  link: EvidenceLink;
  context: ErrorContextText;
}

function traceSection({ outcome, view, attempt, link }: RunEvidence): string {
  const trace = link(outcome, "trace", attempt);
  if (trace === undefined) {
    const original = artifact(view, "trace");
    return original
      ? section("Trace", `<p>Not copied (not found): <code>${htmlEscape(original)}</code></p>`)
      : "";
  }
  const command = `npx playwright show-trace ${shellQuote(trace)}`;
  // The trace viewer needs http (a service worker): the link shows when show-report serves the page.
  const viewer =
    `<p><a class="trace-viewer" hidden data-trace="${htmlEscape(trace)}" href="trace/index.html?trace=${htmlEscape(encodeURIComponent(trace))}">` +
    `Open in the trace viewer</a><span class="muted trace-hint">The trace viewer opens from here when ` +
    `<code>verify-manager show-report</code> serves this folder.</span></p>`;
  return section(
    "Trace",
    viewer +
      `<p>From this report's folder:</p><pre class="command"><code>${htmlEscape(command)}</code></pre>` +
      `<p>${fileLink(trace, "download the trace")}</p>`,
  );
}

function otherArtifacts(view: FlowOutcome): string[] {
  const out: string[] = [];
  const consoleErrors = view.artifacts?.console_errors;
  if (Array.isArray(consoleErrors) && consoleErrors.length > 0) {
    const items = consoleErrors.map((line) => `<li><code>${htmlEscape(String(line))}</code></li>`);
    out.push(section("Console errors", `<ul>${items.join("")}</ul>`));
  }
  const others = Object.entries(view.artifacts ?? {}).filter(
    ([key, value]) => !SHOWN_ARTIFACTS.has(key) && key !== "console_errors" && value !== null,
  );
  if (others.length > 0) {
    const items = others.map(
      ([key, value]) =>
        `<dt>${htmlEscape(key)}</dt><dd><code>${htmlEscape(typeof value === "string" ? value : JSON.stringify(value))}</code></dd>`,
    );
    out.push(section("Other artifacts", `<dl>${items.join("")}</dl>`));
  }
  return out;
}

/** What only error-context.md holds: the page's ARIA snapshot, page errors, failed requests. */
const CONTEXT_ONLY = new Set(["Page snapshot (ARIA)", "Uncaught page errors", "Failed requests"]);

/**
 * error-context.md without what the page shows already (the error, the steps, the console
 * errors): each fact once. A file in another shape (another runner's) is shown whole.
 */
export function contextOnlySections(markdown: string): string {
  const sections = markdown.split(/^(?=## )/m);
  const kept = sections.filter((part) =>
    CONTEXT_ONLY.has(/^## (.*)/.exec(part)?.[1]?.trim() ?? ""),
  );
  return kept.length > 0 ? kept.join("") : markdown;
}

/** A run's screenshot, error-context.md (inline), trace, console errors and other artifacts. */
export function evidenceSections(run: RunEvidence): string[] {
  const { outcome, attempt, link, context } = run;
  const out: string[] = [];
  const shot = link(outcome, "screenshot", attempt);
  if (shot) {
    out.push(
      section(
        "Screenshot",
        `<a href="${htmlEscape(shot)}"><img class="screenshot" src="${htmlEscape(shot)}" alt="screenshot of ${htmlEscape(outcome.flow)}"></a>`,
      ),
    );
  }
  const markdown = context(outcome, attempt);
  const contextFile = link(outcome, "error_context", attempt);
  if (markdown !== undefined) {
    const file = contextFile ? `<p>${fileLink(contextFile, "error-context.md")}</p>` : "";
    out.push(
      section(
        "Error context",
        `${file}<article class="markdown">${renderMarkdown(contextOnlySections(markdown))}</article>`,
      ),
    );
  }
  out.push(traceSection(run), ...otherArtifacts(run.view));
  return out;
}
