import { describe, expect, it } from "vitest";
import { aggregateVerdicts } from "./aggregate.js";
import { verdictsFromText, verdictsFromValue } from "./parse.js";

const fence = (info: string, body: string) => `\`\`\`${info}\n${body}\n\`\`\``;

// The seed's sentinel, as a model writes it (no indentation under the list items).
const SEED = fence(
  "deadfish:VERDICT",
  [
    "scope: TASK",
    "task_id: auth-P1-T02",
    "verify_sh: PASS",
    "criteria:",
    "- id: AC-01",
    "status: PASS",
    'evidence: "src/auth/jwt.ts exports generateToken, imported in src/auth/index.ts"',
    "- id: AC-03",
    "status: FAIL",
    'evidence: "no error handling for expired tokens"',
    "decision: FAIL",
    "fix_forward:",
    '- "Add try/catch in jwt.ts:generateToken for TokenExpiredError"',
  ].join("\n"),
);

const PASSING = fence(
  "deadfish:VERDICT",
  [
    "scope: TASK",
    "task_id: T-1",
    "criteria:",
    "  - id: AC-01",
    "    status: pass",
    "    evidence: it's exported",
    "decision: PASS",
    "fix_forward: []",
  ].join("\n"),
);

async function decide(text: string, expected?: Array<{ id: string; text: string }>) {
  return aggregateVerdicts(await verdictsFromText(text), { expected });
}

