import {
  ConfigError,
  GatesConfigSchema,
  parseYamlConfig,
  type GatesConfig,
} from "@agent-verify/contract";
import { GatesError, GatesErrorCode } from "./errors.js";

// The only module that loads zod and yaml for the config; config-cache.ts imports it on a
// cache miss only.

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

/** The config a text says (undefined: no config file, the defaults); errors name the line. */
export function parseConfig(text: string | undefined, file: string): GatesConfig {
  return text === undefined ? defaultConfig() : parse(text, file);
}
