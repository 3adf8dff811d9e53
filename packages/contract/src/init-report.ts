import { z } from "zod";

/** What `verify-runner init` prints: which files it wrote, which it kept, what it guessed. */
export const InitReportSchema = z.strictObject({
  schema_version: z.literal(1),
  /** The repository folder init ran in (absolute). */
  dir: z.string(),
  /** Files written now, relative to `dir`. */
  created: z.array(z.string()),
  /** Files that already existed and were left untouched, relative to `dir`. */
  kept: z.array(z.string()),
  /** Lines appended to `.gitignore` (empty when it already had them all). */
  gitignore_added: z.array(z.string()),
  /** What the manifest says (or would say, when an existing one was kept). */
  runner_command: z.string(),
  base_url: z.string(),
  /** Where base_url and web_server came from, in one line. */
  app_source: z.string(),
  warnings: z.array(z.string()),
});
export type InitReport = z.infer<typeof InitReportSchema>;
