import type { Artifacts, Manifest, RunResult } from "@agent-verify/contract";
import { manifestPath } from "@agent-verify/contract/constants";
import { loadManifestCached } from "./manifest-cache.js";
import { writeFileSync } from "node:fs";
import { BrowserSession } from "./browser/session.js";
import { resolveBrowser } from "./browser/resolve.js";
import { ArtifactDir } from "./artifacts/paths.js";
import { redact } from "@agent-verify/contract/redact";
import { renderErrorContext } from "./artifacts/error-context.js";
import { raceAgainstDeadline, settleWithin } from "./deadline.js";
import { FlowAbortedError, RunnerError, messageOf } from "./errors.js";
import { shortError } from "./clean-error.js";
import { buildFlowContext } from "./flows/context.js";
import { flowsDir, findFlowModule } from "./flows/discover.js";
import { usedFixtures } from "./flows/fixtures.js";
import { loadFlowModule } from "./flows/load.js";
import { StepRecorder, withRecorder } from "./flows/steps.js";
import type { Flow } from "./flows/define-flow.js";
import { buildResult } from "./result.js";
import { isAnswering, startWebServer, type StartedServer } from "./web-server.js";

export type TraceMode = "on" | "off" | "retain-on-failure";

export interface RunOptions {
  dir: string;
  flow: string;
  trace?: TraceMode;
  env?: NodeJS.ProcessEnv;
}

const CAPTURE_BUDGET_MS = 5000;
const MAX_ACTION_TIMEOUT_MS = 15_000;

/** Half the flow's deadline, at most 15 s: long enough for slow pages, short enough to name the cause. */
export function actionTimeoutMs(flowTimeoutMs: number): number {
  return Math.min(MAX_ACTION_TIMEOUT_MS, Math.round(flowTimeoutMs / 2));
}
const INTERRUPTED_BUDGET_MS = 400;

/** One run of one flow: setup, the flow under its deadline, evidence, teardown. */
export class FlowRun {
  private readonly startedAt = performance.now();
  private readonly recorder = new StepRecorder();
  private readonly session = new BrowserSession();
  private readonly abortController = new AbortController();
  private server: StartedServer | undefined;
  private declaredSteps: readonly string[] | undefined;
  private abortFlow: ((error: Error) => void) | undefined;

  constructor(private readonly options: RunOptions) {}

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
      });
    }
    const entry = manifest.flows.find((candidate) => candidate.name === flow);
    if (!entry) {
      const known = manifest.flows.map((candidate) => candidate.name).join(", ") || "none";
      const orphan = findFlowModule(flowsDir(dir, manifest), flow);
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
      const definition = await loadFlowModule(modulePath);
      this.declaredSteps = definition.steps;
      await this.setUp(manifest, definition, entry.timeout_s * 1000);
      return await this.execute(definition, entry.timeout_s * 1000, manifest);
    } catch (error) {
      if (this.interrupted) return this.emergencyResult();
      if (error instanceof RunnerError) {
        return this.result({ status: "error", error: error.message, errorCode: error.code });
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
    return this.env.VERIFY_BASE_URL || manifest.base_url;
  }

  private async setUp(manifest: Manifest, definition: Flow, timeoutMs: number): Promise<void> {
    const baseURL = this.baseURL(manifest);
    const used = usedFixtures(definition.run);
    const needsBrowser = used.has("page") || used.has("context") || used.has("browser");
    // Find the browser first: no point starting a web server for a run that cannot happen.
    const target = needsBrowser ? await resolveBrowser(manifest.browser, this.env) : undefined;
    if (baseURL && manifest.web_server && !(await isAnswering(baseURL))) {
      this.server = await startWebServer(
        manifest.web_server,
        this.options.dir,
        this.abortController.signal,
      );
    }
    if (this.interrupted) throw new FlowAbortedError("interrupted", "interrupted");
    // Load the assertion library and the result schema while the browser starts: both
    // cost CPU, and the launch is only waiting.
    if (used.has("expect")) void import("@playwright/test").catch(() => undefined);
    void import("@agent-verify/contract").catch(() => undefined);
    if (target)
      await this.session.open(
        target,
        manifest.browser,
        baseURL,
        actionTimeoutMs(timeoutMs),
        this.options.trace !== "off",
      );
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

  private artifactDir = (): ArtifactDir =>
    (this._artifactDir ??= new ArtifactDir(this.options.dir, this.options.flow, this.env));
  private _artifactDir: ArtifactDir | undefined;

  private async passArtifacts(): Promise<Artifacts> {
    if (this.options.trace !== "on") return {};
    const trace = await this.session.finishTrace(
      true,
      () => this.artifactDir().file("trace.zip"),
      CAPTURE_BUDGET_MS,
    );
    return trace ? { dir: this.artifactDir().path, trace } : {};
  }

  private async failureArtifacts(fullError: string): Promise<Artifacts> {
    const dir = this.artifactDir();
    const capture = await this.session.captureFailure(
      () => dir.file(`${this.options.flow}.png`),
      this.budgetMs,
    );
    const keepTrace = this.options.trace !== "off";
    const trace = await this.session.finishTrace(
      keepTrace,
      () => dir.file("trace.zip"),
      this.interrupted ? 500 : CAPTURE_BUDGET_MS,
    );
    const { consoleErrors, failedRequests } = this.session.evidence;
    const errorContext = dir.file("error-context.md");
    writeFileSync(
      errorContext,
      redact(
        renderErrorContext({
          flow: this.options.flow,
          failingStep: this.failingStep()?.name,
          error: fullError,
          url: capture.url,
          ariaSnapshot: capture.ariaSnapshot,
          screenshot: capture.screenshot,
          trace,
          consoleErrors,
          failedRequests,
          steps: this.recorder.steps,
        }),
      ),
    );
    const artifacts: Artifacts = { dir: dir.path, error_context: errorContext };
    if (capture.screenshot) artifacts.screenshot = capture.screenshot;
    if (capture.url) artifacts.url_at_failure = capture.url;
    if (trace) artifacts.trace = trace;
    if (consoleErrors.length > 0) artifacts.console_errors = [...consoleErrors];
    if (failedRequests.length > 0) artifacts.failed_requests = [...failedRequests];
    return artifacts;
  }

  private async tearDown(): Promise<void> {
    const budget = this.interrupted ? INTERRUPTED_BUDGET_MS : CAPTURE_BUDGET_MS;
    await this.session.close(budget);
    if (this.server) await settleWithin(this.server.stop(), budget + 1000);
  }

  private result(partial: {
    status: RunResult["status"];
    error?: string | undefined;
    errorCode?: RunResult["error_code"];
    artifacts?: Artifacts;
  }): RunResult {
    return buildResult({
      flow: this.options.flow,
      status: partial.status,
      durationMs: performance.now() - this.startedAt,
      steps: this.recorder.steps,
      declaredSteps: partial.status === "error" ? undefined : this.declaredSteps,
      artifacts: partial.artifacts ?? {},
      error: partial.error,
      errorCode: partial.errorCode,
    });
  }
}

export function runFlow(options: RunOptions): Promise<RunResult> {
  return new FlowRun(options).run();
}
