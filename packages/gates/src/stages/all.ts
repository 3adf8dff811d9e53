import type { GateStage } from "@agent-verify/contract";
import type { Stage } from "../context.js";
import { crap } from "./crap.js";
import { floor } from "./floor.js";
import { format } from "./format.js";
import { gitClean } from "./git-clean.js";
import { judge } from "./judge.js";
import { lint } from "./lint.js";
import { scope } from "./scope.js";
import { secrets } from "./secrets.js";
import { tests } from "./tests.js";
import { typecheck } from "./typecheck.js";

/** Every stage in order; imported by the run only once the stamp did not match. */
export const STAGES: ReadonlyArray<readonly [GateStage, Stage]> = [
  ["floor", floor],
  ["scope", scope],
  ["secrets", secrets],
  ["typecheck", typecheck],
  ["lint", lint],
  ["format", format],
  ["tests", tests],
  ["crap", crap],
  ["judge", judge],
  ["git-clean", gitClean],
];
