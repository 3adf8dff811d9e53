import { join } from "node:path";
import { isProductFile } from "@agent-verify/contract/product-files";
import { expect, it } from "vitest";
import { ESCALATIONS_DIR } from "./apply/escalation-file.js";
import { LOCK_FILE } from "./batch/batch-lock.js";
import { STATUS_FILE } from "./batch/loop-status-file.js";
import { LOG_FILE } from "./record/verify-log.js";
import { PENDING_WRITE_FILE } from "./ticket-tracker.js";
import { LOOP_WRITES } from "./trust/preflight.js";

// Issue 33 §1: every file the ticket loop writes in a project is in the contract's list of
// product files, so gates never takes one for a ticket's change.
it("every path the manager writes in a project is one of agent-verify's product files", () => {
  const written = [
    ...LOOP_WRITES,
    LOG_FILE,
    STATUS_FILE,
    `${STATUS_FILE}.4242.ab12cd34.tmp`,
    LOCK_FILE,
    `${LOCK_FILE}.4242.ab12cd34.stale`,
    PENDING_WRITE_FILE,
    `${PENDING_WRITE_FILE}.4242.tmp`,
    join(ESCALATIONS_DIR, "bd-12.md"),
    join(ESCALATIONS_DIR, "bd-12.md.4242.ab12cd34ef56.tmp"),
    join("apps", "web", LOG_FILE),
  ];
  expect(written.filter((path) => !isProductFile(path))).toEqual([]);
});
