/** Collects a stream up to `limitBytes`; past the limit it keeps counting but stores nothing. */
export class BoundedCapture {
  private readonly chunks: Buffer[] = [];
  private storedBytes = 0;
  totalBytes = 0;

  constructor(private readonly limitBytes: number) {}

  get isOverflowed(): boolean {
    return this.totalBytes > this.limitBytes;
  }

  push(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    if (this.isOverflowed) return;
    this.chunks.push(chunk);
    this.storedBytes += chunk.length;
  }

  text(): string {
    return this.isOverflowed ? "" : Buffer.concat(this.chunks, this.storedBytes).toString("utf8");
  }
}

/** Keeps the last `maxLines` lines of a stream (and at most `maxBytes` of them). */
export class TailCapture {
  private lines: string[] = [];
  private partial = "";

  constructor(
    private readonly maxLines: number,
    private readonly maxBytes = 256 * 1024,
  ) {}

  push(chunk: Buffer): void {
    const parts = (this.partial + chunk.toString("utf8")).split("\n");
    this.partial = (parts.pop() ?? "").slice(-this.maxBytes);
    for (const line of parts) this.lines.push(line.slice(-this.maxBytes));
    if (this.lines.length > this.maxLines * 2) this.lines = this.lines.slice(-this.maxLines);
  }

  text(): string {
    const all = this.partial === "" ? this.lines : [...this.lines, this.partial];
    let tail = all.slice(-this.maxLines).join("\n");
    if (tail.length > this.maxBytes) tail = tail.slice(-this.maxBytes);
    return tail;
  }
}
