import { describe, expect, it } from "vitest";
import { GatesError } from "../errors.js";
import { parseCriteria } from "./criteria.js";
import { parseTaskFile } from "./task-file.js";

const TASK = [
  "# Task: JWT module",
  "TASK_ID: auth-P1-T02",
  "ESTIMATED_DIFF: 40",
  "",
  "## FILES",
  "- path: src/auth/jwt.ts",
  "  action: add",
  "  rationale: new JWT module",
  "- path: src/auth/index.ts",
  "action: modify",
  "rationale: export it",
  "- path=src/old.ts action=delete rationale=replaced by jwt.ts",
  "path=`src/b.ts` action=MODIFY",
  "",
  "## Acceptance Criteria",
  "- AC-01: generateToken is exported",
  "- [ ] expired tokens raise TokenExpiredError",
  "  (checked in jwt.test.ts)",
  "",
  "## Notes",
  "- path: not/a/file.ts (outside FILES, ignored)",
].join("\n");

describe("task files", () => {
  it("reads canonical and compat FILES entries, ESTIMATED_DIFF, TASK_ID and the criteria", () => {
    expect(parseTaskFile(TASK, "TASK.md")).toEqual({
      file: "TASK.md",
      id: "auth-P1-T02",
      declaredId: "auth-P1-T02",
      estimatedDiff: 40,
      files: [
        { path: "src/auth/jwt.ts", action: "add", rationale: "new JWT module", line: 6 },
        { path: "src/auth/index.ts", action: "modify", rationale: "export it", line: 9 },
        { path: "src/old.ts", action: "delete", rationale: "replaced by jwt.ts", line: 12 },
        { path: "src/b.ts", action: "modify", rationale: "", line: 13 },
      ],
      criteria: [
        { id: "AC-01", text: "generateToken is exported" },
        {
          id: "AC-02",
          text: "expired tokens raise TokenExpiredError (checked in jwt.test.ts)",
        },
      ],
    });
  });

  it("without a FILES section the task sets no scope; the id falls back to the file name", () => {
    expect(parseTaskFile("# t\nsome prose\n", "tasks/T-7.md")).toMatchObject({
      id: "T-7",
      files: undefined,
      estimatedDiff: undefined,
      criteria: [],
    });
  });

  it.each([
    [
      "## FILES\n- path: a.ts\n  action: create\n",
      "TASK.md:3: action 'create' is not add, modify or delete",
    ],
    ["## FILES\n- path: a.ts\n", "TASK.md:2: the entry has no action (add, modify or delete)"],
    ["## FILES\n  action: add\n", "TASK.md:2: 'action:' before any '- path:'"],
    [
      "## FILES\n- path: a.ts\n  acton: add\n",
      "TASK.md:3: unknown key 'acton' (path, action, rationale)",
    ],
    [
      "## FILES\nthese files:\n",
      "TASK.md:2: expected '- path: …' or 'path=… action=…', got 'these files:'",
    ],
    ["## FILES\nnote: see below\n", "TASK.md:2: unknown key 'note' (path, action, rationale)"],
    [
      "## FILES\nsrc/a.ts\n",
      "TASK.md:2: expected '- path: …' or 'path=… action=…', got 'src/a.ts'",
    ],
    [
      "## FILES\n- path=a.ts action=add\n- path=a.ts action=modify\n",
      "TASK.md:3: a.ts is listed twice (first on line 2)",
    ],
    ["## FILES\n- path=../x.ts action=add\n", "TASK.md:2: path '../x.ts' leaves the project"],
    [
      "## FILES\n- path=/etc/passwd action=modify\n",
      "TASK.md:2: path '/etc/passwd' must be relative to the project",
    ],
    ["## FILES\n- path=a.ts action=add mode=x\n", "TASK.md:2: unknown key 'mode'"],
    ["## FILES\n\n## Notes\n", "TASK.md:1: ## FILES lists no file"],
    [
      "ESTIMATED_DIFF: lots\n",
      "TASK.md:1: ESTIMATED_DIFF: expected a positive whole number of lines, got 'lots'",
    ],
    [
      "ESTIMATED_DIFF: 0\n",
      "TASK.md:1: ESTIMATED_DIFF: expected a positive whole number of lines, got '0'",
    ],
    ["ESTIMATED_DIFF: 3\nESTIMATED_DIFF: 4\n", "TASK.md:2: a second ESTIMATED_DIFF"],
    ["## FILES\n- path=a action=add\n## Files\n", "TASK.md:3: a second '## Files' section"],
    ["TASK_ID: T-1\n## FILES\n- path=a.ts\u0000 action=add\n", "TASK.md:3: a NUL byte (column 12)"],
  ])("%j → one line naming the line", (text, message) => {
    let error: unknown;
    try {
      parseTaskFile(text, "TASK.md");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GatesError);
    expect((error as GatesError).message).toBe(message);
    expect((error as GatesError).code).toBe("task_invalid");
  });

  it("ignores FILES-looking lines inside a code fence", () => {
    const text = "## FILES\n- path=a.ts action=add\n```\nESTIMATED_DIFF: x\n```\n";
    expect(() => parseTaskFile(text, "T.md")).toThrow(/expected '- path/);
    expect(parseTaskFile("```\nESTIMATED_DIFF: x\n```\n", "T.md").estimatedDiff).toBeUndefined();
  });
});

describe("criteria text", () => {
  it.each([
    ["- AC-01: one\n- two\n* AC-7) three", ["AC-01: one", "AC-02: two", "AC-7: three"]],
    ["1. first\n2. second", ["AC-01: first", "AC-02: second"]],
    ["plain line one\nplain line two\n", ["AC-01: plain line one", "AC-02: plain line two"]],
    ["- **AC-3**: bold id\n- AC-3: duplicate id", ["AC-3: bold id", "AC-01: duplicate id"]],
    ["", []],
  ])("%j", (text, expected) => {
    expect(parseCriteria(text).map((c) => `${c.id}: ${c.text}`)).toEqual(expected);
  });
});
