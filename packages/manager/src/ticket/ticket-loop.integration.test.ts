import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  IssueVerificationSchema,
  TicketLogSchema,
  VerifyLogEntrySchema,
} from "@agent-verify/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CART, makeAppRepo, type AppRepo } from "../../test/helpers/app-repo.js";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { runCli } from "../../test/helpers/cli.js";

// The ticket loop end to end: real bd, the real verify-runner, the real verify-gates, real git.
// Its decision branches (budget, escalation, flaky, criteria, regression, torn log, closed
// tickets) are tested fast in decisions.integration.test.ts.

let tracker: TempTracker;
let scratch: string;
const repos: AppRepo[] = [];

beforeAll(() => {
  tracker = makeTracker();
  scratch = mkdtempSync(join(tmpdir(), "vm-loop-"));
});
afterAll(() => {
  tracker.cleanup();
  for (const repo of repos) repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

function repo(gates: boolean): AppRepo {
  const made = makeAppRepo({ gates });
  repos.push(made);
  return made;
}

interface NewTicket {
  title: string;
  description: string;
  type?: string;
  acceptance?: string;
}

function ticket(spec: NewTicket): string {
  const args = ["create", spec.title, "--description", spec.description, "-t", spec.type ?? "task"];
  if (spec.acceptance !== undefined) args.push("--acceptance", spec.acceptance);
  return tracker.bd([...args, "--silent"]).trim();
}

async function verify(app: AppRepo, id: string, extra: NodeJS.ProcessEnv = {}) {
  const result = await runCli(["issue", id, "--dir", app.dir, "--json"], {
    env: { ...tracker.env, ...extra },
  });
  if (result.code === 2 || result.stdout.trim() === "") {
    throw new Error(`verify-manager issue ${id} exited ${result.code}:\n${result.stderr}`);
  }
  return {
    code: result.code,
    result: IssueVerificationSchema.parse(JSON.parse(result.stdout)),
    stderr: result.stderr,
  };
}

function logOf(app: AppRepo, id: string) {
  const file = join(app.dir, ".verify", "log.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => VerifyLogEntrySchema.parse(JSON.parse(line)))
    .filter((entry) => entry.ticket === id);
}

describe("the ticket loop end to end (real gates, real runner, real bd, real git)", () => {
  it("fail, then the fix → closed on attempt 2 with a reason naming the evidence", async () => {
    const app = repo(true);
    const id = ticket({ title: "Cart count", description: "Verify:\n- cart-count\n" });
    const first = await verify(app, id);
    expect(first.result.decision).toBe("retry");
    expect(tracker.showJson(id).status).toBe("in_progress");
    app.write("src/cart.js", FIXED_CART);
    const second = await verify(app, id);
    expect(second.code).toBe(0);
    expect(second.result).toMatchObject({ attempt: 2, decision: "pass", action: "closed" });
    const issue = tracker.showJson(id);
    expect(issue.status).toBe("closed");
    expect(issue.close_reason).toBe(
      `verified: flows cart-count passed; gates passed [verify-manager attempt ${id}#2]`,
    );
    const [one, two] = logOf(app, id);
    expect(one?.tree_hash).not.toBe(two?.tree_hash);
    expect(two).toMatchObject({ pass: true, counted: false, flaky: [] });
    expect(two?.failures).toMatchObject({ failed_flows: [], setup_error: null });

    const log = await runCli(["log", id, "--dir", app.dir], { env: tracker.env });
    expect(log.code).toBe(0);
    expect(log.stdout.split("\n")[0]).toMatch(
      /^ATTEMPT\s+WHEN\s+DECISION\s+COUNTED\s+TREE\s+EVIDENCE$/,
    );
    expect(log.stdout).toMatch(/^1 .* retry\s+yes .*cart-count fail at step 'count-items'/m);
    const json = await runCli(["log", id, "--dir", app.dir, "--json"], { env: tracker.env });
    expect(TicketLogSchema.parse(JSON.parse(json.stdout)).entries).toHaveLength(2);
  }, 180_000);
});
