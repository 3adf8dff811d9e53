import { describe, expect, it } from "vitest";
import { TRACE_POLICIES } from "./constants.js";
import { ConfigError } from "./errors.js";
import { parseManifest } from "./load-manifest.js";

const HEAD = 'version: 1\nrunner_command: "verify-runner {flow}"\n';
const FILE = ".verify/workflows.yaml";

describe("the manifest's trace policy", () => {
  it.each(TRACE_POLICIES)("accepts trace: %s", (policy) => {
    expect(parseManifest(`${HEAD}trace: ${policy}\nflows: []\n`, FILE).trace).toBe(policy);
  });

  it("is absent unless written (each tool then uses its own default)", () => {
    expect(parseManifest(`${HEAD}flows: []\n`, FILE).trace).toBeUndefined();
  });

  it.each(["always", "true", "retain_on_failure"])(
    "rejects trace: %s naming the file, line and field",
    (value) => {
      let message = "";
      try {
        parseManifest(`${HEAD}flows: []\ntrace: ${value}\n`, FILE);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toContain(`${FILE}:4`);
      expect(message).toContain("trace");
      expect(message).toContain("expected one of off, on, retain-on-failure, on-first-retry");
      expect(message).not.toContain("\n");
    },
  );
});
