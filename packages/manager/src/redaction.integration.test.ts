import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../test/helpers/bd.js";
import { runCli, type CliRun } from "../test/helpers/cli.js";
import { findLeaks, plantSecrets, type Plant } from "@agent-verify/test-support/planted";

// A runner that leaks on purpose: every planted secret in its result's errors, console
// errors, failed requests and URL, on stderr, or (crash, garbage) only on stderr/stdout.
const LEAKY_RUNNER = String.raw`
const [arg] = process.argv.slice(2);
const texts = JSON.parse(process.env.PLANTED_JSON);
const text = texts.join("\n");
const flows = ["leaky-fail", "leaky-crash", "leaky-garbage"].map((name) => ({
  name, description: name, timeout_s: 10, tags: [], implemented: true,
}));
const out = (value) => process.stdout.write(JSON.stringify(value) + "\n");
process.stderr.write("runner stderr: " + text + "\n");
if (arg === "--list") out({ schema_version: 1, flows });
else if (arg === "leaky-fail") {
  out({
    schema_version: 1, flow: arg, status: "fail", duration_ms: 5,
    steps: [{ name: "login", status: "fail", duration_ms: 3, error: "step failed: " + text }],
    artifacts: {
      screenshot: "/tmp/shot.png", trace: "/tmp/trace.zip",
      url_at_failure: "http://127.0.0.1:4173/cart?q=" + encodeURIComponent(text),
      console_errors: texts.map((t) => "console: " + t),
      failed_requests: texts.map((t) => "401 GET http://127.0.0.1:4173/api?q=" + encodeURIComponent(t)),
    },
    error: "flow failed: " + text,
  });
  process.exitCode = 1;
} else if (arg === "leaky-crash") { process.stderr.write("crash: " + text + "\n"); process.exit(3); }
else if (arg === "leaky-garbage") process.stdout.write("not json: " + text + "\n");
`;

let tracker: TempTracker;
let dir: string;
let plant: Plant;
const sinks: Record<string, string> = {};

function record(name: string, run: CliRun): CliRun {
  sinks[`${name} stdout`] = run.stdout;
  sinks[`${name} stderr`] = run.stderr;
  return run;
}

const env = () => ({
  ...tracker.env,
  ...plant.env,
  PLANTED_JSON: JSON.stringify(plant.planted.map((p) => p.text)),
  VERIFY_TIMEOUT_GRACE_MS: "500",
  VERIFY_KILL_GRACE_MS: "1000",
});
const cli = (name: string, args: string[]) =>
  runCli([...args, "--dir", dir], { env: env() }).then((run) => record(name, run));

beforeAll(() => {
  plant = plantSecrets();
  tracker = makeTracker();
  dir = mkdtempSync(join(tmpdir(), "vm-redact-"));
  writeFileSync(join(dir, "runner.mjs"), LEAKY_RUNNER);
  mkdirSync(join(dir, ".verify"));
  writeFileSync(
    join(dir, ".verify", "workflows.yaml"),
    [
      "version: 1",
      'runner_command: "node ./runner.mjs {flow}"',
      "tickets:",
      "  retry_budget: 2",
      "  flaky_reruns: 0",
      "flows:",
      ...["leaky-fail", "leaky-crash", "leaky-garbage"].map(
        (n) => `  - name: ${n}\n    timeout_s: 10`,
      ),
      "",
    ].join("\n"),
  );
});
afterAll(() => {
  tracker.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe("no planted secret reaches a manager sink (real bd, leaky runner)", () => {
  it("run, issues (a retry), issue (the escalation, replaying the log) and log: 0 leaks in stdout, stderr, bd, log, escalation, status", async () => {
    const id = tracker.create(
      "leaky checkout",
      "Fix it.\n\nVerify:\n- leaky-fail\n- leaky-crash\n- leaky-garbage\n",
    );
    tracker.bd(["update", id, "--add-label", "leaky"]);

    expect((await cli("run --json", ["run", "--all", "--json"])).code).toBe(1);
    expect((await cli("issues", ["issues", "--label", "leaky"])).code).toBe(1);
    expect((await cli("issue --json", ["issue", id, "--json"])).code).toBe(1);
    await cli("log --json", ["log", id, "--json"]);

    sinks["bd comments"] = JSON.stringify(tracker.comments(id));
    sinks["bd show"] = JSON.stringify(tracker.showJson(id));
    sinks["log.jsonl"] = readFileSync(join(dir, ".verify", "log.jsonl"), "utf8");
    sinks["loop-status.json"] = readFileSync(join(dir, ".verify", "loop-status.json"), "utf8");
    const escalations = join(dir, ".verify", "escalations");
    for (const file of readdirSync(escalations))
      sinks[`escalations/${file}`] = readFileSync(join(escalations, file), "utf8");

    // The sinks really carry the failure (so a 0 is not an empty sink's 0).
    expect(existsSync(join(escalations, `${id}.md`))).toBe(true);
    expect(tracker.showJson(id).labels).toContain("needs-human");
    const comments = tracker.comments(id);
    expect(comments.length).toBeGreaterThanOrEqual(2);
    for (const sink of ["bd comments", "log.jsonl", "run --json stdout", "issue --json stdout"])
      expect(sinks[sink], sink).toContain("[REDACTED]");
    expect(comments[0]?.text).toContain("may hold page data");

    const leaks = findLeaks(plant.planted, sinks);
    const sinkCount = Object.keys(sinks).length;
    process.stderr.write(
      `redaction (manager): ${plant.planted.length} secrets planted, ${sinkCount} sinks read, ${leaks.length} leaks\n`,
    );
    expect(leaks).toEqual([]);
  });
});
