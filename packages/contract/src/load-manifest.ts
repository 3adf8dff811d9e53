import { join } from "node:path";
import { ManifestSchema, type Manifest } from "./manifest.js";
import { parseYamlConfig, readYamlConfig } from "./yaml-config.js";

export const MANIFEST_PATH = join(".verify", "workflows.yaml");

export function manifestPath(dir: string): string {
  return join(dir, MANIFEST_PATH);
}

/** Load and validate `<dir>/.verify/workflows.yaml`; throws ConfigError with file:line and field. */
export function loadManifest(dir: string): Manifest {
  return readYamlConfig(manifestPath(dir), ManifestSchema);
}

/** Validate manifest text (for tools that already hold the text). */
export function parseManifest(text: string, file = MANIFEST_PATH): Manifest {
  return parseYamlConfig(text, file, ManifestSchema);
}
