// What a user writes after `verify-runner init`: one page object and two flows over the
// to-do app, and their manifest entries.

export const TODO_PAGE = `import type { Locator, Page } from "@agent-verify/runner";
import { step } from "@agent-verify/runner";

export class TodoPage {
  readonly newTodo: Locator;
  readonly items: Locator;
  readonly counter: Locator;

  constructor(readonly page: Page) {
    this.newTodo = page.getByLabel("New todo");
    this.items = page.getByRole("list", { name: "Todo items" }).getByRole("listitem");
    this.counter = page.getByTestId("todo-count");
  }

  open(): Promise<void> {
    return step("open the to-do app", async () => {
      await this.page.goto("./");
      await this.newTodo.waitFor();
    });
  }

  async add(...titles: string[]): Promise<void> {
    for (const title of titles) {
      await this.newTodo.fill(title);
      await this.newTodo.press("Enter");
    }
  }

  complete(title: string): Promise<void> {
    return this.page.getByRole("checkbox", { name: title }).check();
  }

  show(filter: "All" | "Active" | "Completed"): Promise<void> {
    return this.page.getByRole("navigation", { name: "Filter" }).getByRole("button", { name: filter }).click();
  }
}
`;

export const ADD_TODOS_FLOW = `import { defineFlow } from "@agent-verify/runner";
import { TodoPage } from "../pages/todo-page.js";

export default defineFlow({
  name: "add-todos",
  steps: ["open", "add-two", "assert-two-listed", "assert-counter-2"],
  async run({ page, step, expect }) {
    const todos = new TodoPage(page);
    await step("open", () => todos.open());
    await step("add-two", () => todos.add("Buy milk", "Walk the dog"));
    await step("assert-two-listed", () => expect(todos.items).toHaveText(["Buy milk", "Walk the dog"]));
    await step("assert-counter-2", () => expect(todos.counter).toHaveText("2 items left"));
  },
});
`;

export const COMPLETE_FLOW = `import { defineFlow } from "@agent-verify/runner";
import { TodoPage } from "../pages/todo-page.js";

export default defineFlow({
  name: "complete-and-filter",
  steps: [
    "open",
    "add-three",
    "complete-one",
    "assert-counter-2",
    "filter-active",
    "assert-active-2",
    "filter-completed",
    "assert-completed-1",
  ],
  async run({ page, step, expect }) {
    const todos = new TodoPage(page);
    await step("open", () => todos.open());
    await step("add-three", () => todos.add("Buy milk", "Walk the dog", "Write tests"));
    await step("complete-one", () => todos.complete("Walk the dog"));
    await step("assert-counter-2", () => expect(todos.counter).toHaveText("2 items left", { timeout: 2000 }));
    await step("filter-active", () => todos.show("Active"));
    await step("assert-active-2", () => expect(todos.items).toHaveText(["Buy milk", "Write tests"]));
    await step("filter-completed", () => todos.show("Completed"));
    await step("assert-completed-1", () => expect(todos.items).toHaveText(["Walk the dog"]));
  },
});
`;

// Generous deadlines: this suite shares two cores with every other one (a flow that takes
// 3 s alone took 25 s there), and a deadline hit is a timeout, not the failure under test.
export const TODO_MANIFEST_FLOWS = `  - name: add-todos
    description: Two added todos are listed and counted.
    timeout_s: 120
    tags: [todo]
  - name: complete-and-filter
    description: Completing a todo lowers the counter; the Active and Completed filters show the right items.
    timeout_s: 120
    tags: [todo]
`;
