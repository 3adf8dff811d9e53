import { z } from "zod";

/**
 * What `verify-runner --browser-server` prints once its browser is up: the endpoint that
 * runners connect to (VERIFY_BROWSER_WS_ENDPOINT), or why there is none. The process then
 * stays up until its stdin ends or stays silent for its idle timeout.
 */
export const BrowserServerInfoSchema = z.strictObject({
  schema_version: z.literal(1),
  ok: z.boolean(),
  ws_endpoint: z.string().optional(),
  /** The browser's pid, so that a supervisor can make sure it is gone. */
  browser_pid: z.number().int().positive().optional(),
  error: z.string().optional(),
});
export type BrowserServerInfo = z.infer<typeof BrowserServerInfoSchema>;
