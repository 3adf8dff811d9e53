import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTracker, type TempTracker } from "../../test/helpers/bd.js";
import { killMarked, processesWithMarker } from "../../test/helpers/processes.js";
import { ManagerError } from "../errors.js";
import { BdTracker } from "./bd-tracker.js";

let tracker: TempTracker;
let bd: BdTracker;
/** Issues whose text no test reads back, made in one bd process: their ids by title. */
let made: Map<string, string>;
const fixture = (title: string): string => {
  const id = made.get(title);
  if (id === undefined) throw new Error(`no fixture issue '${title}'`);
  return id;
};

beforeAll(() => {
  tracker = makeTracker();
  bd = new BdTracker({ cwd: tracker.root, env: tracker.env });
  const issues: Array<[title: string, description: string]> = [
    ["first blocker", "x"],
    ["second blocker", "y"],
    ["one call a", "x"],
    ["one call b", "y"],
    ["older bd", "x"],
    ["comments", "x"],
    ["busy", "x"],
    ["to close", "x"],
    ["many a", "Verify:\n- a\n"],
    ["many b", "Verify:\n- b\n"],
    ["many c", "Verify:\n- c\n"],
  ];
  made = tracker.createMany(issues.map(([title, description]) => ({ title, description })));
});
afterAll(() => tracker.cleanup());

