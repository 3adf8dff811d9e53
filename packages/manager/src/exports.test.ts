import { expect, it } from "vitest";
import * as manager from "./index.js";

// The public API: adding or removing an export is a decision, not an accident.
it("pins the public exports", () => {
  expect(Object.keys(manager).sort()).toEqual([
    "BdTracker",
    "FlowCatalog",
    "InternalError",
    "ManagerError",
    "ManagerErrorCode",
    "admitFlow",
    "autoJobs",
    "buildReport",
    "classifyRun",
    "createMcpServer",
    "doctor",
    "durationsFrom",
    "findVerifySections",
    "fingerprint",
    "formatDoctor",
    "formatHistory",
    "formatLoopStatus",
    "formatSummary",
    "formatVerification",
    "grepFlows",
    "isManagerError",
    "listFlows",
    "matchesTags",
    "mergeReports",
    "parseCommentReport",
    "parseShard",
    "parseVerifyText",
    "readManifest",
    "readReportFile",
    "readTicketLog",
    "redact",
    "renderComment",
    "renderHtml",
    "renderJunit",
    "requestedFlows",
    "runChild",
    "runFlows",
    "secretValues",
    "selectFlows",
    "serveMcp",
    "shardFlows",
    "shellQuote",
    "silentProgress",
    "stderrProgress",
    "substituteFlow",
    "summarize",
    "superviseFlows",
    "table",
    "tagGroups",
    "ticketTracker",
    "verdictOf",
    "verifyBatch",
    "verifyTicket",
    "writeReporters",
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
