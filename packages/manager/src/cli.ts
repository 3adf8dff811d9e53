import { resolve } from "node:path";
import { parseArgs, type ParsedArgs } from "./args.js";
import { isManagerError } from "./errors.js";
import { writeStderr, writeStdout } from "./output.js";
import { msFromEnv } from "./supervise/env-ms.js";

export { parseArgs } from "./args.js";

type CliStatus = "passed" | "failed" | "setup" | "usage";

/** The one place exit codes are decided. */
export const EXIT_CODE_BY_STATUS: Record<CliStatus, number> = {
  passed: 0,
  failed: 1,
  setup: 2,
  usage: 2,
};

/** Operators (and tests) may shorten or lengthen the supervision graces. */
function graces(env: NodeJS.ProcessEnv): { timeoutGraceMs?: number; killGraceMs?: number } {
  const read = (name: string) => msFromEnv(env, name);
  const out: { timeoutGraceMs?: number; killGraceMs?: number } = {};
  const timeoutGraceMs = read("VERIFY_TIMEOUT_GRACE_MS");
  const killGraceMs = read("VERIFY_KILL_GRACE_MS");
  if (timeoutGraceMs !== undefined) out.timeoutGraceMs = timeoutGraceMs;
  if (killGraceMs !== undefined) out.killGraceMs = killGraceMs;
  return out;
}

async function execute(
  args: Exclude<ParsedArgs, { kind: "help" | "usage_error" }>,
  signal: AbortSignal,
): Promise<CliStatus> {
  const dir = resolve(args.dir);
  graces(process.env); // a bad grace is refused before any child starts
  // `--list` starts before zod and yaml load (they take as long as it does); see early-list.ts.
  const early =
    args.kind === "doctor" || args.kind === "log" || args.kind === "issues" || args.kind === "mcp"
      ? null
      : (await import("./flows/early-list.js")).startEarlyList(dir, process.env, signal);
  // Heavy modules load inside the action so `--help` stays fast.
  const api = await import("./index.js");
  switch (args.kind) {
    case "list": {
      let flows;
      try {
        flows = await api.listFlows(dir, api.readManifest(dir), { signal, early });
      } finally {
        early?.cancel();
      }
      if (args.json) writeStdout(JSON.stringify({ schema_version: 1, flows }, null, 2));
      else {
        const rows = flows.map((f) => [
          f.name,
          f.implemented ? "yes" : "no",
          `${f.timeout_s ?? 60}s`,
          f.tags.join(","),
          f.description,
        ]);
        writeStdout(
          api.table([["FLOW", "IMPLEMENTED", "TIMEOUT", "TAGS", "DESCRIPTION"], ...rows]),
        );
      }
      return "passed";
    }
    case "run": {
      const report = await api.runFlows({
        dir,
        names: args.flows,
        tags: args.tags,
        all: args.all,
        jobs: args.jobs,
        progress: api.stderrProgress(),
        signal,
        early,
        ...graces(process.env),
      });
      writeStdout(args.json ? JSON.stringify(report, null, 2) : api.formatSummary(report));
      return api.verdictOf(report);
    }
    case "issue": {
      const result = await api.verifyIssue({
        dir,
        id: args.id,
        dryRun: args.dryRun,
        jobs: args.jobs,
        retryBudget: args.retryBudget,
        progress: api.stderrProgress(),
        signal,
        early,
        ...graces(process.env),
      });
      writeStdout(args.json ? JSON.stringify(result, null, 2) : api.formatVerification(result));
      return result.verdict;
    }
    case "issues": {
      const result = await api.verifyBatch({
        dir,
        labels: args.labels,
        status: args.status,
        limit: args.limit,
        restart: args.restart,
        jobs: args.jobs,
        retryBudget: args.retryBudget,
        progress: api.stderrProgress(),
        warn: writeStderr,
        signal,
        ...graces(process.env),
      });
      if (result.status !== null) {
        writeStdout(
          args.json ? JSON.stringify(result.status, null, 2) : api.formatLoopStatus(result.status),
        );
      }
      if (result.halt !== null) {
        writeStderr(`HALT blocked: ${result.halt}`);
        return "setup";
      }
      const states = result.status?.tickets.map((t) => t.state) ?? [];
      return states.every((state) => state === "passed") ? "passed" : "failed";
    }
    case "log": {
      const history = api.readTicketLog(dir, args.id);
      for (const line of history.problems)
        writeStderr(`verify-manager: warning: ${line} (ignored)`);
      writeStdout(
        args.json
          ? JSON.stringify(
              { schema_version: 1, ticket: args.id, entries: history.entries },
              null,
              2,
            )
          : api.formatHistory(args.id, history.entries),
      );
      return "passed";
    }
    case "mcp": {
      const { serveMcp } = await import("./mcp/server.js");
      await serveMcp({ dir, signal });
      return "passed";
    }
    case "doctor": {
      const report = await api.doctor({ dir });
      writeStdout(args.json ? JSON.stringify(report, null, 2) : api.formatDoctor(report));
      return report.ok ? "passed" : "setup";
    }
  }
}

/** argv → side effects → exit code; never calls process.exit. */
export async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.kind === "help") {
    (args.isError ? writeStderr : writeStdout)(args.text);
    return args.isError ? EXIT_CODE_BY_STATUS.usage : 0;
  }
  if (args.kind === "usage_error") {
    writeStderr(`verify-manager: ${args.message}\nRun verify-manager --help for usage.`);
    return EXIT_CODE_BY_STATUS.usage;
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return EXIT_CODE_BY_STATUS[await execute(args, controller.signal)];
  } catch (error) {
    if (!isManagerError(error)) throw error;
    writeStderr(`verify-manager: ${error.message}${error.hint ? `\nhint: ${error.hint}` : ""}`);
    return EXIT_CODE_BY_STATUS.setup;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeStderr(
      `verify-manager: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = EXIT_CODE_BY_STATUS.setup;
  },
);
