// jest globalTeardown: stops the server globalSetup started.
export { globalTeardown as default } from "dynamini-test";
