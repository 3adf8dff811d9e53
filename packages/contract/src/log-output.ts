import { z } from "zod";
import { VerifyLogEntrySchema } from "./verify-log.js";

/** What `verify-manager log <id> --json` prints: the ticket's attempts, oldest first. */
export const LogOutputSchema = z.strictObject({
  schema_version: z.literal(1),
  ticket: z.string(),
  entries: z.array(VerifyLogEntrySchema),
});
export type LogOutput = z.infer<typeof LogOutputSchema>;
