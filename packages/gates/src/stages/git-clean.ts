import picomatch from "picomatch";
import { finding, outcome, type Stage } from "../context.js";
import { OWN_OUTPUTS } from "../diff/change.js";
import { git } from "../diff/git.js";

/** Stage 9 (post-commit mode): everything is committed. */
export const gitClean: Stage = async (ctx) => {
  const isOwn = picomatch(OWN_OUTPUTS, { dot: true });
  const status = await git(ctx.root, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  const dirty = status
    .split("\0")
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3))
    .filter((path) => !isOwn(path));
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
