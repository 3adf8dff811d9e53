import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GatesConfig } from "@agent-verify/contract";
import { showFile } from "./diff/git.js";

// A stamp hit must answer in well under the time it takes to load zod and yaml. A config
// already validated is kept as JSON, keyed by its raw text and by the contract code that
// validated it (as the runner's manifest cache), so an unchanged config is read without
// either library. The stamp still hashes the resolved config: the same whichever way it
// was read. Errors are never cached: a config that does not parse is parsed every time.

export const CONFIG_PATH = ".verify/gates.yaml";

let fingerprint: string | undefined;

function contractFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const constants = fileURLToPath(import.meta.resolve("@agent-verify/contract/constants"));
  const folder = dirname(constants);
  fingerprint = ["gates-config.js", "yaml-config.js", "errors.js"]
    .map((file) => {
      try {
        return readFileSync(join(folder, file), "utf8");
      } catch {
        return file;
      }
    })
    .join("\0");
  return fingerprint;
}

function cacheFolder(root: string): string {
  const modules = join(root, "node_modules");
  return existsSync(modules)
    ? join(modules, ".cache", "agent-verify")
    : join(tmpdir(), "agent-verify-cache");
}

/** The validated config of a raw text (undefined: no config file, the defaults). */
export async function resolveConfig(
  root: string,
  text: string | undefined,
  label: string,
): Promise<GatesConfig> {
  const key = createHash("sha256")
    .update(text === undefined ? "absent" : `text\0${text}`)
    .update("\0")
    .update(contractFingerprint())
    .digest("hex");
  const cached = join(cacheFolder(root), `gates-config-${key.slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, "utf8")) as GatesConfig;
  } catch {
    // Not cached yet: validate below.
  }
  const { parseConfig } = await import("./config.js");
  const config = parseConfig(text, label);
  try {
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(cached, JSON.stringify(config));
  } catch {
    // A read-only tree just means no cache.
  }
  return config;
}

export async function readWorkingConfig(
  root: string,
): Promise<{ config: GatesConfig; text: string | undefined }> {
  const text = await readFile(join(root, CONFIG_PATH), "utf8").catch(() => undefined);
  return { config: await resolveConfig(root, text, CONFIG_PATH), text };
}

export async function readBaseConfig(
  root: string,
  commit: string,
  ref: string,
): Promise<GatesConfig> {
  const text = await showFile(root, commit, CONFIG_PATH);
  return resolveConfig(root, text, `${ref}:${CONFIG_PATH}`);
}
