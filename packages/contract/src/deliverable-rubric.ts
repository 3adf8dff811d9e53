import type {
  DeliverableFinding,
  DeliverableKind,
  DeliverableReview,
  RubricItemResult,
} from "./deliverable.js";
import { checkCitation, extractCitations, type ReadLines } from "./deliverable-citations.js";
import { contentLines, findings, sections, type Finding } from "./deliverable-document.js";

/** Seed 000's rubric: the thresholds it names. */
export const MIN_LINES = 10;
export const MIN_DISCOVERY_FINDINGS = 10;
/** A description this short (in words) leaves the scope to the author's assumptions. */
export const VAGUE_WORDS = 15;

const EFFORT = /^\**\s*(S|M|L|XL)\b/;
const TIME =
  /\b\d+(?:[.,]\d+)?\s*(?:-\s*\d+\s*)?(?:h|hrs?|hours?|d|days?|w|wks?|weeks?|months?|sprints?|person[- ]days?|man[- ]days?)\b/i;
const TIME_CONTEXT = /\b(?:effort|estimat\w*|eta|timeline|duration|takes?|will take)\b/i;
const PLACEHOLDER = /^(?:tbd|todo|n\/a|none|-|\?+|\.\.\.|…)$/i;

type Rule = DeliverableFinding["rule"];
interface Item {
  result: RubricItemResult;
  problems: Array<{ rule: Rule; line: number | null; message: string }>;
}

const pass = (item: RubricItemResult["item"], detail: string): Item => ({
  result: { item, status: "pass", detail },
  problems: [],
});
const notApplicable = (item: RubricItemResult["item"], detail: string): Item => ({
  result: { item, status: "n/a", detail },
  problems: [],
});
function fail(item: RubricItemResult["item"], problems: Item["problems"]): Item {
  return {
    result: { item, status: "fail", detail: problems.map((p) => p.message).join("; ") },
    problems,
  };
}

/** 1. The file exists and has at least MIN_LINES (or `minLines`) lines of content. */
export function existsItem(text: string | null, file: string, minLines = MIN_LINES): Item {
  if (text === null)
    return fail("exists", [{ rule: "missing", line: null, message: `${file} does not exist` }]);
  const lines = contentLines(text);
  if (lines < minLines) {
    return fail("exists", [
      {
        rule: "too-short",
        line: null,
        message: `${lines} lines of content, fewer than ${minLines}`,
      },
    ]);
  }
  return pass("exists", `${lines} lines of content`);
}

function incomplete(found: readonly Finding[]) {
  return found.filter(
    (f) => f.problem === null || f.recommendation === null || f.severity === null,
  );
}

