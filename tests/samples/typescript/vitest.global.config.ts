// One server for the run (tests/vitest-global): files share it, so they run one at a time.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/vitest-global/**/*.test.ts"],
    globalSetup: ["tests/vitest-global/dynamini.global.ts"],
    fileParallelism: false,
  },
});
