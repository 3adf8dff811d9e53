import type { RunReport } from "@agent-verify/contract";
import type { EvidenceLink } from "./html/evidence-view.js";
import { renderHtmlPage, type HtmlPageOptions } from "./html/page.js";

export { htmlEscape } from "./html/escape.js";
export type { EvidenceLink } from "./html/evidence-view.js";
export type { HtmlPageOptions } from "./html/page.js";

/**
 * The HTML report's page: a summary bar with outcome filters and a search, one view per flow
 * (steps as a timeline, screenshot, error context, trace command, stderr tail) and the
 * tickets view. Self-contained: inline CSS and script, evidence linked relatively.
 */
export function renderHtml(
  report: RunReport,
  link: EvidenceLink,
  generatedAt = new Date(),
  options: Omit<HtmlPageOptions, "generatedAt"> = {},
): string {
  return renderHtmlPage(report, link, { ...options, generatedAt });
}
