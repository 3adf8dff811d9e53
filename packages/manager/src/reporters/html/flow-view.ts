import type { FlowOutcome } from "@agent-verify/contract";
import { artifact } from "../text.js";
import { attemptsOf, type AttemptView } from "./attempts.js";
import { categoryOf } from "./categories.js";
import { formatMs, htmlEscape } from "./escape.js";
import {
  evidenceSections,
  section,
  type ErrorContextText,
  type EvidenceLink,
} from "./evidence-view.js";
import { failureLocation, renderCodeFrame, type SourceLines } from "./code-frame.js";
import { flowHref } from "./links.js";
import { renderTimeline, type StepLike } from "./timeline.js";

export type { ErrorContextText, EvidenceLink } from "./evidence-view.js";

/** What a flow's page needs besides the outcome: its evidence, error context and sources. */
export interface FlowPageDeps {
  link: EvidenceLink;
  context: ErrorContextText;
  source: SourceLines;
}

function errorLine(run: { failing_step: string | null; error: string | null }): string {
  if (!run.error) return "";
  return `${run.failing_step ? `step '${run.failing_step}': ` : ""}${run.error}`;
}

export function badge(outcome: FlowOutcome): string {
  return `<span class="badge ${categoryOf(outcome)}">${htmlEscape(outcome.outcome)}</span>`;
}

/** Everything a search for this flow should find, lower-cased. */
function searchText(outcome: FlowOutcome): string {
  const steps = (outcome.result?.steps ?? []).map((step) => step.name);
  const declared = [outcome.description ?? "", outcome.file ?? ""];
  return [outcome.flow, outcome.outcome, errorLine(outcome), ...declared, ...steps]
    .join(" ")
    .toLowerCase();
}

function tagList(tags: readonly string[]): string {
  return tags.map((tag) => `@${tag}`).join(" ");
}

/** The flow's row in the list: name (a link to its page), outcome, duration, first error line. */
export function flowRow(outcome: FlowOutcome, index: number): string {
  const error = errorLine(outcome).split("\n")[0] ?? "";
  const short = error.length > 200 ? `${error.slice(0, 199)}…` : error;
  const tags = outcome.tags ?? [];
  const tagText = tagList(tags);
  return [
    `<tr data-category="${categoryOf(outcome)}" data-flow="${htmlEscape(outcome.flow)}" data-index="${index}"`,
    ` data-tags="${htmlEscape(tagText.toLowerCase())}" data-search="${htmlEscape(searchText(outcome))}">`,
    `<td><a href="${htmlEscape(flowHref(outcome.flow))}">${htmlEscape(outcome.flow)}</a>`,
    tags.length > 0 ? ` <span class="tags">${htmlEscape(tagText)}</span>` : "",
    `</td><td>${badge(outcome)}</td>`,
    `<td class="num">${formatMs(outcome.duration_ms)}</td>`,
    `<td class="error-line">${htmlEscape(short)}</td>`,
    "</tr>",
  ].join("");
}

const RUN_STATUS: Record<string, string> = { pass: "passed", flaky: "passed" };

/** The error, and the source line it came from when the runner said where. */
function errorSection(run: AttemptView, source: SourceLines): string {
  const error = errorLine(run);
  if (!error) return "";
  const location = failureLocation((run.view.result?.steps ?? []) as StepLike[]);
  const frame = location ? (renderCodeFrame(location, source) ?? "") : "";
  return section("Error", `<pre class="error">${htmlEscape(error)}</pre>${frame}`);
}

/** One run's panel: its error (shown once, here), page URL, steps, evidence and stderr. */
function runPanel(outcome: FlowOutcome, run: AttemptView, deps: FlowPageDeps): string {
  const { view } = run;
  const { link, context } = deps;
  const url = artifact(view, "url_at_failure");
  const stderr = view.stderr_tail.trim();
  return [
    errorSection(run, deps.source),
    url ? `<p>Page at failure: <code>${htmlEscape(url)}</code></p>` : "",
    section("Steps", renderTimeline(view.result?.steps ?? [], run.duration_ms)),
    ...evidenceSections({ outcome, view, attempt: run.attempt, link, context }),
    section(
      "Stderr (tail)",
      stderr ? `<pre class="stderr">${htmlEscape(stderr)}</pre>` : '<p class="muted">empty</p>',
    ),
  ].join("\n");
}

/** The tab a flow opens on: its first failed run (a flaky flow's failure), else the last. */
export function openingRun(runs: readonly { outcome: string }[]): number {
  const failed = runs.findIndex((run) => run.outcome !== "pass" && run.outcome !== "flaky");
  return failed >= 0 ? failed : runs.length - 1;
}

/** Tabs when the flow ran more than once (Run, Retry #1), each labelled with how it ended. */
function runTabs(outcome: FlowOutcome, runs: AttemptView[], deps: FlowPageDeps): string {
  if (runs.length === 1 && runs[0]) return runPanel(outcome, runs[0], deps);
  const last = openingRun(runs);
  const tabs = runs.map((run, i) => {
    const status = RUN_STATUS[run.outcome] ?? (run.outcome === "fail" ? "failed" : run.outcome);
    return (
      `<button type="button" role="tab" class="run-tab ${run.outcome === "pass" ? "passed" : "failed"}"` +
      ` aria-selected="${i === last}" data-run="${i}">${htmlEscape(run.label)} · ${htmlEscape(status)}` +
      ` <span class="muted">${formatMs(run.duration_ms)}</span></button>`
    );
  });
  const panels = runs.map(
    (run, i) =>
      `<div role="tabpanel" class="run-panel" data-run="${i}" aria-label="${htmlEscape(run.label)}"${i === last ? "" : " hidden"}>` +
      `${runPanel(outcome, run, deps)}</div>`,
  );
  return `<div class="runs"><div role="tablist" aria-label="attempts">${tabs.join("")}</div>${panels.join("\n")}</div>`;
}

/** What the catalog declares: description, tags, the flow's module. */
function declared(outcome: FlowOutcome): string {
  const tags = outcome.tags ?? [];
  const parts = [
    outcome.description ? `<p class="description">${htmlEscape(outcome.description)}</p>` : "",
    tags.length > 0 || outcome.file
      ? `<p class="declared">${tags.length > 0 ? `<span class="tags">${htmlEscape(tagList(tags))}</span> ` : ""}` +
        `${outcome.file ? `<code class="flow-file">${htmlEscape(outcome.file)}</code>` : ""}</p>`
      : "",
  ];
  return parts.join("");
}

/** One flow's page: verdict, then one tab per run (error, steps, evidence, stderr). */
export function flowView(outcome: FlowOutcome, index: number, deps: FlowPageDeps): string {
  const exit = [
    outcome.exit_code === null ? null : `exit code ${outcome.exit_code}`,
    outcome.signal ? `signal ${outcome.signal}` : null,
    outcome.isolation === "worker" ? "ran in a shared worker" : null,
  ].filter((part) => part !== null);
  return [
    `<section class="view flow-view" id="view-flow-${index}" data-view data-flow="${htmlEscape(outcome.flow)}" hidden>`,
    '<p><a class="to-list" href="#flows">← all flows</a></p>',
    `<h2>${htmlEscape(outcome.flow)} ${badge(outcome)} <span class="muted">${formatMs(outcome.duration_ms)}</span></h2>`,
    declared(outcome),
    exit.length > 0 ? `<p class="muted">${htmlEscape(exit.join(" · "))}</p>` : "",
    runTabs(outcome, attemptsOf(outcome), deps),
    "</section>",
  ].join("\n");
}
