import { GATE_STAGES, GATES_EXIT_CODE_BY_STATUS } from "@agent-verify/contract";
import { expect, it } from "vitest";
import * as light from "./stage-names.js";

it("the zod-free copies of the contract's constants agree with the contract", () => {
  expect(light.GATE_STAGES).toEqual(GATE_STAGES);
  expect(light.GATES_EXIT_CODE_BY_STATUS).toEqual(GATES_EXIT_CODE_BY_STATUS);
});
