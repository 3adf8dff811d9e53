import type { Manifest } from "@agent-verify/contract";
import type { ChildResult } from "../supervise/child.js";
import { listedRunner, startList, type ListedFlow, type ListOptions } from "./list.js";
import { readManifest } from "./manifest.js";

export interface CatalogOptions extends ListOptions {
  dir: string;
}

type Read<T> = { value: T } | { error: unknown };

function attempt<T>(read: () => T): Read<T> {
  try {
    return { value: read() };
  } catch (error) {
    return { error };
  }
}

function unwrap<T>(read: Read<T>): T {
  if ("error" in read) throw read.error;
  return read.value;
}

/**
 * The project's flows: its manifest, read once, and the runner's `--list`, run at most once.
 * `prefetch()` starts the `--list` while the caller does other work (loading modules, asking
 * the tracker); `close()` stops one nobody asked for. Made once per command by the CLI.
 */
export class FlowCatalog {
  readonly dir: string;
  private readonly options: ListOptions;
  private readonly controller = new AbortController();
  private read: Read<Manifest> | undefined;
  private listing: Promise<ChildResult> | undefined;
  private runnerRead: Promise<{ flows: ListedFlow[]; capabilities: string[] }> | undefined;
  private readonly onAbort = () => this.controller.abort();

  constructor(options: CatalogOptions) {
    this.dir = options.dir;
    this.options = { ...options, signal: this.controller.signal };
    options.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** `.verify/workflows.yaml`, validated; a ManagerError (the same one each time) when it is not. */
  manifest(): Manifest {
    this.read ??= attempt(() => readManifest(this.dir));
    return unwrap(this.read);
  }

  /** The manifest, or the error that reading it gave. */
  manifestOrError(): { manifest: Manifest; error: null } | { manifest: null; error: unknown } {
    try {
      return { manifest: this.manifest(), error: null };
    } catch (error) {
      return { manifest: null, error };
    }
  }

  /** Start `--list` now; a manifest that does not load starts nothing (flows() reports it). */
  prefetch(): void {
    const { manifest } = this.manifestOrError();
    if (manifest) this.start(manifest);
  }

  /** Contract 2: the runner's flows, validated. Throws a ManagerError when they cannot be listed. */
  async flows(): Promise<ListedFlow[]> {
    return (await this.runner()).flows;
  }

  /** The runner's whole `--list` answer: its flows and the capabilities it offers. */
  runner(): Promise<{ flows: ListedFlow[]; capabilities: string[] }> {
    this.runnerRead ??= (async () => {
      const manifest = this.manifest();
      return listedRunner(await this.start(manifest), this.options.timeoutMs);
    })();
    return this.runnerRead;
  }

  /** Stop a `--list` still running; the catalog is not used after this. */
  close(): void {
    this.controller.abort();
  }

  private start(manifest: Manifest): Promise<ChildResult> {
    this.listing ??= startList(this.dir, manifest, this.options);
    return this.listing;
  }
}
