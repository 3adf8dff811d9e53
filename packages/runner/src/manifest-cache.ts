import { readConfigText } from "@agent-verify/contract/config-file";
import { manifestPath } from "@agent-verify/contract/constants";
import { cachedParse } from "@agent-verify/contract/validated-cache";
import type { Manifest } from "@agent-verify/contract";

/**
 * loadManifest without loading zod and yaml when this manifest text was validated
 * before (see validated-cache); errors are exactly loadManifest's.
 */
export async function loadManifestCached(dir: string): Promise<Manifest> {
  const file = manifestPath(dir);
  // Zod-free too: a missing, oversized or non-regular file is refused before parsing.
  const text = readConfigText(file);
  return cachedParse({
    kind: "manifest",
    text,
    validators: ["manifest.js"],
    parse: async () => (await import("@agent-verify/contract")).parseManifest(text, file),
  });
}
