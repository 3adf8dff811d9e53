import { readFileSync } from "node:fs";
import type { Artifacts, Manifest, RunResult } from "@agent-verify/contract";
import { isFlowName, manifestPath } from "@agent-verify/contract/constants";
import { loadManifestCached } from "./manifest-cache.js";
import { BrowserSession } from "./browser/session.js";
import { resolveBrowser, type BrowserTarget } from "./browser/resolve.js";
import { ArtifactDir } from "./artifacts/paths.js";
import { FlowEvidence } from "./artifacts/collect.js";
import { raceAgainstDeadline, settleWithin } from "./deadline.js";
import { FlowAbortedError, RunnerError, messageOf } from "./errors.js";
import { shortError } from "./clean-error.js";
import { buildFlowContext } from "./flows/context.js";
import { flowRoots, flowsDir, findFlowModule } from "./flows/discover.js";
import { fixturesNamedInText, usedFixtures, type FixtureName } from "./flows/fixtures.js";
import { flowCodeError } from "./flows/flow-error.js";
import { CODE_HINT } from "./flows/load-error.js";
import { loadFlowModule } from "./flows/load.js";
import { playwrightTest } from "./playwright-modules.js";
import { StepRecorder, withRecorder } from "./flows/steps.js";
import type { Flow } from "./flows/define-flow.js";
import { buildResult } from "./result.js";
import { traceForRun, type TraceRecording } from "./artifacts/trace-policy.js";
import type { TracePolicy } from "@agent-verify/contract/constants";
import { baseUrlOf, reachApp } from "./web-server/reach-app.js";
import type { StartedServer } from "./web-server/start.js";

/** A trace policy (contract constants TRACE_POLICIES); see artifacts/trace-policy.ts. */
export type TraceMode = TracePolicy;

export interface RunOptions {
  dir: string;
  flow: string;
  /** `--trace`; absent: VERIFY_TRACE, the manifest's `trace`, then retain-on-failure. */
  trace?: TraceMode | undefined;
  env?: NodeJS.ProcessEnv;
}

const CAPTURE_BUDGET_MS = 5000;
const MAX_ACTION_TIMEOUT_MS = 15_000;

/** Half the flow's deadline, at most 15 s: long enough for slow pages, short enough to name the cause. */
export function actionTimeoutMs(flowTimeoutMs: number): number {
  return Math.min(MAX_ACTION_TIMEOUT_MS, Math.round(flowTimeoutMs / 2));
}
const INTERRUPTED_BUDGET_MS = 400;

/** Load a module now; a failure shows where it is used, not here. */
function preload(load: () => unknown): void {
  try {
    load();
  } catch {
    // the flow's own use of it reports the error
  }
}

/** One run of one flow: setup, the flow under its deadline, evidence, teardown. */
export class FlowRun {
  private readonly startedAt = performance.now();
  private readonly recorder: StepRecorder;
  private readonly session = new BrowserSession();
  private readonly abortController = new AbortController();
  private server: StartedServer | undefined;
  private target: Promise<BrowserTarget> | undefined;
  private opening: Promise<void> | undefined;
  private declaredSteps: readonly string[] | undefined;
  private abortFlow: ((error: Error) => void) | undefined;
  /** What this run records, once the manifest is read. */
  private trace: TraceRecording = "retain-on-failure";

  constructor(private readonly options: RunOptions) {
    this.recorder = new StepRecorder(options.dir);
  }

  private get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  get interrupted(): boolean {
    return this.abortController.signal.aborted;
  }

  /** SIGTERM/SIGINT: end the flow now; `run()` then returns a `fail`/`interrupted` result. */
  interrupt(): void {
    if (this.interrupted) return;
    this.abortController.abort();
    this.abortFlow?.(new FlowAbortedError("interrupted", "interrupted"));
  }

  /** The result as far as it is known, for when there is no time left to finish. */
  emergencyResult(): RunResult {
    this.recorder.failOpenSteps("interrupted");
    return this.result({ status: "fail", error: "interrupted", errorCode: "interrupted" });
  }

  /** Kill the browser and web server without waiting (last resort before exit). */
  killNow(): void {
    this.session.killNow();
    this.server?.killNow();
  }

