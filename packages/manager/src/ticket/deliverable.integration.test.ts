import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IssueVerificationSchema, VerifyLogEntrySchema } from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";
import { makeFaultProject, type FaultProject } from "../../test/helpers/fault-runner.js";
import { MemoryTracker } from "../../test/helpers/memory-tracker.js";
import { verifyTicket } from "./verify-ticket.js";

// Document tickets through `verify-manager issue` and a real bd: routed by type or label, the
// deliverable reviewed by the rubric, a fabricated citation sent back, the fix closing it.

let tracker: TempTracker;
let project: FaultProject;

const CART =
  "import x from 'y';\nexport function cartCount(items) {\n  return items.length - 1;\n}\n";

function discovery(citation: string, second?: string): string {
  const findings = Array.from({ length: 10 }, (_, i) =>
    [
      `## Finding ${i + 1}: cart count`,
      "Severity: high",
      `Problem: ${i === 0 ? `${citation} is off by one` : i === 1 && second ? `${second} is wrong` : `problem ${i + 1}`}`,
      "Recommendation: return items.length",
      "Effort: S",
      "",
    ].join("\n"),
  );
  return `# Cart audit\n\n## Assumptions\n- only the web cart\n\n${findings.join("\n")}`;
}

beforeAll(() => {
  tracker = makeTracker();
  tracker.bd(["config", "set", "types.custom", "discovery,design,doc"]);
  project = makeFaultProject();
  mkdirSync(join(project.dir, "src"));
  writeFileSync(join(project.dir, "src", "cart.ts"), CART);
}, 60_000);
afterAll(() => {
  tracker.cleanup();
  rmSync(project.dir, { recursive: true, force: true });
});

const verify = async (id: string) => {
  const result = await runCli(["issue", id, "--dir", project.dir, "--json"], { env: tracker.env });
  expect(result.stdout, result.stderr).not.toBe("");
  return { code: result.code, result: IssueVerificationSchema.parse(JSON.parse(result.stdout)) };
};
const entries = (id: string) =>
  readFileSync(join(project.dir, ".verify", "log.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => VerifyLogEntrySchema.parse(JSON.parse(line)))
    .filter((e) => e.ticket === id);

describe("deliverable tickets (real bd)", () => {
  it("a discovery label: a fabricated citation goes back in the retry comment; the fixed document closes it", async () => {
    const id = tracker.create("Audit the cart", "look into the cart");
    tracker.bd(["label", "add", id, "discovery"]);
    writeFileSync(join(project.dir, "deliverable.md"), discovery("`src/cart.ts:1` `cartCount`"));

    const first = await verify(id);
    expect(first.code).toBe(1);
    expect(first.result).toMatchObject({ decision: "retry", action: "commented" });
    const [one] = entries(id);
    expect(one?.type).toBe("task");
    expect(one?.deliverable_review?.items.map((i) => [i.item, i.status])).toEqual([
      ["exists", "pass"],
      ["structure", "pass"],
      ["actionable", "pass"],
      ["citations", "fail"],
      ["assumptions", "pass"],
    ]);
    expect(one?.failures?.deliverable_findings).toEqual([
      expect.objectContaining({ file: "deliverable.md", rule: "fabricated-citation" }),
    ]);
    const comment = tracker.comments(id).at(-1)?.text ?? "";
    expect(comment).toContain(
      'deliverable.md:8 cites src/cart.ts:1: line 1 of src/cart.ts does not contain "cartCount"',
    );

    writeFileSync(join(project.dir, "deliverable.md"), discovery("`src/cart.ts:2` `cartCount`"));
    const second = await verify(id);
    expect(second.code).toBe(0);
    expect(second.result).toMatchObject({ decision: "pass", action: "closed", attempt: 2 });
    expect(entries(id)[1]?.deliverable_review?.pass).toBe(true);
    expect(tracker.showJson(id).close_reason).toMatch(
      /^verified: deliverable deliverable\.md passed the rubric/,
    );
  }, 120_000);

  it("a custom design type names its file; a missing one fails 'exists'", async () => {
    const id = tracker
      .bd([
        "create",
        "Design the queue",
        "-t",
        "design",
        "--description",
        "Deliverable: docs/queue.md",
        "--silent",
      ])
      .trim();
    const result = await verify(id);
    expect(result.result.decision).toBe("retry");
    const [entry] = entries(id);
    expect(entry?.type).toBe("design");
    expect(entry?.deliverable_review).toMatchObject({
      file: "docs/queue.md",
      kind: "design",
      pass: false,
    });
    expect(entry?.failures?.deliverable_findings.map((f) => f.rule)).toEqual(["missing"]);
  }, 120_000);

  // The escalation's decision, in process (verifyTicket, as `verify-manager issue` runs it) over
  // a memory tracker: the label routing and a close through the bin and the real bd are the
  // first case's; an escalation's writes to the real bd, agent-escalated's and comment-in-bd's.
  it("two fabricated citations (GitHub forms) escalate to a human reviewer, not another retry; one is a retry", async () => {
    const memory = new MemoryTracker();
    const verifyInProcess = (id: string) =>
      verifyTicket({ dir: project.dir, id, tracker: memory, env: process.env });
    const id = memory.create({
      title: "Audit the cart totals",
      description: "look into the cart",
      labels: ["discovery"],
    });
    // src/cart.ts has 4 lines: #L40 is past its end; line 1 does not hold cartCount.
    const fabricated = discovery("[`cartCount`](src/cart.ts#L40)", "`src/cart.ts#L1` `cartCount`");
    writeFileSync(join(project.dir, "deliverable.md"), fabricated);

    const first = await verifyInProcess(id);
    expect(first).toMatchObject({ decision: "escalate", attempt: 1 });
    const [entry] = entries(id);
    expect(entry).toMatchObject({ decision: "escalate", counted: true });
    expect(entry?.deliverable_review?.citations.map((c) => [c.file, c.line, c.ok])).toEqual([
      ["src/cart.ts", 40, false],
      ["src/cart.ts", 1, false],
    ]);
    const shown = memory.issue(id);
    expect(shown.status).toBe("blocked");
    expect(shown.labels).toContain("needs-human");
    const comment = memory.comments(id).at(-1) ?? "";
    expect(comment).toMatch(
      /^verify-manager: attempt 1 failed: 2 fabricated citations in deliverable\.md .*escalated to a human reviewer/,
    );
    expect(comment).toContain("src/cart.ts has 4 lines, not 40");

    // The honest counterpart: one fabricated citation is an ordinary retry.
    const other = memory.create({
      title: "Audit the cart count",
      description: "look into the cart",
      labels: ["discovery"],
    });
    writeFileSync(
      join(project.dir, "deliverable.md"),
      discovery("[`cartCount`](src/cart.ts#L2)", "`src/cart.ts#L1` `cartCount`"),
    );
    const retry = await verifyInProcess(other);
    expect(retry).toMatchObject({ decision: "retry", attempt: 1 });
    expect(memory.issue(other).labels).not.toContain("needs-human");
  }, 120_000);
});
