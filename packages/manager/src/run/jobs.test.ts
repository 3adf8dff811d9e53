import { describe, expect, it } from "vitest";
import { autoJobs, resolveJobs } from "./jobs.js";

const GiB = 1024 ** 3;

describe("--jobs auto", () => {
  it("takes one flow per core when memory allows", () => {
    expect(autoJobs(2, 24 * GiB)).toBe(2);
    expect(autoJobs(8, 24 * GiB)).toBe(8);
  });

  it("is held back by free memory, never below 1, never above 16", () => {
    expect(autoJobs(8, 1.2 * GiB)).toBe(2);
    expect(autoJobs(8, 100 * 1024 * 1024)).toBe(1);
    expect(autoJobs(64, 256 * GiB)).toBe(16);
  });

  it("a number is taken as given", () => {
    expect(resolveJobs(3)).toBe(3);
    expect(resolveJobs("auto")).toBeGreaterThanOrEqual(1);
  });
});
