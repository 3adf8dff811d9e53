// The runner's built-in static server for `web_server: { static: DIR }`, run under the
// guard like a command server. Listens on 127.0.0.1 only.
// Usage: node static-server.js <folder> <port> <spa-fallback: true|false>
import { createServer } from "node:http";
import { staticHandler } from "./static-files.js";

const [root = ".", port = "0", spaFallback = "false"] = process.argv.slice(2);
let handler: ReturnType<typeof staticHandler>;
try {
  handler = staticHandler({ root, spaFallback: spaFallback === "true" });
} catch (error) {
  process.stderr.write(`static server: cannot serve ${root}: ${(error as Error).message}\n`);
  process.exit(1);
}
const server = createServer(handler);
server.on("error", (error: NodeJS.ErrnoException) => {
  const why = error.code === "EADDRINUSE" ? `port ${port} is in use` : error.message;
  process.stderr.write(`static server: cannot listen on 127.0.0.1:${port}: ${why}\n`);
  process.exit(1);
});
server.listen(Number(port), "127.0.0.1", () => {
  process.stderr.write(`static server: serving ${root} at http://127.0.0.1:${port}/\n`);
});
const close = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", close);
process.on("SIGINT", close);
