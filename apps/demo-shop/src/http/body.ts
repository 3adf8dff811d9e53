import type { IncomingMessage } from "node:http";

const MAX_BODY_BYTES = 64 * 1024;

/** A request body the server will not read; `status` is the HTTP status to answer with. */
export class BodyError extends Error {
  override readonly name = "BodyError";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export type Fields = Record<string, unknown>;

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, "Request body is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function mediaType(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Reads a JSON object body; an empty body reads as `{}`. */
export async function readJsonObject(req: IncomingMessage): Promise<Fields> {
  const text = await readText(req);
  if (text.trim() === "") return {};
  if (mediaType(req) !== "application/json") {
    throw new BodyError(415, "Send the request body as application/json");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, "Request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new BodyError(400, "Request body must be a JSON object");
  }
  return value as Fields;
}

/** Reads an HTML form post (application/x-www-form-urlencoded). */
export async function readForm(req: IncomingMessage): Promise<Fields> {
  const text = await readText(req);
  if (text !== "" && mediaType(req) !== "application/x-www-form-urlencoded") {
    throw new BodyError(415, "Send the form as application/x-www-form-urlencoded");
  }
  return Object.fromEntries(new URLSearchParams(text));
}
