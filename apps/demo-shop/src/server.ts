import { startShop } from "./app.js";
import { ConfigError, DEFAULT_HOST, parseBugs, parsePort } from "./config.js";

/** CLI entry: `PORT` and `DEMO_BUG` from the environment, logs on stderr, stops on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let port: number;
  let bugs: ReturnType<typeof parseBugs>;
  try {
    port = parsePort(process.env.PORT);
    bugs = parseBugs(process.env.DEMO_BUG);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`demo-shop: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  const shop = await startShop({ port, host: DEFAULT_HOST, bugs });
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`demo-shop: ${signal} received, shutting down\n`);
    shop.close().then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        process.stderr.write(`demo-shop: shutdown failed: ${String(error)}\n`);
        process.exitCode = 1;
      },
    );
  };
  // Handlers go in before the "listening" line: whoever waits for that line may signal at once.
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  const bugNote = bugs.length > 0 ? ` with DEMO_BUG=${bugs.join(",")}` : "";
  process.stderr.write(`demo-shop: listening on ${shop.url}${bugNote}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`demo-shop: failed to start: ${message}\n`);
  process.exitCode = 1;
});
