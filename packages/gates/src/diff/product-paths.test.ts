import { join } from "node:path";
import { isProductFile } from "@agent-verify/contract/product-files";
import { expect, it } from "vitest";
import { LEGACY_LOOP_FILE, LOOP_DIR, LOOP_LOG, loopFileName } from "../loop/loop-file.js";
import { SESSION_RECORD } from "../loop/session-record.js";
import { CRAP_REPORT } from "../stages/crap-report.js";
import { STAMP_PATH } from "../stamp.js";

// Issue 33 §1: every file verify-gates and the agent loop write in the repository is in the
// contract's list of product files, so none of them is ever taken for the change.
it("every path gates and the agent loop write is one of agent-verify's product files", () => {
  const loop = join(LOOP_DIR, loopFileName({ session: "s-1", agent: "a/b" }));
  const written = [
    join(".verify", "gates.json"),
    join(".verify", "summary.txt"),
    STAMP_PATH,
    CRAP_REPORT,
    LOOP_LOG,
    LEGACY_LOOP_FILE,
    `${LEGACY_LOOP_FILE}.4242.ab12cd34.tmp`,
    join(LOOP_DIR, loopFileName({ session: "s-1" })),
    loop,
    `${loop}.4242.ab12cd34.tmp`,
    SESSION_RECORD,
    `${SESSION_RECORD}.4242.ab12cd34.tmp`,
  ];
  expect(written.filter((path) => !isProductFile(path))).toEqual([]);
});
