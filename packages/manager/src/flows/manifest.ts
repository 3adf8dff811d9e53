import { ConfigError, loadManifest, manifestPath, type Manifest } from "@agent-verify/contract";
import { ManagerError, ManagerErrorCode } from "../errors.js";

/** Load DIR/.verify/workflows.yaml; every problem becomes a one-line ManagerError. */
export function readManifest(dir: string): Manifest {
  try {
    return loadManifest(dir);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (error.code === "manifest_missing") {
      throw new ManagerError(
        ManagerErrorCode.ManifestMissing,
        `no manifest: ${manifestPath(dir)} not found`,
        {
          hint: "create .verify/workflows.yaml (version, runner_command with {flow}, flows) or pass --dir",
          cause: error,
        },
      );
    }
    throw new ManagerError(ManagerErrorCode.ManifestInvalid, error.message, {
      hint: error.hint ?? "fix the field named above in .verify/workflows.yaml",
      cause: error,
    });
  }
}
