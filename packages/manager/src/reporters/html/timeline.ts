import { formatMs, htmlEscape } from "./escape.js";

/** A step as the runner reported it (read loosely: nested steps are optional). */
export interface StepLike {
  name: string;
  status: string;
  duration_ms?: number | undefined;
  error?: string | undefined;
  [key: string]: unknown;
}

function childrenOf(step: StepLike): StepLike[] {
  return Array.isArray(step.steps) ? (step.steps as StepLike[]) : [];
}

const STATUS_CLASS = new Set(["pass", "fail", "not_run", "error", "skipped"]);

function percent(value: number, total: number): string {
  return total > 0 ? ((100 * value) / total).toFixed(2) : "0";
}

/** Where a step's bar sits on the flow's time axis, in percent of the whole. */
export interface BarPlacement {
  left: string;
  width: string;
}

export function placeBar(step: StepLike, startMs: number, totalMs: number): BarPlacement {
  const duration = Math.max(0, step.duration_ms ?? 0);
  const width =
    step.status === "not_run" ? "0" : percent(Math.max(duration, totalMs / 200), totalMs);
  return { left: percent(startMs, totalMs), width };
}

function row(step: StepLike, startMs: number, totalMs: number, depth: number): string {
  const status = STATUS_CLASS.has(step.status) ? step.status : "other";
  const bar = placeBar(step, startMs, totalMs);
  const duration = Math.max(0, step.duration_ms ?? 0);
  return (
    `<span class="step ${status}" style="--depth:${depth}">` +
    `<span class="step-name">${htmlEscape(step.name)}</span>` +
    `<span class="step-status">${htmlEscape(step.status)}</span>` +
    `<span class="track"><span class="bar" style="left:${bar.left}%;width:${bar.width}%"></span></span>` +
    // The error itself is shown once, in the run's Error panel above the steps.
    `<span class="step-ms">${step.status === "not_run" ? "" : formatMs(duration)}</span></span>`
  );
}

/**
 * Steps as a timeline: one row per step, a bar placed where the step ran within the flow
 * (steps run one after another, so each starts where the previous one ended; a nested step
 * starts where its parent did). A step with steps inside is a `<details>`: collapsed when it
 * passed, open on the way to a failure.
 */
function rows(
  steps: readonly StepLike[],
  startMs: number,
  totalMs: number,
  depth: number,
): string[] {
  const out: string[] = [];
  let at = startMs;
  for (const step of steps) {
    const children = childrenOf(step);
    if (children.length === 0) {
      out.push(`<li>${row(step, at, totalMs, depth)}</li>`);
    } else {
      const open = step.status === "pass" ? "" : " open";
      out.push(
        `<li><details class="step-group"${open}><summary>${row(step, at, totalMs, depth)}</summary>` +
          `<ol>${rows(children, at, totalMs, depth + 1).join("")}</ol></details></li>`,
      );
    }
    at += Math.max(0, step.duration_ms ?? 0);
  }
  return out;
}

export function renderTimeline(steps: readonly StepLike[], flowMs: number): string {
  if (steps.length === 0) return '<p class="muted">The runner reported no steps.</p>';
  const stepsMs = steps.reduce((sum, step) => sum + Math.max(0, step.duration_ms ?? 0), 0);
  const totalMs = Math.max(flowMs, stepsMs, 1);
  return `<ol class="timeline" aria-label="steps">${rows(steps, 0, totalMs, 0).join("")}</ol>`;
}
