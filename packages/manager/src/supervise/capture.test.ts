import { describe, expect, it } from "vitest";
import { BoundedCapture, TailCapture } from "./capture.js";

describe("BoundedCapture", () => {
  it("keeps everything up to the limit", () => {
    const capture = new BoundedCapture(10);
    capture.push(Buffer.from("hello"));
    capture.push(Buffer.from("world"));
    expect(capture.isOverflowed).toBe(false);
    expect(capture.text()).toBe("helloworld");
  });

  it("overflows past the limit, keeps counting, stores nothing", () => {
    const capture = new BoundedCapture(10);
    capture.push(Buffer.from("hello world!"));
    capture.push(Buffer.from("more"));
    expect(capture.isOverflowed).toBe(true);
    expect(capture.totalBytes).toBe(16);
    expect(capture.text()).toBe("");
  });

  it("decodes UTF-8 split across chunks", () => {
    const capture = new BoundedCapture(100);
    const bytes = Buffer.from("é");
    capture.push(bytes.subarray(0, 1));
    capture.push(bytes.subarray(1));
    expect(capture.text()).toBe("é");
  });
});

describe("TailCapture", () => {
  it("keeps the last N lines across chunk boundaries", () => {
    const tail = new TailCapture(3);
    tail.push(Buffer.from("one\ntw"));
    tail.push(Buffer.from("o\nthree\nfour\nfi"));
    expect(tail.text()).toBe("three\nfour\nfi");
  });

  it("bounds bytes even for one endless line", () => {
    const tail = new TailCapture(200, 1000);
    for (let i = 0; i < 100; i++) tail.push(Buffer.from("x".repeat(500)));
    expect(tail.text().length).toBe(1000);
  });

  it("keeps 200 of 10,000 lines", () => {
    const tail = new TailCapture(200);
    for (let i = 0; i < 10_000; i++) tail.push(Buffer.from(`line ${i}\n`));
    const lines = tail.text().split("\n");
    expect(lines).toHaveLength(200);
    expect(lines[0]).toBe("line 9800");
  });
});
