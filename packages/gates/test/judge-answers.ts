// The answers src/stages/judge-verdict.integration's judge prints (its argument names one), and the task it
// judges: each kind of answer a model may give.
const fence = "```";

export const ANSWERS: Record<string, string> = {
  pass:
    fence +
    'deadfish:VERDICT\nscope: TASK\ntask_id: T-9\nverify_sh: PASS\ncriteria:\n- id: AC-01\nstatus: PASS\nevidence: "twice is exported from src/math.ts"\n- id: AC-02\nstatus: PASS\nevidence: "used by add"\ndecision: PASS\nfix_forward: []\n' +
    fence,
  fail:
    "My review:\n" +
    fence +
    'deadfish:VERDICT\ntask_id: T-9\ncriteria:\n- id: AC-01\n  status: PASS\n  evidence: exported\n- id: AC-02\n  status: FAIL\n  evidence: "twice is never called"\ndecision: FAIL\nfix_forward:\n- "Call twice() from src/index.ts"\n' +
    fence,
  json: JSON.stringify({
    task_id: "T-9",
    criteria: [
      { id: "AC-01", status: "PASS", evidence: "a" },
      { id: "AC-02", status: "PASS", evidence: "b" },
    ],
    decision: "PASS",
  }),
  partial: JSON.stringify({
    criteria: [{ id: "AC-01", status: "PASS", evidence: "a" }],
    decision: "PASS",
  }),
  garbage: "Looks great to me, ship it!",
  "other-task": JSON.stringify({
    task_id: "T-8",
    criteria: [
      { id: "AC-01", status: "PASS", evidence: "a" },
      { id: "AC-02", status: "PASS", evidence: "b" },
    ],
    decision: "PASS",
  }),
  "other-criteria": JSON.stringify({
    task_id: "T-9",
    criteria: [
      { id: "AC-01", status: "PASS", evidence: "a" },
      { id: "AC-02", status: "PASS", evidence: "b" },
      { id: "AC-07", status: "PASS", evidence: "c" },
    ],
    decision: "PASS",
  }),
  "yes-no":
    fence +
    'deadfish:VERDICT\ntask_id: T-9\ncriteria:\n- id: AC-01\n  status: YES\n  evidence: exported\n- id: AC-02\n  status: NO\n  evidence: "never called"\n' +
    fence,
  "yes-yes": JSON.stringify({
    task_id: "T-9",
    criteria: [
      { id: "AC-01", status: "yes", evidence: "a" },
      { id: "AC-02", status: "Yes", evidence: "b" },
    ],
  }),
};

export const TASK = [
  "TASK_ID: T-9",
  "## FILES",
  "- path=src/math.ts action=modify",
  "## Acceptance criteria",
  "- AC-01: twice() is exported",
  "- AC-02: twice() is wired into the app",
].join("\n");

/** The task's criteria, as the stage passes them to the judge. */
export const CRITERIA = [
  { id: "AC-01", text: "twice() is exported" },
  { id: "AC-02", text: "twice() is wired into the app" },
];
