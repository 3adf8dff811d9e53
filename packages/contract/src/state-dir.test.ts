import { expect, it } from "vitest";
import { stateDir } from "./state-dir.js";

it("lives in VERIFY_STATE_DIR, else $XDG_STATE_HOME/agent-verify, else ~/.local/state/agent-verify", () => {
  expect(stateDir({ VERIFY_STATE_DIR: "/s", XDG_STATE_HOME: "/x", HOME: "/h" })).toBe("/s");
  expect(stateDir({ XDG_STATE_HOME: "/x", HOME: "/h" })).toBe("/x/agent-verify");
  expect(stateDir({ XDG_STATE_HOME: "relative", HOME: "/h" })).toBe("/h/.local/state/agent-verify");
  expect(stateDir({ HOME: "/h" })).toBe("/h/.local/state/agent-verify");
});
