import { homedir } from "node:os";

/**
 * A text as a reader elsewhere should see it: the repository's absolute path becomes relative
 * (`/home/ci/app/.verify/artifacts/x.png` → `.verify/artifacts/x.png`), the home folder `~`.
 * Comments leave the machine; where the verifying machine keeps its files does not.
 */
export function withoutLocalPaths(text: string, root: string | undefined): string {
  let out = text;
  if (root !== undefined && root.length > 1) {
    const base = root.replace(/\/+$/, "");
    const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out
      .replaceAll(`file://${base}/`, "")
      .replaceAll(`${base}/`, "")
      .replace(new RegExp(`${escaped}(?![\\w.-])`, "g"), ".");
  }
  const home = homedir();
  if (home.length > 1) out = out.replaceAll(`${home.replace(/\/+$/, "")}/`, "~/");
  return out;
}
