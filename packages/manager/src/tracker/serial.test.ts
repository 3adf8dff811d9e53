import { describe, expect, it } from "vitest";
import { SerialQueue } from "./serial.js";

describe("SerialQueue", () => {
  it("runs tasks for one key one at a time, in order, past failures", async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run("t", task("a", 20, true)),
      queue.run("t", task("b", 5)),
      queue.run("other", task("c", 1)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(log.indexOf("end a")).toBeLessThan(log.indexOf("start b"));
    expect(log.indexOf("start c")).toBeLessThan(log.indexOf("end a"));
  });
});
