import { join } from "node:path";
import { isProductFile } from "@agent-verify/contract/product-files";
import { expect, it } from "vitest";
import { LOOP_LOG } from "../loop/loop-file.js";
import { CRAP_REPORT } from "../stages/crap-report.js";
import { STAMP_PATH } from "../stamp.js";

// Issue 33 §1: every file verify-gates and the agent loop write in the repository is in the
// contract's list of product files, so none of them is ever taken for the change.
it("every path gates and the agent loop write is one of agent-verify's product files", () => {
  // The loops themselves live in the user's state folder (out of the tree); what older
  // versions left in the tree is still the product's, never the change's.
  const written = [
    join(".verify", "gates.json"),
    join(".verify", "summary.txt"),
    STAMP_PATH,
    CRAP_REPORT,
    LOOP_LOG,
    ".verify/agent-loop.json",
    ".verify/agent-loop.json.4242.ab12cd34.tmp",
    ".verify/agent-loops/s-1.json",
  ];
  expect(written.filter((path) => !isProductFile(path))).toEqual([]);
});
