import type { Manifest } from "@agent-verify/contract";
import { RunnerWorker, type WorkerOptions } from "../supervise/worker.js";

/**
 * Two or more flows go to long-lived `--worker` runners when the runner offers it and the
 * manifest does not ask for `isolation: process`: each job's flows then share one runner's
 * start-up (Node, tsx, Playwright, the page objects) instead of paying it per flow.
 */
export function wantsWorkers(
  manifest: Manifest,
  capabilities: readonly string[] | undefined,
  flows: number,
): boolean {
  return flows >= 2 && manifest.isolation !== "process" && (capabilities ?? []).includes("worker");
}

/** Idle workers handed to flows one at a time; a worker that ended or fell out of step is replaced. */
export class WorkerPool {
  private readonly idle: RunnerWorker[] = [];
  private readonly all = new Set<RunnerWorker>();

  constructor(private readonly options: WorkerOptions) {}

  /**
   * A worker for `flow`: an idle one that never ran it (so that no late line of an earlier
   * run of the same flow can pass for this run's verdict), else a new one.
   */
  take(flow: string): RunnerWorker {
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const worker = this.idle[i] as RunnerWorker;
      if (!worker.usable) {
        this.idle.splice(i, 1);
        void this.retire(worker);
      } else if (!worker.hasRun(flow)) {
        this.idle.splice(i, 1);
        return worker;
      }
    }
    const worker = new RunnerWorker(this.options);
    this.all.add(worker);
    return worker;
  }

  /** Back to the pool after a flow whose line was its verdict; anything else ends the worker. */
  give(worker: RunnerWorker, reusable: boolean): Promise<void> {
    if (reusable && worker.usable) {
      this.idle.push(worker);
      return Promise.resolve();
    }
    return this.retire(worker);
  }

  /** Every worker closed and its group gone. */
  async close(): Promise<void> {
    this.idle.length = 0;
    await Promise.all([...this.all].map((worker) => this.retire(worker)));
  }

  private async retire(worker: RunnerWorker): Promise<void> {
    await worker.close();
    this.all.delete(worker);
  }
}
