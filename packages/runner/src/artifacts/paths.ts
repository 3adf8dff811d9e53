import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";

/** `<VERIFY_ARTIFACTS_DIR or <dir>/.verify/artifacts>/<flow>/<run-id>/`, created on first use. */
export class ArtifactDir {
  readonly path: string;
  private created = false;

  constructor(dir: string, flow: string, env: NodeJS.ProcessEnv = process.env) {
    const base = env.VERIFY_ARTIFACTS_DIR
      ? resolve(env.VERIFY_ARTIFACTS_DIR)
      : resolve(dir, ".verify", "artifacts");
    const runId = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
    this.path = join(base, flow, runId);
  }

  file(name: string): string {
    if (!this.created) {
      mkdirSync(this.path, { recursive: true });
      this.created = true;
    }
    return join(this.path, name);
  }

  get exists(): boolean {
    return this.created;
  }
}
