import { MANIFEST_PATH, manifestPath } from "./constants.js";
import { ManifestSchema, type Manifest } from "./manifest.js";
import { parseYamlConfig, readYamlConfig } from "./yaml-config.js";

export { MANIFEST_PATH, manifestPath };

/** Load and validate `<dir>/.verify/workflows.yaml`; throws ConfigError with file:line and field. */
export function loadManifest(dir: string): Manifest {
  return readYamlConfig(manifestPath(dir), ManifestSchema);
}

/** Validate manifest text (for tools that already hold the text). */
export function parseManifest(text: string, file = MANIFEST_PATH): Manifest {
  return parseYamlConfig(text, file, ManifestSchema);
}
