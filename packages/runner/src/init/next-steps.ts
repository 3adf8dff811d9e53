import type { InitReport } from "@agent-verify/contract";
import { CI_FILE, CI_SHARDS } from "./ci.js";
import { EXAMPLE_FLOW } from "./templates.js";

/** The getting-started guide where a user can open it (the installed package does not hold it). */
export const GETTING_STARTED_URL =
  "https://github.com/agent-verify/agent-verify/blob/main/docs/getting-started.md";

const list = (paths: readonly string[]) => (paths.length === 0 ? "(none)" : paths.join(", "));

/** The one screen init prints on stderr: what it did, then what to do next. */
export function nextSteps(report: InitReport): string {
  // The bin prefix the manifest uses (npx --no / pnpm exec / node_modules/.bin/ / bunx).
  const bin = (name: string) => report.runner_command.replace(/verify-runner \{flow\}$/, name);
  const lines = [
    `verify-runner init: .verify/ in ${report.dir}`,
    `  created    ${list(report.created)}`,
    ...(report.kept.length > 0
      ? [`  kept       ${list(report.kept)} (already there, not touched)`]
      : []),
    `  .gitignore ${report.gitignore_added.length === 0 ? "already complete" : `+${report.gitignore_added.length} lines`}`,
    `  app        ${report.base_url} — ${report.app_source}`,
    ...Object.values(CI_FILE)
      .filter((file) => report.created.includes(file))
      .map(
        (file) =>
          `  CI         ${file}: the flows in ${CI_SHARDS} shards, one merged HTML report + JUnit; red fails the job`,
      ),
    ...report.warnings.map((warning) => `  warning    ${warning}`),
    "",
    "Next steps:",
    `  ${bin("verify-runner")} --list              the catalog (${EXAMPLE_FLOW} is implemented)`,
    `  ${bin("verify-runner")} ${EXAMPLE_FLOW}          run it: one JSON object on stdout, exit 0 pass / 1 fail / 2 error`,
    "  Write page objects in .verify/src/pages (every selector) and flows in .verify/src/flows",
    "  (named steps only), and declare each flow under flows: in .verify/workflows.yaml.",
    `  ${bin("tsc")} -p .verify                   typecheck flows and page objects (needs typescript)`,
    `  ${bin("verify-manager")} run --all          every flow under hard timeouts, one verdict`,
    `  ${bin("verify-manager")} issue <id>         verify a bd ticket whose description has a Verify: list`,
    `  Docs: ${GETTING_STARTED_URL}`,
    "",
  ];
  return lines.join("\n");
}
