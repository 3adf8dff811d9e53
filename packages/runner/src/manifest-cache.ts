import { readFileSync } from "node:fs";
import { manifestPath } from "@agent-verify/contract/constants";
import { cachedParse } from "@agent-verify/contract/validated-cache";
import type { Manifest } from "@agent-verify/contract";

/**
 * loadManifest without loading zod and yaml when this manifest text was validated
 * before (see validated-cache); errors are exactly loadManifest's.
 */
export async function loadManifestCached(dir: string): Promise<Manifest> {
  const file = manifestPath(dir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    const { loadManifest } = await import("@agent-verify/contract");
    return loadManifest(dir);
  }
  return cachedParse({
    root: dir,
    kind: "manifest",
    text,
    validators: ["manifest.js"],
    parse: async () => (await import("@agent-verify/contract")).parseManifest(text, file),
  });
}
