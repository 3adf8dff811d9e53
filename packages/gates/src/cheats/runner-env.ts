import type { GateFinding } from "@agent-verify/contract";
import { finding } from "../context.js";
import type { ChangedSource } from "./source-files.js";

/** Variables only a test runner sets: code that reads them behaves one way under test. */
const RUNNER_VARIABLE =
  /\b(?:process\.env|import\.meta\.env)\s*(?:\.\s*|\[\s*["'`])(VITEST(?:_[A-Z_]+)?|JEST_WORKER_ID|JEST_[A-Z_]+|NODE_TEST_CONTEXT|MOCHA_[A-Z_]+|AVA_PATH)\b/;
/** `NODE_ENV === "test"` (either side, any equality), `MODE === "test"` of Vite. */
const TEST_MODE =
  /\b(?:NODE_ENV|MODE)["'`]?\s*\]?\s*[!=]==?\s*["'`]test["'`]|["'`]test["'`]\s*[!=]==?\s*(?:process\.env|import\.meta\.env)\s*(?:\.\s*|\[\s*["'`])(?:NODE_ENV|MODE)\b/;
const COMMENT = /^\s*(?:\/\/|\/?\*)/;

export const RUNNER_ENV_HINT =
  "the code must behave the same under test as in use: remove the branch on the test runner";

/** Added lines of code that branch on a test runner's environment (`process.env.VITEST`, …). */
export function runnerEnvFindings(source: ChangedSource): GateFinding[] {
  const out: GateFinding[] = [];
  for (const [line, text] of source.added) {
    if (COMMENT.test(text)) continue;
    const match = RUNNER_VARIABLE.exec(text) ?? TEST_MODE.exec(text);
    if (!match) continue;
    out.push(
      finding(
        "floor",
        source.path,
        line,
        "test-runner-branch",
        `new code reads the test runner's environment: ${match[0].trim()}`,
        RUNNER_ENV_HINT,
      ),
    );
  }
  return out;
}
