import { expect, it } from "vitest";
import * as contract from "./index.js";

it("exports a schema for every JSON seam", () => {
  const names = Object.keys(contract);
  for (const schema of [
    "ManifestSchema",
    "FlowListSchema",
    "RunResultSchema",
    "FlowOutcomeSchema",
    "RunReportSchema",
  ]) {
    expect(names).toContain(schema);
  }
  expect(names).toContain("loadManifest");
});

it("exports a schema for every --json output of the CLIs", () => {
  const names = Object.keys(contract);
  for (const schema of [
    "FailuresSchema",
    "GateTestCaseSchema",
    "ListOutputSchema",
    "TicketLogSchema",
    "DoctorReportSchema",
    "DeliverableResultSchema",
    "IssueVerificationSchema",
    "LoopStatusSchema",
    "BatchPlanSchema",
  ]) {
    expect(names).toContain(schema);
  }
});
