import { extname } from "node:path";

const TEXT = "; charset=utf-8";

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ".html": `text/html${TEXT}`,
  ".htm": `text/html${TEXT}`,
  ".js": `text/javascript${TEXT}`,
  ".mjs": `text/javascript${TEXT}`,
  ".cjs": `text/javascript${TEXT}`,
  ".css": `text/css${TEXT}`,
  ".json": `application/json${TEXT}`,
  ".map": `application/json${TEXT}`,
  ".webmanifest": `application/manifest+json${TEXT}`,
  ".txt": `text/plain${TEXT}`,
  ".md": `text/markdown${TEXT}`,
  ".csv": `text/csv${TEXT}`,
  ".xml": `application/xml${TEXT}`,
  ".svg": `image/svg+xml${TEXT}`,
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".wasm": "application/wasm",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
};

/** The Content-Type for a file name; unknown extensions are plain bytes. */
export function contentType(file: string): string {
  return BY_EXTENSION[extname(file).toLowerCase()] ?? "application/octet-stream";
}
