import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  ConfigError,
  GatesConfigSchema,
  parseYamlConfig,
  type GatesConfig,
} from "@agent-verify/contract";
import type { LoadedConfigs } from "./context.js";
import { showFile } from "./diff/git.js";
import { GatesError, GatesErrorCode } from "./errors.js";

export const CONFIG_PATH = ".verify/gates.yaml";

function parse(text: string, file: string): GatesConfig {
  try {
    return parseYamlConfig(text, file, GatesConfigSchema);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new GatesError(GatesErrorCode.ConfigInvalid, error.message, {
        hint: "fix the config; see the field named above",
      });
    }
    throw error;
  }
}

export const defaultConfig = (): GatesConfig => GatesConfigSchema.parse({});

export async function readWorkingConfig(
  root: string,
): Promise<{ config: GatesConfig; text: string | undefined }> {
  const text = await readFile(join(root, CONFIG_PATH), "utf8").catch(() => undefined);
  return { config: text === undefined ? defaultConfig() : parse(text, CONFIG_PATH), text };
}

export async function readBaseConfig(
  root: string,
  commit: string,
  ref: string,
): Promise<GatesConfig> {
  const text = await showFile(root, commit, CONFIG_PATH);
  return text === undefined ? defaultConfig() : parse(text, `${ref}:${CONFIG_PATH}`);
}

const minDefined = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

function allowOf(base: GatesConfig, working: GatesConfig): { allow?: string[] } {
  if (!working.scope.allow) return base.scope.allow ? { allow: base.scope.allow } : {};
  const allow = working.scope.allow.filter(
    (glob) => !base.scope.allow || base.scope.allow.includes(glob),
  );
  return { allow };
}

/** A change cannot loosen the gate that judges it: numbers take the stricter side, lists the base's too. */
export function strictest(base: GatesConfig, working: GatesConfig): GatesConfig {
  const changedMin = [base.coverage.changed_lines_min, working.coverage.changed_lines_min].filter(
    (v) => v !== undefined,
  );
  return {
    ...working,
    crap_threshold: Math.min(base.crap_threshold, working.crap_threshold),
    diff_budget: minDefined(base.diff_budget, working.diff_budget),
    coverage: changedMin.length > 0 ? { changed_lines_min: Math.max(...changedMin) } : {},
    scope: {
      ...allowOf(base, working),
      block: [...new Set([...base.scope.block, ...working.scope.block])],
    },
    secrets: { allow: working.secrets.allow.filter((entry) => base.secrets.allow.includes(entry)) },
    exclude: working.exclude.filter((glob) => base.exclude.includes(glob)),
    judge: working.judge ?? base.judge,
  };
}

export function loadedConfigs(
  base: GatesConfig,
  working: GatesConfig,
  text: string | undefined,
): LoadedConfigs {
  return { effective: strictest(base, working), working, base, workingText: text };
}
