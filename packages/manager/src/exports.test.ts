import { expect, it } from "vitest";
import * as manager from "./index.js";

// The public API: adding or removing an export is a decision, not an accident.
it("pins the public exports", () => {
  expect(Object.keys(manager).sort()).toEqual([
    "BdTracker",
    "InternalError",
    "ManagerError",
    "ManagerErrorCode",
    "admitFlow",
    "buildReport",
    "classifyRun",
    "createMcpServer",
    "doctor",
    "findVerifySections",
    "fingerprintOf",
    "formatDoctor",
    "formatHistory",
    "formatLoopStatus",
    "formatSummary",
    "formatVerification",
    "isManagerError",
    "issueVerdict",
    "listFlows",
    "matchesTags",
    "parseCommentReport",
    "parseVerifyText",
    "readManifest",
    "readTicketLog",
    "redact",
    "renderComment",
    "requestedFlows",
    "runChild",
    "runFlows",
    "secretValues",
    "selectFlows",
    "serveMcp",
    "shellQuote",
    "silentProgress",
    "stderrProgress",
    "substituteFlow",
    "superviseFlows",
    "table",
    "tagGroups",
    "ticketTracker",
    "verdictOf",
    "verifyBatch",
    "verifyIssue",
    "verifyTicket",
  ]);
});

it("ManagerError carries code, hint and a JSON form", () => {
  const error = new manager.ManagerError(manager.ManagerErrorCode.BdMissing, "bd not found", {
    hint: "install it",
  });
  expect(error.toJSON()).toEqual({
    name: "ManagerError",
    code: "bd_missing",
    message: "bd not found",
    hint: "install it",
  });
  expect(manager.isManagerError(error)).toBe(true);
  expect(manager.isManagerError(new Error("x"))).toBe(false);
});
