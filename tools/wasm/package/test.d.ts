import type { Dynamini, DynaminiOptions, InProcessRequestHandler } from "./index.js";

export interface DynaminiHandle {
  db: Dynamini;
  requestHandler: InProcessRequestHandler;
  clientConfig: {
    requestHandler: InProcessRequestHandler;
    region: string;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
}

export function useDynamini(
  testApi: object,
  options?: DynaminiOptions & { per?: "file" | "test" },
): DynaminiHandle;
