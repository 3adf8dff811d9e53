import { createHash } from "node:crypto";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mac, openStore } from "../state/signed-store.js";
import { writeAtomic } from "../state/store.js";
import type { ToolCommand } from "./command.js";
import { wordsOf } from "./known.js";

/** Flags that already decide tsc's build info, or a build mode it belongs to: left as they are. */
const OWN = /^(?:-b|--build|--incremental|--tsBuildInfoFile|--composite|--watch|-w)(?:=|$)/;

export interface Incremental {
  /** tsc's extra arguments: `--incremental --tsBuildInfoFile <a private copy>`. */
  args: string[];
  /** After the run: keep the build info, signed, for the next one (only when the run completed). */
  done: (completed: boolean) => Promise<void>;
}

/**
 * tsc's build info kept between runs in the user's state folder (`<state>/gates/<repo>/tsc/`),
 * with an HMAC by the loop key beside it: tsc trusts its build info's cached diagnostics, so one
 * written by anything else (the agent under check can write files) is never used — the check
 * starts from scratch. Each run works on a private copy. Undefined when the command sets its own
 * build mode, or the state folder cannot be used (the run is a full check, as before).
 */
export async function tscIncremental(
  root: string,
  command: ToolCommand,
  env: NodeJS.ProcessEnv,
): Promise<Incremental | undefined> {
  if (wordsOf(command).some((w) => OWN.test(w))) return undefined;
  const store = await openStore(root, env).catch(() => undefined);
  if (!store) return undefined;
  const name = createHash("sha256").update(`${root}\0${command.text}`).digest("hex").slice(0, 24);
  const kept = join(store.dir, "tsc", `${name}.tsbuildinfo`);
  const signature = `${kept}.mac`;
  const work = await mkdtemp(join(tmpdir(), "verify-gates-tsc-"));
  const copy = join(work, "tsconfig.tsbuildinfo");
  const [info, given] = await Promise.all([
    readFile(kept, "utf8").catch(() => undefined),
    readFile(signature, "utf8").catch(() => undefined),
  ]);
  if (info !== undefined && given?.trim() === mac(store.key, info)) await copyFile(kept, copy);
  return {
    args: ["--incremental", "--tsBuildInfoFile", copy],
    done: async (completed) => {
      try {
        const fresh = completed ? await readFile(copy, "utf8").catch(() => undefined) : undefined;
        if (fresh === undefined) return;
        await writeAtomic(kept, fresh);
        await writeAtomic(signature, `${mac(store.key, fresh)}\n`);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
