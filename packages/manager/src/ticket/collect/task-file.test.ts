import { describe, expect, it } from "vitest";
import { taskFileName, ticketTaskText } from "./task-file.js";

describe("the ticket as gates' task file", () => {
  it("is the description, else the notes, that has a ## TESTS section; none without one", () => {
    const tests = "Do it.\n\n## TESTS\n\n- src/a.test.ts\n";
    expect(ticketTaskText({ description: tests, notes: "" })).toBe(tests);
    expect(ticketTaskText({ description: "Do it.", notes: `### Tests\n- x` })).toBe(
      "### Tests\n- x",
    );
    expect(ticketTaskText({ description: "Do it.\nTESTS: later", notes: "" })).toBeNull();
  });

  it("is named after the ticket when the id is a plain file name", () => {
    expect(taskFileName("bd-42")).toBe("bd-42.md");
    expect(taskFileName("../x")).toBe("ticket.md");
  });
});