  async run(): Promise<RunResult> {
    const { dir, flow } = this.options;
    let manifest: Manifest;
    try {
      manifest = await loadManifestCached(dir);
    } catch (error) {
      return this.result({
        status: "error",
        error: messageOf(error),
        errorCode: "manifest_invalid",
        hint: (error as { hint?: string }).hint,
      });
    }
    this.trace = traceForRun(this.options.trace, this.env, manifest.trace);
    const entry = manifest.flows.find((candidate) => candidate.name === flow);
    if (!entry) {
      const known = manifest.flows.map((candidate) => candidate.name).join(", ") || "none";
      // Only a valid name is looked up on disk: `../../x` must not tell whether x exists.
      const orphan = isFlowName(flow) ? findFlowModule(flowsDir(dir, manifest), flow) : undefined;
      const why = orphan
        ? `${orphan} exists but ${manifestPath(dir)} does not declare it: add it under flows:`
        : `not declared in ${manifestPath(dir)} (known: ${known})`;
      return this.result({
        status: "error",
        errorCode: "unknown_flow",
        error: `unknown flow '${flow}': ${why}`,
      });
    }
    const modulePath = findFlowModule(flowsDir(dir, manifest), flow);
    if (!modulePath) {
      return this.result({
        status: "error",
        errorCode: "not_implemented",
        error: `flow '${flow}' is declared but not implemented: no module ${flowsDir(dir, manifest)}/${flow}.ts`,
      });
    }
    try {
      this.openEarly(manifest, entry.timeout_s * 1000, modulePath);
      const definition = await loadFlowModule(modulePath, {
        roots: flowRoots(dir, manifest),
        dir,
        env: this.env,
      });
      this.declaredSteps = definition.steps;
      await this.setUp(manifest, definition, entry.timeout_s * 1000);
      return await this.execute(definition, entry.timeout_s * 1000, manifest);
    } catch (error) {
      if (this.interrupted) return this.emergencyResult();
      if (error instanceof RunnerError) {
        return this.result({
          status: "error",
          error: error.message,
          errorCode: error.code,
          hint: error.hint,
        });
      }
      return this.result({
        status: "error",
        error: `internal error: ${messageOf(error)}`,
        errorCode: "internal",
      });
    } finally {
      await this.tearDown();
    }
  }

  private baseURL(manifest: Manifest): string | undefined {
    return baseUrlOf(manifest, this.env);
  }

  /**
   * Most flows use a page: the browser is opened while the flow module loads (tsx, page
   * objects) when the file's text names a browser fixture. What the loaded `run` names then
   * decides (setUp); a load error is still the run's error, whatever the browser did.
   */
  private openEarly(manifest: Manifest, timeoutMs: number, modulePath: string): void {
    let text: string;
    try {
      text = readFileSync(modulePath, "utf8");
    } catch {
      return; // the load reports it
    }
    if (needsBrowser(fixturesNamedInText(text))) this.startOpening(manifest, timeoutMs);
  }

  private startOpening(manifest: Manifest, timeoutMs: number): void {
    const target = resolveBrowser(manifest.browser, this.env);
    this.target = target;
    this.opening = target.then((resolved) =>
      this.session
        .open(
          resolved,
          manifest.browser,
          this.baseURL(manifest),
          actionTimeoutMs(timeoutMs),
          this.trace !== "off",
        )
        .then((value) => {
          this.recorder.traceGroups = this.session.traceGroups();
          return value;
        }),
    );
    // Awaited in setUp or settled in tearDown: never an unhandled rejection.
    target.catch(() => undefined);
    this.opening.catch(() => undefined);
  }

  /** A browser opened early for a flow whose `run` turned out not to use one: closed before it runs. */
  private async closeUnusedBrowser(): Promise<void> {
    if (!this.opening) return;
    await this.opening.catch(() => undefined);
    await this.session.close(this.budgetMs);
  }

  private async setUp(manifest: Manifest, definition: Flow, timeoutMs: number): Promise<void> {
    const baseURL = this.baseURL(manifest);
    const used = usedFixtures(definition.run);
    const browser = needsBrowser(used);
    if (browser && !this.opening) this.startOpening(manifest, timeoutMs);
    if (!browser) await this.closeUnusedBrowser();
    // Find the browser first: no point starting a web server for a run that cannot happen.
    // The browser starts while the app is reached: a web server can take seconds to answer,
    // and a launch is mostly waiting too. Teardown waits for it (see tearDown).
    if (browser) await this.target;
    const needsApp = browser || used.has("request") || used.has("baseURL");
    // Load the assertion library and the result schema while both wait: they cost CPU.
    if (used.has("expect")) preload(playwrightTest);
    void import("@agent-verify/contract/run-result").catch(() => undefined);
    if (baseURL && needsApp) {
      this.server = await reachApp({
        manifest,
        baseURL,
        dir: this.options.dir,
        env: this.env,
        signal: this.abortController.signal,
      });
    }
    if (this.interrupted) throw new FlowAbortedError("interrupted", "interrupted");
    if (browser) await this.opening;
  }

