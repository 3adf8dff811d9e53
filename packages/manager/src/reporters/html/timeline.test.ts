import { describe, expect, it } from "vitest";
import { placeBar, renderTimeline } from "./timeline.js";

describe("the steps timeline", () => {
  it("places a bar where the step ran on the flow's time axis", () => {
    expect(placeBar({ name: "s", status: "pass", duration_ms: 250 }, 500, 1000)).toEqual({
      left: "50.00",
      width: "25.00",
    });
    expect(placeBar({ name: "s", status: "not_run" }, 0, 1000).width).toBe("0");
  });

  it("folds a passed step's children and opens the way to a failure", () => {
    const html = renderTimeline(
      [
        {
          name: "a",
          status: "pass",
          duration_ms: 100,
          steps: [{ name: "a1", status: "pass", duration_ms: 100 }],
        },
        {
          name: "b",
          status: "fail",
          duration_ms: 100,
          steps: [{ name: "b1", status: "fail", duration_ms: 100 }],
        },
      ],
      200,
    );
    expect(html).toContain('<details class="step-group"><summary>');
    expect(html).toContain('<details class="step-group" open><summary>');
    // b1 starts where its parent b did: half-way.
    expect(html).toMatch(/b1<\/span>.*?left:50\.00%/);
  });
});
