import { writeFileSync } from "node:fs";
import type { Artifacts, StepResult } from "@agent-verify/contract";
import { redact } from "@agent-verify/contract/redact";
import type { BrowserSession } from "../browser/session.js";
import { renderErrorContext } from "./error-context.js";
import type { ArtifactDir } from "./paths.js";

export interface FailureInput {
  /** The whole error text (the JSON keeps a short form; error-context.md keeps this). */
  error: string;
  failingStep: string | undefined;
  steps: readonly StepResult[];
  keepTrace: boolean;
  captureBudgetMs: number;
  traceBudgetMs: number;
}

/** What a run leaves behind: a trace on pass when asked, the full evidence on failure. */
export class FlowEvidence {
  constructor(
    private readonly session: BrowserSession,
    private readonly dir: ArtifactDir,
    private readonly flow: string,
  ) {}

  async onPass(keepTrace: boolean, budgetMs: number): Promise<Artifacts> {
    // Stopped either way: a trace never stopped leaves Playwright's temp folder for its
    // call stacks (playwright-tracing-*) behind, one per run.
    const trace = await this.session.finishTrace(
      keepTrace,
      () => this.dir.file("trace.zip"),
      budgetMs,
    );
    return trace ? { dir: this.dir.path, trace } : {};
  }

  /** Screenshot, URL, ARIA snapshot, trace, page evidence and error-context.md. */
  async onFailure(input: FailureInput): Promise<Artifacts> {
    const dir = this.dir;
    const capture = await this.session.captureFailure(
      () => dir.file(`${this.flow}.png`),
      input.captureBudgetMs,
    );
    const trace = await this.session.finishTrace(
      input.keepTrace,
      () => dir.file("trace.zip"),
      input.traceBudgetMs,
    );
    const { consoleErrors, pageErrors, failedRequests } = this.session.evidence;
    const errorContext = dir.file("error-context.md");
    writeFileSync(
      errorContext,
      redact(
        renderErrorContext({
          flow: this.flow,
          failingStep: input.failingStep,
          error: input.error,
          url: capture.url,
          ariaSnapshot: capture.ariaSnapshot,
          screenshot: capture.screenshot,
          trace,
          consoleErrors,
          pageErrors,
          failedRequests,
          steps: input.steps,
        }),
      ),
    );
    const artifacts: Artifacts = { dir: dir.path, error_context: errorContext };
    if (capture.screenshot) artifacts.screenshot = capture.screenshot;
    if (capture.url) artifacts.url_at_failure = capture.url;
    if (trace) artifacts.trace = trace;
    if (consoleErrors.length > 0) artifacts.console_errors = [...consoleErrors];
    if (failedRequests.length > 0) artifacts.failed_requests = [...failedRequests];
    if (pageErrors.length > 0) artifacts.page_errors = [...pageErrors];
    return artifacts;
  }
}
