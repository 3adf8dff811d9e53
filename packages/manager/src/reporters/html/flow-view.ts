import type { FlowOutcome } from "@agent-verify/contract";
import { artifact } from "../text.js";
import { categoryOf } from "./categories.js";
import { formatMs, htmlEscape } from "./escape.js";
import { renderMarkdown } from "./markdown.js";
import { renderTimeline } from "./timeline.js";

/** Where the page finds a flow's evidence: a path relative to the page (copied next to it). */
export type EvidenceLink = (outcome: FlowOutcome, key: string) => string | undefined;
/** A flow's error-context.md, as text to render (already redacted), when there is one. */
export type ErrorContextText = (outcome: FlowOutcome) => string | undefined;

const SHOWN_ARTIFACTS = new Set(["screenshot", "trace", "error_context", "url_at_failure"]);

function errorLine(outcome: FlowOutcome): string {
  if (!outcome.error) return "";
  return `${outcome.failing_step ? `step '${outcome.failing_step}': ` : ""}${outcome.error}`;
}

export function badge(outcome: FlowOutcome): string {
  return `<span class="badge ${categoryOf(outcome)}">${htmlEscape(outcome.outcome)}</span>`;
}

/** Everything a search for this flow should find, lower-cased. */
function searchText(outcome: FlowOutcome): string {
  const steps = (outcome.result?.steps ?? []).map((step) => step.name);
  return [outcome.flow, outcome.outcome, errorLine(outcome), ...steps].join(" ").toLowerCase();
}

/** The flow's row in the list: name (a link to its page), outcome, duration, first error line. */
export function flowRow(outcome: FlowOutcome, index: number): string {
  const error = errorLine(outcome).split("\n")[0] ?? "";
  const short = error.length > 200 ? `${error.slice(0, 199)}…` : error;
  return [
    `<tr data-category="${categoryOf(outcome)}" data-search="${htmlEscape(searchText(outcome))}">`,
    `<td><a href="#flow-${index}">${htmlEscape(outcome.flow)}</a></td>`,
    `<td>${badge(outcome)}</td>`,
    `<td class="num">${formatMs(outcome.duration_ms)}</td>`,
    `<td class="error-line">${htmlEscape(short)}</td>`,
    "</tr>",
  ].join("");
}

function section(title: string, body: string): string {
  return `<section class="panel"><h3>${htmlEscape(title)}</h3>${body}</section>`;
}

function fileLink(href: string, label: string): string {
  return `<a href="${htmlEscape(href)}">${htmlEscape(label)}</a>`;
}

function shellQuote(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

function traceSection(outcome: FlowOutcome, link: EvidenceLink): string {
  const trace = link(outcome, "trace");
  if (trace === undefined) {
    const original = artifact(outcome, "trace");
    return original
      ? section("Trace", `<p>Not copied (not found): <code>${htmlEscape(original)}</code></p>`)
      : "";
  }
  const command = `npx playwright show-trace ${shellQuote(trace)}`;
  return section(
    "Trace",
    `<p>From this report's folder:</p><pre class="command"><code>${htmlEscape(command)}</code></pre>` +
      `<p>${fileLink(trace, "download the trace")}</p>`,
  );
}

function evidenceSections(
  outcome: FlowOutcome,
  link: EvidenceLink,
  context: ErrorContextText,
): string[] {
  const out: string[] = [];
  const shot = link(outcome, "screenshot");
  if (shot) {
    out.push(
      section(
        "Screenshot",
        `<a href="${htmlEscape(shot)}"><img class="screenshot" src="${htmlEscape(shot)}" alt="screenshot of ${htmlEscape(outcome.flow)}"></a>`,
      ),
    );
  }
  const markdown = context(outcome);
  const contextFile = link(outcome, "error_context");
  if (markdown !== undefined) {
    const file = contextFile ? `<p>${fileLink(contextFile, "error-context.md")}</p>` : "";
    out.push(
      section(
        "Error context",
        `${file}<article class="markdown">${renderMarkdown(markdown)}</article>`,
      ),
    );
  }
  out.push(traceSection(outcome, link));
  const consoleErrors = outcome.artifacts?.console_errors;
  if (Array.isArray(consoleErrors) && consoleErrors.length > 0) {
    const items = consoleErrors.map((line) => `<li><code>${htmlEscape(String(line))}</code></li>`);
    out.push(section("Console errors", `<ul>${items.join("")}</ul>`));
  }
  const others = Object.entries(outcome.artifacts ?? {}).filter(
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

/** One flow's page: verdict, error, steps as a timeline, screenshot, error context, trace, stderr. */
export function flowView(
  outcome: FlowOutcome,
  index: number,
  link: EvidenceLink,
  context: ErrorContextText,
): string {
  const error = errorLine(outcome);
  const url = artifact(outcome, "url_at_failure");
  const exit = [
    outcome.exit_code === null ? null : `exit code ${outcome.exit_code}`,
    outcome.signal ? `signal ${outcome.signal}` : null,
    outcome.isolation === "worker" ? "ran in a shared worker" : null,
  ].filter((part) => part !== null);
  const stderr = outcome.stderr_tail.trim();
  return [
    `<section class="view flow-view" id="view-flow-${index}" data-view hidden>`,
    '<p><a href="#flows">← all flows</a></p>',
    `<h2>${htmlEscape(outcome.flow)} ${badge(outcome)} <span class="muted">${formatMs(outcome.duration_ms)}</span></h2>`,
    exit.length > 0 ? `<p class="muted">${htmlEscape(exit.join(" · "))}</p>` : "",
    error ? section("Error", `<pre class="error">${htmlEscape(error)}</pre>`) : "",
    url ? `<p>Page at failure: <code>${htmlEscape(url)}</code></p>` : "",
    section("Steps", renderTimeline(outcome.result?.steps ?? [], outcome.duration_ms)),
    ...evidenceSections(outcome, link, context),
    section(
      "Stderr (tail)",
      stderr ? `<pre class="stderr">${htmlEscape(stderr)}</pre>` : '<p class="muted">empty</p>',
    ),
    "</section>",
  ].join("\n");
}