/** The real bd behind a script that records each call's arguments, one line per call. */
function recordingBd(name: string): { counted: BdTracker; called: () => string[]; calls: string } {
  const calls = join(tracker.root, `${name}.calls`);
  const wrapper = join(tracker.root, `${name}-bd`);
  writeFileSync(
    wrapper,
    `#!/bin/sh\necho "$*" >> ${JSON.stringify(calls)}\nexec ${JSON.stringify(tracker.env.VERIFY_BD)} "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  const counted = new BdTracker({ cwd: tracker.root, env: tracker.env, bin: wrapper });
  return { counted, calls, called: () => readFileSync(calls, "utf8").trim().split("\n") };
}

describe("BdTracker against the real bd", () => {
  it("shows an issue with its description and comments, oldest first", async () => {
    const id = tracker.create("shown", "Verify:\n- a\n");
    tracker.bd(["comments", "add", id, "first"]);
    tracker.bd(["comments", "add", id, "second"]);
    const issue = await bd.show(id);
    expect(issue).toMatchObject({
      id,
      title: "shown",
      status: "open",
      description: "Verify:\n- a\n",
      closeReason: null,
    });
    expect(issue.comments.map((c) => [c.text, c.author])).toEqual([
      ["first", "verify-test"],
      ["second", "verify-test"],
    ]);
  });

  it("reads the open issues that block one (bd dep add); a closed blocker and a parent do not block", async () => {
    const epic = tracker.bd(["create", "epic", "-t", "epic", "--silent"]).trim();
    const blocked = tracker.bd(["create", "blocked", "--parent", epic, "--silent"]).trim();
    const first = fixture("first blocker");
    const second = fixture("second blocker");
    tracker.bd(["dep", "add", blocked, first]);
    tracker.bd(["dep", "add", blocked, second]);
    expect((await bd.show(blocked)).openBlockers?.sort()).toEqual([first, second].sort());
    tracker.bd(["close", first]);
    expect((await bd.show(blocked)).openBlockers).toEqual([second]);
    tracker.bd(["close", second]);
    const [free] = await bd.showMany([blocked]);
    expect(free?.openBlockers).toEqual([]);
    expect((await bd.show(first)).openBlockers).toEqual([]);
  });

  it("reads an issue and its comments in one bd process (show and showMany)", async () => {
    const a = fixture("one call a");
    const b = fixture("one call b");
    tracker.bd(["comments", "add", a, "on a"]);
    tracker.bd(["comments", "add", b, "on b"]);
    const { counted, called } = recordingBd("one-call");
    expect((await counted.show(a)).comments.map((c) => c.text)).toEqual(["on a"]);
    expect((await counted.showMany([a, b])).map((i) => i.comments.map((c) => c.text))).toEqual([
      ["on a"],
      ["on b"],
    ]);
    expect(called().map((call) => call.split(" ")[0])).toEqual(["show", "show"]);
  });

  it("a bd without show --include-comments: comments are read apart, and the flag is not tried again", async () => {
    const id = fixture("older bd");
    tracker.bd(["comments", "add", id, "kept"]);
    const log = join(tracker.root, "older.log");
    const older = join(tracker.root, "older-bd");
    // bd's own wording for a flag it does not know (cobra): "Error: unknown flag: --x", exit 1.
    writeFileSync(
      older,
      [
        "#!/bin/sh",
        `echo "$*" >> ${JSON.stringify(log)}`,
        'for a in "$@"; do [ "$a" = --include-comments ] && { echo "Error: unknown flag: --include-comments" >&2; exit 1; }; done',
        `exec ${JSON.stringify(tracker.env.VERIFY_BD)} "$@"`,
        "",
      ].join("\n"),
    );
    chmodSync(older, 0o755);
    const tracked = new BdTracker({ cwd: tracker.root, env: tracker.env, bin: older });
    expect((await tracked.show(id)).comments.map((c) => c.text)).toEqual(["kept"]);
    expect((await tracked.show(id)).comments.map((c) => c.text)).toEqual(["kept"]);
    const calls = readFileSync(log, "utf8").trim().split("\n");
    expect(calls.filter((c) => c.includes("--include-comments"))).toHaveLength(1);
    expect(calls.map((c) => c.split(" ")[0])).toEqual([
      "show",
      "show",
      "comments",
      "show",
      "comments",
    ]);
  });

  it("posts text verbatim: a leading dash, backticks, shell syntax, 50 KiB", async () => {
    const id = fixture("comments");
    const text = `-x --json $(id) \`id\` 'q' "dq"\n${"é".repeat(25_000)}`;
    await bd.comment(id, text);
    expect(tracker.comments(id).map((c) => c.text)).toEqual([text]);
  });

  it("serialises concurrent writes: every comment lands", async () => {
    const id = fixture("busy");
    await Promise.all(Array.from({ length: 4 }, (_, i) => bd.comment(id, `c${i}`)));
    expect(
      tracker
        .comments(id)
        .map((c) => c.text)
        .sort(),
    ).toEqual(["c0", "c1", "c2", "c3"]);
  });

  it("closes with a reason", async () => {
    const id = fixture("to close");
    await bd.close(id, "verified: a, b");
    expect(tracker.showJson(id)).toMatchObject({
      status: "closed",
      close_reason: "verified: a, b",
    });
  });

  it("reads bd's enveloped JSON (BD_JSON_ENVELOPE=1) and fails loudly when bd is read-only", async () => {
    const id = tracker.create("envelope", "Verify:\n- a\n");
    const enveloped = new BdTracker({
      cwd: tracker.root,
      env: { ...tracker.env, BD_JSON_ENVELOPE: "1" },
    });
    expect((await enveloped.show(id)).description).toBe("Verify:\n- a\n");
    await enveloped.comment(id, "through the envelope");
    const readOnly = new BdTracker({
      cwd: tracker.root,
      env: { ...tracker.env, BD_READONLY: "true" },
    });
    await expect(readOnly.close(id, "verified: a")).rejects.toMatchObject({
      code: "bd_failed",
      message: expect.stringContaining(`bd close ${id}`),
    });
    expect(tracker.showJson(id).status).toBe("open");
  });

  it("turns every failure into a ManagerError naming the bd command", async () => {
    await expect(bd.show("t-nope")).rejects.toMatchObject({
      code: "bd_failed",
      message: expect.stringMatching(
        /^bd show t-nope --json --include-comments failed \(exit 1\): no issues found/,
      ),
    });
    await expect(bd.comment("t-nope", "x")).rejects.toBeInstanceOf(ManagerError);
    await expect(bd.close("t-nope", "x")).rejects.toMatchObject({
      message: expect.stringContaining("bd close t-nope"),
    });
    const missing = new BdTracker({ cwd: tracker.root, env: tracker.env, bin: "/nonexistent/bd" });
    await expect(missing.show("t-1")).rejects.toMatchObject({ code: "bd_missing" });
  });

  it("showMany: each issue as show gives it, with its comments, in one bd show; show's errors when an id is loose or unknown", async () => {
    const a = fixture("many a");
    tracker.bd(["comments", "add", a, "on a"]);
    const b = fixture("many b");
    const c = fixture("many c");
    const { counted, called, calls } = recordingBd("many");

    const many = await counted.showMany([a, b, c]);
    expect(called()).toEqual([`show ${a} ${b} ${c} --json --include-comments`]);
    expect(many).toEqual([await bd.show(a), await bd.show(b), await bd.show(c)]);
    expect(many[0]?.comments.map((comment) => comment.text)).toEqual(["on a"]);
    writeFileSync(calls, "");
    expect(await counted.show(b)).toEqual(many[1]);
    expect(called()).toEqual([`show ${b} --json --include-comments`]);

    const loose = c.replace(/^t-/, "");
    const looseError = await bd.show(loose).catch((error: unknown) => error);
    expect(looseError).toBeInstanceOf(ManagerError);
    await expect(counted.showMany([a, loose])).rejects.toEqual(looseError);
    const unknownError = await bd.show("t-nope").catch((error: unknown) => error);
    await expect(counted.showMany([a, "t-nope", b])).rejects.toEqual(unknownError);
  });
});

