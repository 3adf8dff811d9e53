import { describe, expect, it } from "vitest";
import { MemoryTracker } from "../../../test/helpers/memory-tracker.js";
import { ManagerError, ManagerErrorCode } from "../../errors.js";
import type { Tracker, TrackerIssue } from "../../tracker/tracker.js";
import { expandIds } from "./select-ids.js";

/** A memory tracker that can show several ids at once, as bd can; each call is recorded. */
function manyTracker(showMany: (ids: readonly string[]) => Promise<TrackerIssue[]>) {
  const memory = new MemoryTracker();
  const calls: string[] = [];
  const tracker: Tracker = {
    name: memory.name,
    show: (id) => {
      calls.push(`show ${id}`);
      return memory.show(id);
    },
    showMany: (ids) => {
      calls.push(`showMany ${ids.join(" ")}`);
      return showMany(ids);
    },
    list: (filter) => memory.list(filter),
    update: (id, update) => memory.update(id, update),
    close: (id, reason) => memory.close(id, reason),
    comment: (id, text) => memory.comment(id, text),
  };
  return { memory, tracker, calls };
}

const bdFailed = (message: string) => new ManagerError(ManagerErrorCode.BdFailed, message);

describe("expandIds: named ids", () => {
  it("shows several named ids in one call, in the order named", async () => {
    const { memory, tracker, calls } = manyTracker(async (ids) =>
      Promise.all(ids.map((id) => memory.show(id))),
    );
    const [a, b] = [memory.create({ title: "a" }), memory.create({ title: "b" })];
    const picked = await expandIds(tracker, [b, a], "open");
    expect(picked.map((t) => [t.issue.id, t.epic])).toEqual([
      [b, null],
      [a, null],
    ]);
    expect(calls).toEqual([`showMany ${b} ${a}`]);
  });

  it("an unknown id the error names is that id's one line, with no more calls", async () => {
    for (const message of [
      'Error fetching m-9: no issue found matching "m-9"',
      // BdTracker's own words when the id it showed alone is unknown.
      "bd show m-9 --json --include-comments failed (exit 1): no issues found matching the provided IDs",
    ]) {
      const { memory, tracker, calls } = manyTracker(async () => {
        throw bdFailed(message);
      });
      const a = memory.create();
      await expect(expandIds(tracker, [a, "m-9"], "open")).rejects.toThrow(
        'unknown issue id "m-9": bd has no such issue; nothing was run',
      );
      expect(calls).toEqual([`showMany ${a} m-9`]);
    }
  });

  it("a not-found message naming no id (or another one): shown one by one for the first unknown", async () => {
    for (const message of ["no issues found matching", 'no issue found matching "elsewhere"']) {
      const { memory, tracker, calls } = manyTracker(async () => {
        throw bdFailed(message);
      });
      const a = memory.create();
      await expect(expandIds(tracker, [a, "m-9", "m-8"], "open")).rejects.toThrow(
        'unknown issue id "m-9": bd has no such issue',
      );
      expect(calls).toEqual([`showMany ${a} m-9 m-8`, `show ${a}`, "show m-9"]);
    }
  });

  it("any other failure is thrown as it is; a malformed id never reaches the tracker", async () => {
    const { memory, tracker } = manyTracker(async () => {
      throw bdFailed("bd show: database is locked");
    });
    const a = memory.create();
    await expect(expandIds(tracker, [a, "m-2"], "open")).rejects.toThrow("database is locked");
    const second = manyTracker(async () => []);
    const b = second.memory.create();
    await expect(expandIds(second.tracker, [b, "bad id!"], "open")).rejects.toThrow(
      'unknown issue id "bad id!": not an issue id',
    );
    expect(second.calls).toEqual([`show ${b}`]);
  });
});
