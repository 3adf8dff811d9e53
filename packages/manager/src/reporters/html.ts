import type { FlowOutcome, RunReport } from "@agent-verify/contract";
import { artifact, plain, stepLines } from "./text.js";

export function htmlEscape(text: string): string {
  return plain(text)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Where the page finds a flow's evidence: a path relative to the page (copied next to it). */
export type EvidenceLink = (outcome: FlowOutcome, key: string) => string | undefined;

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; vertical-align: top; }
.pass { color: #176f2c; font-weight: bold; } .not-pass { color: #b3261e; font-weight: bold; }
pre { white-space: pre-wrap; margin: 0; } img { max-width: 480px; border: 1px solid #ccc; }
`;

function row(outcome: FlowOutcome, link: EvidenceLink): string {
  const passed = outcome.outcome === "pass";
  const steps = stepLines(outcome);
  const error = outcome.error
    ? `<pre class="error">${htmlEscape(
        `${outcome.failing_step ? `step '${outcome.failing_step}': ` : ""}${outcome.error}`,
      )}</pre>`
    : "";
  const shot = link(outcome, "screenshot");
  const links = [
    ["error_context", "error-context.md"],
    ["trace", "trace"],
  ]
    .map(([key, label]) => [link(outcome, key as string), label] as const)
    .filter(([href]) => href !== undefined)
    .map(([href, label]) => `<a href="${htmlEscape(href as string)}">${label}</a>`);
  const url = artifact(outcome, "url_at_failure");
  return [
    `<tr data-flow="${htmlEscape(outcome.flow)}">`,
    `<td>${htmlEscape(outcome.flow)}</td>`,
    `<td class="${passed ? "pass" : "not-pass"}">${htmlEscape(outcome.outcome)}</td>`,
    `<td>${Math.round(outcome.duration_ms)} ms</td>`,
    `<td>${steps.length > 0 ? `<pre class="steps">${htmlEscape(steps.join("\n"))}</pre>` : ""}</td>`,
    `<td>${error}${url ? `<div>at ${htmlEscape(url)}</div>` : ""}${links.length > 0 ? `<div>${links.join(" · ")}</div>` : ""}${
      shot ? `<img src="${htmlEscape(shot)}" alt="screenshot of ${htmlEscape(outcome.flow)}">` : ""
    }</td>`,
    "</tr>",
  ].join("");
}

/** One static page: a row per flow with status, duration, steps, error and evidence. */
export function renderHtml(
  report: RunReport,
  link: EvidenceLink,
  generatedAt = new Date(),
): string {
  const passed = report.outcomes.filter((o) => o.outcome === "pass").length;
  const title = `agent-verify: ${passed}/${report.outcomes.length} flows passed`;
  const shard = report.shard ? ` (shard ${report.shard.index}/${report.shard.total})` : "";
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${htmlEscape(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${htmlEscape(title)}${shard}</h1>`,
    `<p>${report.passed ? "Every flow passed." : "Not every flow passed."} Generated ${generatedAt.toISOString()}.</p>`,
    "<table><thead><tr><th>Flow</th><th>Outcome</th><th>Duration</th><th>Steps</th><th>Error and evidence</th></tr></thead><tbody>",
    ...report.outcomes.map((o) => row(o, link)),
    "</tbody></table></body></html>",
    "",
  ].join("\n");
}
