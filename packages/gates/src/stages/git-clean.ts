import { isProductFile } from "@agent-verify/contract/product-files";
import { finding, outcome, type Stage } from "../context.js";
import { git } from "../git.js";

/** Stage 9 (post-commit mode): everything is committed, but for what agent-verify itself wrote. */
export const gitClean: Stage = async (ctx) => {
  const status = await git(ctx.root, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  const entries = status.split("\0");
  const dirty: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? "";
    if (entry.length <= 3) continue;
    // A rename or copy is followed by its source path as a separate entry.
    if (entry[0] === "R" || entry[0] === "C") i += 1;
    const path = entry.slice(3);
    if (!isProductFile(path) && !ctx.change.own.includes(path)) dirty.push(path);
  }
  return outcome(
    dirty.map((path) =>
      finding(
        "git-clean",
        path,
        null,
        "uncommitted",
        `${path} is not committed`,
        "commit or remove it",
      ),
    ),
  );
};
