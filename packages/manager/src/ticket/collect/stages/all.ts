import type { Collector } from "../evidence.js";
import { acceptance } from "./acceptance.js";
import { deliverable } from "./deliverable.js";
import { flows } from "./flows.js";
import { gates } from "./gates.js";
import { uiSmoke } from "./ui-smoke.js";

/** Every collector in order; a setup problem stops the ones after it. */
export const COLLECTORS: ReadonlyArray<readonly [string, Collector]> = [
  ["deliverable", deliverable],
  ["gates", gates],
  ["flows", flows],
  ["acceptance", acceptance],
  ["ui-smoke", uiSmoke],
];
