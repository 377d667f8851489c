// dynamini-wasm: the DynamoDB emulator's engine in WebAssembly, in process.

/** DynamoDB's HTTP handler for the AWS SDK for JavaScript v3 (requestHandler). */
export interface InProcessRequestHandler {
  metadata: { handlerProtocol: string };
  handle(request: unknown, options?: { abortSignal?: unknown }): Promise<{ response: unknown }>;
  updateHttpClientConfig(): void;
  httpHandlerConfigs(): Record<string, never>;
  destroy(): void;
}

export interface DynaminiOptions {
  /** "inbox", "shop", "issues" or a model file's object, loaded as `dynamini --model`. */
  model?: string | object;
  region?: string;
  accountId?: string;
  /** Least time between two Time to Live sweeps (default 1000 ms). */
  ttlSweepIntervalMs?: number;
  streamShardLifetimeMs?: number;
  streamShardMaxRecords?: number;
  transientDelays?: { createTableMs?: number; deleteTableMs?: number; updateTableMs?: number };
  /** How often the background work runs besides after each call (default 100 ms). */
  backgroundIntervalMs?: number;
  /** Default true: dummy AWS credentials in the environment when it has none (the SDK signs first). */
  setEnv?: boolean;
  /** Refused: the WebAssembly build has no database files (use save() and load()). */
  path?: never;
}

export interface SubscribeOptions {
  maxBatchSize?: number;
  fromOldestRetained?: boolean;
  initialRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  maxAttempts?: number;
}

/** A stream record, as GetRecords returns it. */
export type StreamRecord = Record<string, any>;

export interface BackgroundWorkDone {
  jobs: number;
  swept: boolean;
  expiredItems: number;
  deliveredRecords: number;
  failedDeliveries: number;
  modelJobs: number;
}

export interface Dynamini {
  readonly requestHandler: InProcessRequestHandler;
  execute(operation: string, request?: object): Promise<any>;
  reset(): void;
  snapshot(): Uint8Array;
  restore(snapshot: Uint8Array): void;
  save(): Uint8Array;
  load(bytes: Uint8Array): void;
  loadModel(model: string | object, options?: { reset?: boolean }): void;
  subscribe(
    table: string,
    handler: (records: StreamRecord[]) => void,
    options?: SubscribeOptions,
  ): { counts(): { delivered: number; failures: number; skippedBatches: number }; unsubscribe(): void };
  runBackgroundWork(): BackgroundWorkDone;
  close(): void;
}

export class EngineError extends Error {}
export class DynaminiError extends Error {
  body: Record<string, any>;
}

export function createDynamini(options?: DynaminiOptions): Promise<Dynamini>;
