import { z } from "zod";
import { BrowserCheckSchema } from "./browser-check.js";

// What a reader (verify-manager doctor) accepts from any runner's `--check-browser`:
// runners in other languages or newer versions may add fields, so unknown ones are
// ignored and schema_version may be absent.
export const BrowserCheckInputSchema = BrowserCheckSchema.extend({
  schema_version: z.number().optional(),
}).loose();
export type BrowserCheckInput = z.infer<typeof BrowserCheckInputSchema>;
