import { expect, it } from "vitest";
import * as api from "./index.js";

it("pins the public exports", () => {
  expect(Object.keys(api).sort()).toEqual([
    "GatesError",
    "GatesErrorCode",
    "InternalError",
    "MAX_SUMMARY_LINES",
    "VERSION",
    "aggregateVerdicts",
    "checkDeliverable",
    "escalateLoop",
    "installHook",
    "loopStatus",
    "parseCriteria",
    "parseTaskFile",
    "renderSummary",
    "runGates",
    "runHook",
    "startLoop",
    "stopLoop",
    "verdictsFromText",
    "verdictsFromValue",
  ]);
});
