import type { Collector } from "../evidence.js";
import { acceptance } from "./acceptance.js";
import { flows } from "./flows.js";
import { gates } from "./gates.js";

/** Every collector in order; a setup problem stops the ones after it. */
export const COLLECTORS: ReadonlyArray<readonly [string, Collector]> = [
  ["gates", gates],
  ["flows", flows],
  ["acceptance", acceptance],
];
