import type { JudgedFile } from "../src/floor/judged-files.js";
import { lineDiff } from "../src/floor/line-diff.js";

/** A file of the oracle as the floor judges it, changed from `before` to `after`. */
export const judgedFile = (path: string, before: string, after: string): JudgedFile => ({
  path,
  oldPath: undefined,
  before,
  after,
  isOracle: true,
  change: undefined,
  diff: lineDiff(before, after),
});
