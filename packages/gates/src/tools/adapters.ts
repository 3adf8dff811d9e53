import type { ToolAdapter } from "./adapter.js";
import { BIOME } from "./biome.js";
import type { ToolCommand } from "./command.js";
import { ESLINT } from "./eslint.js";
import { programOf } from "./known.js";
import { OXFMT } from "./oxfmt.js";
import { OXLINT } from "./oxlint.js";
import { PLAIN } from "./plain.js";
import { PRETTIER } from "./prettier.js";
import { TSC, TSGO, VUE_TSC } from "./tsc.js";
import { XO } from "./xo.js";

/** Checking tools gates reads, by program name. */
export const ADAPTERS: Readonly<Record<string, ToolAdapter>> = {
  tsc: TSC,
  tsgo: TSGO,
  "vue-tsc": VUE_TSC,
  eslint: ESLINT,
  xo: XO,
  oxlint: OXLINT,
  biome: BIOME,
  prettier: PRETTIER,
  oxfmt: OXFMT,
};

/** The adapter of the program a command runs; a program gates does not know runs plain. */
export const adapterFor = (command: ToolCommand): ToolAdapter =>
  ADAPTERS[programOf(command)] ?? PLAIN;
