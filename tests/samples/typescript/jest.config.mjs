// jest with native ES modules (node --experimental-vm-modules; no transform, so the test
// files are plain .mjs: TypeScript under jest needs ts-jest or babel, not used here).
export default {
  testMatch: ["<rootDir>/tests/jest/**/*.test.mjs"],
  transform: {},
  globalSetup: "<rootDir>/tests/jest/dynamini.global-setup.mjs",
  globalTeardown: "<rootDir>/tests/jest/dynamini.global-teardown.mjs",
};