/** 2. Structure by kind: findings (discovery), a decisions section (design), a scannable doc. */
export function structureItem(text: string, kind: DeliverableKind): Item {
  const found = findings(text);
  const heads = sections(text).filter((s) => s.level > 0);
  if (kind === "discovery") {
    if (found.length < MIN_DISCOVERY_FINDINGS) {
      return fail("structure", [
        {
          rule: "too-few-findings",
          line: null,
          message: `${found.length} findings with a severity, fewer than ${MIN_DISCOVERY_FINDINGS}`,
        },
      ]);
    }
    const partial = incomplete(found);
    if (partial.length > 0) {
      return fail(
        "structure",
        partial.map((f) => ({
          rule: "no-structure" as const,
          line: f.line,
          message: `finding "${f.title}" lacks ${[f.severity ? null : "a severity", f.problem ? null : "a problem", f.recommendation ? null : "a recommendation"].filter(Boolean).join(", ")}`,
        })),
      );
    }
    return pass("structure", `${found.length} findings with severity, problem and recommendation`);
  }
  if (kind === "design") {
    const decisions = heads.find((s) => /\bdecisions?\b/i.test(s.title));
    if (
      !decisions ||
      contentLines(
        [
          ...decisions.body,
          ...sections(text)
            .filter((s) => s.line > decisions.line && s.level > decisions.level)
            .flatMap((s) => [s.title, ...s.body]),
        ].join("\n"),
      ) === 0
    ) {
      return fail("structure", [
        {
          rule: "no-decisions",
          line: decisions?.line ?? null,
          message: "no design decisions section with content (a heading naming the decisions)",
        },
      ]);
    }
    return pass("structure", `decisions at line ${decisions.line}`);
  }
  const hasToc =
    heads.some((s) => /\b(contents|toc)\b/i.test(s.title)) || /\[[^\]]+\]\(#[^)]+\)/.test(text);
  const hasExample =
    /^\s{0,3}(```|~~~)/m.test(text) || heads.some((s) => /\bexamples?\b/i.test(s.title));
  const missing = [
    heads.length >= 2 ? null : "two or more headings",
    hasToc || hasExample ? null : "a table of contents or an example",
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) {
    return fail("structure", [
      {
        rule: heads.length === 0 ? "no-headings" : "no-structure",
        line: null,
        message: `not scannable: needs ${missing.join(" and ")}`,
      },
    ]);
  }
  return pass(
    "structure",
    `${heads.length} headings${hasToc ? ", a table of contents" : ""}${hasExample ? ", examples" : ""}`,
  );
}

/** 3. Every finding has a concrete fix and an S/M/L/XL effort; no time estimates anywhere. */
export function actionableItem(text: string): Item {
  const found = findings(text);
  const problems: Item["problems"] = [];
  for (const f of found) {
    if (f.recommendation === null || PLACEHOLDER.test(f.recommendation)) {
      problems.push({
        rule: "unactionable",
        line: f.line,
        message: `finding "${f.title}" has no concrete fix`,
      });
    }
    if (f.effort === null || !EFFORT.test(f.effort)) {
      problems.push({
        rule: "unactionable",
        line: f.line,
        message: `finding "${f.title}" has no S/M/L/XL effort${f.effort ? ` (got ${JSON.stringify(f.effort)})` : ""}`,
      });
    }
  }
  for (const [index, line] of text.split("\n").entries()) {
    if (TIME_CONTEXT.test(line) && TIME.test(line)) {
      problems.push({
        rule: "time-estimate",
        line: index + 1,
        message: `a time estimate (${TIME.exec(line)?.[0] ?? ""}): size effort as S/M/L/XL`,
      });
    }
  }
  if (problems.length > 0) return fail("actionable", problems);
  if (found.length === 0) return notApplicable("actionable", "no findings to size");
  return pass("actionable", `${found.length} findings, each with a fix and an S/M/L/XL effort`);
}

/**
 * 4. Every `file:line` citation (seed 000 samples 4–5; checking all takes milliseconds, and a
 * sample let a fabricated 12th of 12 through): each cited line must contain what it names.
 */
export function citationsItem(text: string, read: ReadLines, doc?: string) {
  const all = extractCitations(text, doc);
  const checks = all.map((c) => checkCitation(c, read));
  const bad = checks.filter((c) => !c.ok);
  const item =
    all.length === 0
      ? notApplicable("citations", "no file:line citations")
      : bad.length > 0
        ? fail(
            "citations",
            bad.map((c) => ({
              rule: "fabricated-citation" as const,
              line: c.at,
              message: `citation ${c.file}:${c.line}: ${c.reason ?? "wrong"}`,
            })),
          )
        : pass("citations", `${checks.length} of ${all.length} citations checked against the code`);
  return { item, checks, total: all.length };
}

/** Whether the ticket left the scope open: an empty or very short description. */
export function isVague(description: string): boolean {
  const words = description
    .replace(/^\s*\**deliverable\**\s*:.*$/gim, "")
    .split(/\s+/)
    .filter(Boolean);
  return words.length < VAGUE_WORDS;
}

/** 5. When the ticket was vague, an Assumptions section says what was assumed. */
export function assumptionsItem(text: string, description: string | null): Item {
  if (description === null)
    return notApplicable("assumptions", "no ticket description given to judge the scope by");
  if (!isVague(description))
    return notApplicable("assumptions", "the ticket's description sets the scope");
  const section = sections(text).find((s) => s.level > 0 && /\bassumptions?\b/i.test(s.title));
  if (!section || contentLines(section.body.join("\n")) === 0) {
    return fail("assumptions", [
      {
        rule: "no-assumptions",
        line: section?.line ?? null,
        message:
          "the ticket's description is empty or vague, and there is no Assumptions section saying what was assumed",
      },
    ]);
  }
  return pass("assumptions", `assumptions at line ${section.line}`);
}

export interface ReviewInput {
  file: string;
  kind: DeliverableKind;
  /** The deliverable's text; null when the file does not exist. */
  text: string | null;
  /** The ticket's description (vague or empty asks for assumptions); null when there is no ticket. */
  description: string | null;
  read: ReadLines;
  /** The deliverable's path from the repository's top, where its links start (default `file`). */
  path?: string | undefined;
  /** The content lines rubric 1 asks for (default MIN_LINES). */
  minLines?: number | undefined;
}

/** The whole rubric: every item pass/fail/n-a, and the failures as deliverable findings. */
export function reviewDeliverable(input: ReviewInput): {
  review: DeliverableReview;
  findings: DeliverableFinding[];
} {
  const exists = existsItem(input.text, input.file, input.minLines);
  const text = input.text ?? "";
  const skipped = (item: RubricItemResult["item"]) =>
    notApplicable(item, "the deliverable does not exist");
  const citations =
    input.text === null ? null : citationsItem(text, input.read, input.path ?? input.file);
  const items: Item[] =
    input.text === null
      ? [
          exists,
          skipped("structure"),
          skipped("actionable"),
          skipped("citations"),
          skipped("assumptions"),
        ]
      : [
          exists,
          structureItem(text, input.kind),
          actionableItem(text),
          citations?.item ?? skipped("citations"),
          assumptionsItem(text, input.description),
        ];
  const found = items.flatMap((i) =>
    i.problems.map((p) => ({ file: input.file, line: p.line, rule: p.rule, message: p.message })),
  );
  return {
    review: {
      file: input.file,
      kind: input.kind,
      pass: items.every((i) => i.result.status !== "fail"),
      items: items.map((i) => i.result),
      citations: citations?.checks ?? [],
      citations_total: citations?.total ?? 0,
    },
    findings: found,
  };
}
