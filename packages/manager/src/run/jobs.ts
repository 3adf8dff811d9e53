import { availableParallelism, freemem } from "node:os";

/** `--jobs`: a number of flows at once, or `auto` (the default). */
export type Jobs = number | "auto";

export const MAX_JOBS = 16;
/** What one runner at work needs: Node with Playwright plus a browser context (or browser). */
const BYTES_PER_JOB = 512 * 1024 * 1024;

/** `auto`: one flow per core, as many as free memory allows, at least 1 and at most MAX_JOBS. */
export function autoJobs(cores: number = availableParallelism(), freeBytes: number = freemem()) {
  const byMemory = Math.floor(freeBytes / BYTES_PER_JOB);
  return Math.max(1, Math.min(MAX_JOBS, cores, byMemory));
}

export function resolveJobs(jobs: Jobs | undefined): number {
  return jobs === undefined || jobs === "auto" ? autoJobs() : jobs;
}
