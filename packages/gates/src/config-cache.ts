import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { GatesConfig } from "@agent-verify/contract";
import { cachedParse } from "@agent-verify/contract/validated-cache";
import { showFile } from "./git.js";

export const CONFIG_PATH = ".verify/gates.yaml";

/**
 * The validated config of a raw text (undefined: no config file, the defaults), read
 * without zod and yaml when the same text was validated before, so that a stamp hit
 * stays fast. The stamp still hashes the resolved config, whichever way it was read.
 */
export function resolveConfig(text: string | undefined, label: string): Promise<GatesConfig> {
  return cachedParse({
    kind: "gates-config",
    text,
    validators: ["gates-config.js"],
    parse: async () => (await import("./config.js")).parseConfig(text, label),
  });
}

export async function readWorkingConfig(
  root: string,
): Promise<{ config: GatesConfig; text: string | undefined }> {
  const text = await readFile(join(root, CONFIG_PATH), "utf8").catch(() => undefined);
  return { config: await resolveConfig(text, CONFIG_PATH), text };
}

export async function readBaseConfig(
  root: string,
  commit: string,
  ref: string,
): Promise<GatesConfig> {
  const text = await showFile(root, commit, CONFIG_PATH);
  return resolveConfig(text, `${ref}:${CONFIG_PATH}`);
}
