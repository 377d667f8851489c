// Per-file and per-test servers (tests/vitest): files run in parallel, each its own server.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["tests/vitest/**/*.test.ts"] },
});