describe("a bd that hangs (a stand-in: the real one cannot be made to hang on demand)", () => {
  const fakeBd = (name: string, body: string) => {
    const file = join(tracker.root, name);
    writeFileSync(file, `#!/bin/bash\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };

  it("gets SIGTERM first, so it can flush its database", async () => {
    const note = join(tracker.root, "got-term");
    const bin = fakeBd(
      "bd-hangs",
      `trap 'echo term > ${note}; exit 1' TERM\nwhile :; do sleep 0.05; done`,
    );
    const hung = new BdTracker({
      cwd: tracker.root,
      env: tracker.env,
      bin,
      timeoutMs: 300,
      killGraceMs: 5000,
    });
    const started = Date.now();
    await expect(hung.show("t-1")).rejects.toMatchObject({
      code: "bd_failed",
      message: "bd show t-1 --json --include-comments: timed out after 300 ms",
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(readFileSync(note, "utf8")).toBe("term\n");
  });

  it("gets SIGKILL after the grace when it ignores SIGTERM", async () => {
    const bin = fakeBd("bd-stubborn", "trap '' TERM\nexec sleep 30");
    const stubborn = new BdTracker({
      cwd: tracker.root,
      env: tracker.env,
      bin,
      timeoutMs: 300,
      killGraceMs: 500,
    });
    const started = Date.now();
    await expect(stubborn.comment("t-1", "x")).rejects.toMatchObject({
      message: expect.stringContaining("timed out"),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("its whole group is killed: a grandchild that ignores SIGTERM goes too", async () => {
    const marker = `bdgrandchild${process.pid}x${Date.now()}`;
    const bin = fakeBd(
      "bd-with-grandchild",
      `trap '' TERM\nnode -e "setInterval(()=>{},1000)" -- ${marker} &\nwait`,
    );
    const stubborn = new BdTracker({
      cwd: tracker.root,
      env: tracker.env,
      bin,
      timeoutMs: 300,
      killGraceMs: 300,
    });
    try {
      await expect(stubborn.show("t-1")).rejects.toMatchObject({
        message: "bd show t-1 --json --include-comments: timed out after 300 ms",
      });
      expect(processesWithMarker(marker)).toEqual([]);
    } finally {
      killMarked(marker);
    }
  });
});
