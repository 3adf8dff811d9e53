import { parseVerifyText } from "../load/verify-section.js";

/** One acceptance criterion: a markdown bullet, its task box, and the names it cites in backticks. */
export interface AcceptanceItem {
  text: string;
  checked: boolean;
  /** Marked not applicable (`n/a`, `N/A`): neither met nor failed. */
  na: boolean;
  /** Backticked names (flows or tests); when present, evidence decides and the box is ignored. */
  refs: string[];
}

export interface AcceptanceTest {
  file: string | null;
  name: string;
  status: "passed" | "failed" | "skipped";
}

export interface AcceptanceEvidence {
  flowsRun: ReadonlySet<string>;
  passedFlows: ReadonlySet<string>;
  /** null when no test run reported its tests. */
  tests: ReadonlyArray<AcceptanceTest> | null;
}

export interface AcceptanceVerdict {
  failed: string[];
  done: string[];
  skipped: string[];
  /** Why each failed item failed, by item text. */
  reasons: Record<string, string>;
}

const BULLET = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$/;
const TASK_BOX = /^\[([ xX])\](?:\s+(.*))?$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const THEMATIC_BREAK = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const CONTINUATION = /^\s+\S/;
const CODE_SPAN = /`([^`]*)`/g;
const NOT_APPLICABLE = /(?<![\w/])n\/a(?![\w/])/i;

/** verify-section.ts decides what starts a Verify: section; a one-line text holds one iff it starts one. */
function isVerifyStart(line: string): boolean {
  return parseVerifyText(line) !== null;
}

function toItem(raw: string, checked: boolean): AcceptanceItem {
  const text = raw.trim();
  const refs = [...text.matchAll(CODE_SPAN)]
    .map((match) => (match[1] ?? "").trim())
    .filter((ref) => ref !== "");
  const na = NOT_APPLICABLE.test(text.replace(CODE_SPAN, " "));
  return { text, checked, na, refs };
}

type VerifyState = "outside" | "before-items" | "in-items";

/** Skip a Verify: section's bullets the way verify-section.ts reads them, and see where it ends. */
function verifySectionStep(
  state: VerifyState,
  line: string,
): { skip: boolean; state: VerifyState } {
  if (state === "outside") return { skip: false, state };
  if (line.trim() === "") {
    return state === "in-items" ? { skip: true, state: "outside" } : { skip: true, state };
  }
  if (!HEADING.test(line) && !isVerifyStart(line) && BULLET.test(line)) {
    return { skip: true, state: "in-items" };
  }
  return { skip: false, state: "outside" };
}

/** The criteria of an acceptance text: its bullets, outside code fences and Verify: sections. */
export function parseAcceptance(text: string): AcceptanceItem[] {
  const items: AcceptanceItem[] = [];
  let open: { raw: string; checked: boolean } | null = null;
  const close = () => {
    if (open && open.raw.trim() !== "") items.push(toItem(open.raw, open.checked));
    open = null;
  };
  let inFence = false;
  let verify: VerifyState = "outside";
  for (const line of text.replaceAll("\r\n", "\n").split("\n")) {
    if (FENCE.test(line)) {
      close();
      verify = "outside";
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const step = verifySectionStep(verify, line);
    verify = step.state;
    if (step.skip) continue;
    if (isVerifyStart(line)) {
      close();
      verify = "before-items";
      continue;
    }
    const bullet = THEMATIC_BREAK.test(line) ? null : BULLET.exec(line);
    if (bullet) {
      close();
      const box = TASK_BOX.exec(bullet[1] ?? "");
      open = box
        ? { raw: box[2] ?? "", checked: box[1] !== " " }
        : { raw: bullet[1] ?? "", checked: false };
    } else if (open && CONTINUATION.test(line) && !HEADING.test(line)) {
      open.raw += ` ${line.trim()}`;
    } else {
      close();
    }
  }
  close();
  return items;
}

function isTestFor(test: AcceptanceTest, ref: string): boolean {
  const { name, file } = test;
  if (name === ref || name.endsWith(` ${ref}`) || name.endsWith(`>${ref}`)) return true;
  return file !== null && (file === ref || file.endsWith(`/${ref}`));
}

/** Why `ref` is not met, or null when the evidence meets it. */
function unmetReason(ref: string, evidence: AcceptanceEvidence): string | null {
  if (evidence.flowsRun.has(ref)) {
    return evidence.passedFlows.has(ref) ? null : `flow \`${ref}\` failed`;
  }
  const tests = (evidence.tests ?? []).filter((test) => isTestFor(test, ref));
  if (tests.length === 0) return `no evidence for \`${ref}\``;
  if (tests.some((test) => test.status === "failed")) return `test \`${ref}\` failed`;
  if (tests.some((test) => test.status !== "passed")) return `test \`${ref}\` was skipped`;
  return null;
}

function unmetReasons(item: AcceptanceItem, evidence: AcceptanceEvidence): string[] {
  if (item.refs.length === 0) return item.checked ? [] : ["unchecked"];
  return item.refs.flatMap((ref) => unmetReason(ref, evidence) ?? []);
}

/** Sort criteria into done, failed (with reasons) and skipped (n/a), in their order. */
export function evaluateAcceptance(
  items: readonly AcceptanceItem[],
  evidence: AcceptanceEvidence,
): AcceptanceVerdict {
  const verdict: AcceptanceVerdict = { failed: [], done: [], skipped: [], reasons: {} };
  for (const item of items) {
    if (item.na) {
      verdict.skipped.push(item.text);
      continue;
    }
    const reasons = unmetReasons(item, evidence);
    if (reasons.length === 0) {
      verdict.done.push(item.text);
    } else {
      verdict.failed.push(item.text);
      verdict.reasons[item.text] = reasons.join("; ");
    }
  }
  return verdict;
}

/** The known flows the applicable criteria cite, once each, in order: run them to have evidence. */
export function acceptanceFlowRefs(
  items: readonly AcceptanceItem[],
  knownFlows: ReadonlySet<string>,
): string[] {
  const refs = items.filter((item) => !item.na).flatMap((item) => item.refs);
  return [...new Set(refs.filter((ref) => knownFlows.has(ref)))];
}
