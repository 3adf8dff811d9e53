import { z } from "zod";

/** What `verify-runner --check-browser` prints: the browser a run would use, and whether it starts. */
export const BrowserCheckSchema = z.strictObject({
  schema_version: z.literal(1),
  ok: z.boolean(),
  /** Where the choice came from: VERIFY_BROWSER_PATH, browser.executable_path, playwright, PATH (...), a ws endpoint. */
  source: z.string().optional(),
  executable_path: z.string().optional(),
  ws_endpoint: z.string().optional(),
  version: z.string().optional(),
  error: z.string().optional(),
  hint: z.string().optional(),
});
export type BrowserCheck = z.infer<typeof BrowserCheckSchema>;