describe("verdict blocks", () => {
  it("reads the seed's sentinel: criteria, decision, fix_forward", async () => {
    const parsed = await verdictsFromText(`Here is my review.\n\n${SEED}\nThanks.`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.verdicts).toEqual([
      expect.objectContaining({
        scope: "TASK",
        task_id: "auth-P1-T02",
        verify_sh: "PASS",
        decision: "FAIL",
        criteria: [
          {
            id: "AC-01",
            status: "PASS",
            evidence: "src/auth/jwt.ts exports generateToken, imported in src/auth/index.ts",
          },
          { id: "AC-03", status: "FAIL", evidence: "no error handling for expired tokens" },
        ],
        fix_forward: ["Add try/catch in jwt.ts:generateToken for TokenExpiredError"],
      }),
    ]);
  });

  it.each([
    ["the seed's sentinel", SEED, "FAIL"],
    ["an indented, lower-case passing sentinel", PASSING, "PASS"],
    [
      "plain JSON",
      JSON.stringify({
        criteria: [{ id: "AC-01", status: "PASS", evidence: "ok" }],
        decision: "PASS",
      }),
      "PASS",
    ],
    [
      "a json fence",
      `text\n${fence("json", JSON.stringify({ criteria: [{ id: "AC-01", status: "FAIL" }] }))}`,
      "FAIL",
    ],
    [
      "the first judge format (a bare list)",
      JSON.stringify([{ id: "AC-01", status: "PASS", evidence: "x" }]),
      "PASS",
    ],
    [
      "a sentinel holding JSON",
      fence("deadfish:VERDICT", '{"criteria":[{"id":"AC-01","status":"PASS"}]}'),
      "PASS",
    ],
    ["no block at all", "Looks good to me!", "NEEDS_HUMAN"],
    ["an empty output", "", "NEEDS_HUMAN"],
    [
      "an unreadable sentinel",
      fence("deadfish:VERDICT", "criteria:\n- id: AC-01\nstatus PASS"),
      "NEEDS_HUMAN",
    ],
    [
      "an unknown status",
      fence("deadfish:VERDICT", "criteria:\n- id: AC-01\n  status: MAYBE"),
      "NEEDS_HUMAN",
    ],
    [
      "a verdict without criteria",
      JSON.stringify({ criteria: [], decision: "PASS" }),
      "NEEDS_HUMAN",
    ],
    [
      "all criteria pass but the judge decided FAIL",
      JSON.stringify({ criteria: [{ id: "AC-01", status: "PASS" }], decision: "FAIL" }),
      "FAIL",
    ],
    [
      "a criterion fails although the judge decided PASS",
      JSON.stringify({ criteria: [{ id: "AC-01", status: "FAIL" }], decision: "PASS" }),
      "FAIL",
    ],
    [
      "one good block and one broken",
      `${PASSING}\n${fence("deadfish:VERDICT", "nonsense here")}`,
      "NEEDS_HUMAN",
    ],
    [
      "a failing block beats a broken one",
      `${SEED}\n${fence("deadfish:VERDICT", "nonsense here")}`,
      "FAIL",
    ],
    ["a json fence that is no verdict, then nothing", fence("json", '{"hello": 1}'), "NEEDS_HUMAN"],
  ])("%s → %s", async (_name, text, decision) => {
    expect((await decide(text)).decision).toBe(decision);
  });

  it("a criterion that was asked about and not judged is NEEDS_HUMAN, with the criterion's text", async () => {
    const verdict = await decide(PASSING, [
      { id: "AC-01", text: "exported" },
      { id: "AC-02", text: "documented" },
    ]);
    expect(verdict.decision).toBe("NEEDS_HUMAN");
    expect(verdict.criteria).toEqual([
      { id: "AC-01", text: "exported", status: "PASS", evidence: "it's exported" },
      {
        id: "AC-02",
        text: "documented",
        status: "NEEDS_HUMAN",
        evidence: "the judge gave no verdict on this criterion",
      },
    ]);
    expect(verdict.problems).toEqual(["AC-02: no verdict"]);
  });

  it("several verdicts: the worst status per criterion, fix_forward merged without repeats", async () => {
    const a = {
      task_id: "T",
      criteria: [{ id: "AC-01", status: "PASS", evidence: "a" }],
      fix_forward: ["x"],
    };
    const b = {
      task_id: "T",
      criteria: [{ id: "AC-01", status: "FAIL", evidence: "b" }],
      fix_forward: ["x", "y"],
    };
    const parsed = await verdictsFromValue(a, "0");
    const second = await verdictsFromValue(b, "1");
    const verdict = aggregateVerdicts(
      { verdicts: [...parsed.verdicts, ...second.verdicts], problems: [] },
      { expected: [{ id: "AC-01", text: "t" }], taskId: "T" },
    );
    expect(verdict).toMatchObject({
      decision: "FAIL",
      task_id: "T",
      criteria: [{ id: "AC-01", status: "FAIL", evidence: "a; b" }],
      fix_forward: ["x", "y"],
      verdicts: 2,
    });
  });

  it("a verdict about another task needs a human", async () => {
    const parsed = await verdictsFromText(PASSING);
    expect(aggregateVerdicts(parsed, { taskId: "T-2" })).toMatchObject({
      decision: "NEEDS_HUMAN",
      problems: ["a verdict is for task T-1, not T-2"],
    });
  });

  it("names the block and line that could not be read", async () => {
    const parsed = await verdictsFromText(fence("deadfish:VERDICT", "scope: TASK\n??? what"));
    expect(parsed.problems).toEqual([
      "judge output: deadfish:VERDICT block 1: line 2: cannot read '??? what'",
    ]);
  });

  it("reads the seed's YES/NO criterion wording as PASS/FAIL", async () => {
    const text = JSON.stringify({
      criteria: [
        { id: "AC-01", status: "YES", evidence: "exported" },
        { id: "AC-02", status: " no ", evidence: "never called" },
      ],
    });
    const verdict = await decide(text, [
      { id: "AC-01", text: "a" },
      { id: "AC-02", text: "b" },
    ]);
    expect(verdict.criteria.map((c) => [c.id, c.status])).toEqual([
      ["AC-01", "PASS"],
      ["AC-02", "FAIL"],
    ]);
    expect(verdict.decision).toBe("FAIL");
    expect(
      (await verdictsFromValue({ criteria: [{ id: "AC-01", status: "MAYBE" }] }, "x")).problems,
    ).toHaveLength(1);
  });

  it("a verdict on criteria the task does not have needs a human, even when all pass", async () => {
    const text = JSON.stringify({
      criteria: [
        { id: "AC-01", status: "PASS", evidence: "a" },
        { id: "AC-09", status: "PASS", evidence: "b" },
      ],
      decision: "PASS",
    });
    const verdict = await decide(text, [{ id: "AC-01", text: "a" }]);
    expect(verdict.decision).toBe("NEEDS_HUMAN");
    expect(verdict.problems).toEqual(["AC-09: not a criterion of this task"]);
    // With no criteria given the judge names its own (AC-01 for the whole change).
    expect((await decide(text)).decision).toBe("PASS");
  });
});
