import { AsyncLocalStorage } from "node:async_hooks";
import { isAbsolute, relative, sep } from "node:path";
import type { CodeLocation, StepResult } from "@agent-verify/contract";
import { shortError } from "../clean-error.js";
import { userFrame } from "./flow-error.js";

interface OpenStep {
  name: string;
  startedAt: number;
  children: StepResult[];
}

/** Where a step's actions are grouped under its name (Playwright's `tracing.group`). */
export interface TraceGroups {
  start(name: string): Promise<void>;
  end(): Promise<void>;
}

/** Collects the steps of one flow run, in order, with nesting. */
export class StepRecorder {
  readonly steps: StepResult[] = [];
  private readonly open: OpenStep[] = [];
  /** Set while a trace records: each step's actions read as one group in the trace viewer. */
  traceGroups: TraceGroups | undefined;

  /** `dir`: the project folder; a failed step's location is given relative to it. */
  constructor(private readonly dir?: string) {}

  /** Outermost step still running (the one a timeout or interrupt is charged to). */
  get runningStep(): string | undefined {
    return this.open[0]?.name;
  }

  /** The innermost running step, if any. */
  get innermostStep(): string | undefined {
    return this.open[this.open.length - 1]?.name;
  }

  /** Mark every open step failed with `error` (used on timeout and interrupt). */
  failOpenSteps(error: string): void {
    while (this.open.length > 0) this.close("fail", error);
  }

  async run<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
    const depth = this.open.length;
    this.open.push({ name, startedAt: performance.now(), children: [] });
    const groups = await this.openGroup(name);
    try {
      const value = await fn();
      if (this.open.length > depth) this.close("pass");
      return value;
    } catch (error) {
      if (this.open.length > depth)
        this.close("fail", shortError(errorText(error)), this.locationOf(error));
      throw error;
    } finally {
      // A trace that could not take the group costs the trace its grouping, never the flow.
      await groups?.end().catch(() => undefined);
    }
  }

  private async openGroup(name: string): Promise<TraceGroups | undefined> {
    const groups = this.traceGroups;
    if (!groups) return undefined;
    try {
      await groups.start(name);
      return groups;
    } catch {
      return undefined;
    }
  }

  /** The project's own line the error came from; never a path outside the project. */
  private locationOf(error: unknown): CodeLocation | undefined {
    if (this.dir === undefined || !(error instanceof Error)) return undefined;
    const frame = userFrame(error);
    if (!frame) return undefined;
    const file = relative(this.dir, frame.file);
    if (!file || file.startsWith("..") || isAbsolute(file)) return undefined;
    return { file: file.split(sep).join("/"), line: frame.line };
  }

  private close(status: "pass" | "fail", error?: string, location?: CodeLocation): void {
    const step = this.open.pop();
    if (!step) return;
    const result: StepResult = {
      name: step.name,
      status,
      duration_ms: Math.round(performance.now() - step.startedAt),
    };
    if (error !== undefined) result.error = error;
    if (location !== undefined) result.location = location;
    if (step.children.length > 0) result.steps = step.children;
    const parent = this.open[this.open.length - 1];
    (parent ? parent.children : this.steps).push(result);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Kept on globalThis so page objects that resolve a second copy of this package
// still record into the running flow.
const STORE_KEY = Symbol.for("agent-verify.runner.steps");
const globalStore = globalThis as { [STORE_KEY]?: AsyncLocalStorage<StepRecorder> };
const storage = (globalStore[STORE_KEY] ??= new AsyncLocalStorage<StepRecorder>());

export function withRecorder<T>(recorder: StepRecorder, fn: () => T): T {
  return storage.run(recorder, fn);
}

/**
 * Run `fn` as a named step of the current flow. Outside a flow run it just runs `fn`,
 * so page objects that wrap their methods in steps work anywhere.
 */
export function step<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
  const recorder = storage.getStore();
  if (!recorder) return Promise.resolve().then(fn);
  return recorder.run(name, fn);
}
