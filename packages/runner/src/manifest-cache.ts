import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { manifestPath } from "@agent-verify/contract/constants";
import type { Manifest } from "@agent-verify/contract";

// `--list` must start about as fast as `node -e 0`, and loading zod + yaml costs
// more than Node's own boot. A manifest already validated is kept as JSON, keyed by
// a hash of its text and of the contract code that validated it (like ESLint's
// --cache), so an unchanged manifest is read without either library.

function contractFingerprint(): string {
  const constants = fileURLToPath(import.meta.resolve("@agent-verify/contract/constants"));
  const folder = dirname(constants);
  return ["manifest.js", "yaml-config.js", "names.js"]
    .map((file) => {
      try {
        return readFileSync(join(folder, file), "utf8");
      } catch {
        return file;
      }
    })
    .join("\0");
}

function cacheFolder(dir: string): string {
  const modules = join(dir, "node_modules");
  return existsSync(modules)
    ? join(modules, ".cache", "agent-verify")
    : join(tmpdir(), "agent-verify-cache");
}

/** loadManifest with a validated-JSON cache; errors are exactly loadManifest's. */
export async function loadManifestCached(dir: string): Promise<Manifest> {
  const file = manifestPath(dir);
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    const { loadManifest } = await import("@agent-verify/contract");
    return loadManifest(dir);
  }
  const key = createHash("sha256")
    .update(file)
    .update("\0")
    .update(text)
    .update("\0")
    .update(contractFingerprint());
  const cached = join(cacheFolder(dir), `manifest-${key.digest("hex").slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, "utf8")) as Manifest;
  } catch {
    // Not cached yet: validate below.
  }
  const { parseManifest } = await import("@agent-verify/contract");
  const manifest = parseManifest(text, file);
  try {
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(cached, JSON.stringify(manifest));
  } catch {
    // A read-only tree just means no cache.
  }
  return manifest;
}