  private async execute(
    definition: Flow,
    timeoutMs: number,
    manifest: Manifest,
  ): Promise<RunResult> {
    const built = await buildFlowContext(
      usedFixtures(definition.run),
      this.session,
      this.baseURL(manifest),
    );
    let failure: unknown;
    try {
      await raceAgainstDeadline(
        (deadline) => {
          this.abortFlow = deadline.abort;
          if (this.interrupted) deadline.abort(new FlowAbortedError("interrupted", "interrupted"));
          return withRecorder(this.recorder, () => Promise.resolve(definition.run(built.context)));
        },
        timeoutMs,
        () => new FlowAbortedError("timeout", this.timeoutMessage(timeoutMs)),
      );
    } catch (error) {
      failure = error;
    } finally {
      this.abortFlow = undefined;
    }
    const stepFailed = this.recorder.steps.some((step) => step.status === "fail");
    if (failure === undefined && !stepFailed) {
      const artifacts = await this.passArtifacts();
      await built.dispose();
      return this.result({ status: "pass", artifacts });
    }
    const result = await this.failResult(failure);
    await built.dispose();
    return result;
  }

  private timeoutMessage(timeoutMs: number): string {
    const running = this.recorder.runningStep;
    return running
      ? `step '${running}' timed out after ${timeoutMs} ms`
      : `flow '${this.options.flow}' timed out after ${timeoutMs} ms`;
  }

  private async failResult(failure: unknown): Promise<RunResult> {
    const codeError = flowCodeError(failure, this.options.dir);
    if (codeError !== undefined) {
      const artifacts = await this.failureArtifacts(messageOf(failure));
      return this.result({
        status: "error",
        error: codeError,
        errorCode: "flow_error",
        hint: CODE_HINT,
        artifacts,
        keepSteps: true,
      });
    }
    let error: string | undefined;
    let errorCode: "timeout" | "interrupted" | undefined;
    if (failure instanceof FlowAbortedError) {
      this.recorder.failOpenSteps(failure.message);
      error = failure.message;
      errorCode = failure.code;
    } else if (
      failure !== undefined &&
      !this.recorder.steps.some((step) => step.status === "fail")
    ) {
      error = shortError(messageOf(failure));
    }
    const fullError =
      failure === undefined ? (this.failingStep()?.error ?? "a step failed") : messageOf(failure);
    const artifacts = await this.failureArtifacts(fullError);
    return this.result({ status: "fail", error, errorCode, artifacts });
  }

  private failingStep() {
    return this.recorder.steps.find((step) => step.status === "fail");
  }

  private get budgetMs(): number {
    return this.interrupted ? INTERRUPTED_BUDGET_MS : CAPTURE_BUDGET_MS;
  }

  private evidence = (): FlowEvidence =>
    (this._evidence ??= new FlowEvidence(
      this.session,
      new ArtifactDir(this.options.dir, this.options.flow, this.env),
      this.options.flow,
    ));
  private _evidence: FlowEvidence | undefined;

  private passArtifacts(): Promise<Artifacts> {
    return this.evidence().onPass(this.trace === "on", CAPTURE_BUDGET_MS);
  }

  private failureArtifacts(fullError: string): Promise<Artifacts> {
    return this.evidence().onFailure({
      error: fullError,
      failingStep: this.failingStep()?.name,
      steps: this.recorder.steps,
      keepTrace: this.trace !== "off",
      captureBudgetMs: this.budgetMs,
      traceBudgetMs: this.interrupted ? 500 : CAPTURE_BUDGET_MS,
    });
  }

  private async tearDown(): Promise<void> {
    const budget = this.interrupted ? INTERRUPTED_BUDGET_MS : CAPTURE_BUDGET_MS;
    // A launch still under way (the app could not be reached, or the run was interrupted)
    // ends first, so that the browser it starts is closed too, not left to exit handlers.
    if (this.opening) await settleWithin(this.opening, budget);
    await this.session.close(budget);
    if (this.server) await settleWithin(this.server.stop(), budget + 1000);
  }

  private result(partial: {
    status: RunResult["status"];
    error?: string | undefined;
    errorCode?: RunResult["error_code"];
    hint?: string | undefined;
    artifacts?: Artifacts;
    /** An error that happened while steps ran (flow_error) still lists the steps not run. */
    keepSteps?: boolean;
  }): RunResult {
    const listDeclared = partial.status !== "error" || partial.keepSteps === true;
    return buildResult({
      flow: this.options.flow,
      status: partial.status,
      durationMs: performance.now() - this.startedAt,
      steps: this.recorder.steps,
      declaredSteps: listDeclared ? this.declaredSteps : undefined,
      artifacts: partial.artifacts ?? {},
      error: partial.error,
      errorCode: partial.errorCode,
      hint: partial.hint,
    });
  }
}

function needsBrowser(fixtures: ReadonlySet<FixtureName>): boolean {
  return fixtures.has("page") || fixtures.has("context") || fixtures.has("browser");
}

export function runFlow(options: RunOptions): Promise<RunResult> {
  return new FlowRun(options).run();
}
