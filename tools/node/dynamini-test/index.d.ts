// Types of dynamini-test (index.mjs): dynamini in node:test, vitest and jest suites.

export interface DynaminiOptions {
  /** The dynamini binary; default $DYNAMINI_BIN, else the npm package's, else `dynamini` on PATH. */
  bin?: string;
  /** Files of CreateTable requests or DescribeTable output (dynamini --schema). */
  schema?: string | string[];
  /** Items loaded at start-up: { table: file } or ["table=file"] (dynamini --seed). */
  seed?: Record<string, string> | string[];
  /** Keep the preloaded inbox model; default false (--no-inbox). */
  inbox?: boolean;
  /** Any other dynamini flags, e.g. ["--log-requests"]. */
  args?: string | string[];
  /** Set AWS_ENDPOINT_URL_DYNAMODB and dummy credentials while running; default true. */
  setEnv?: boolean;
  /** How long to wait for "dynamini listening on"; default 15000 ms. */
  startTimeoutMs?: number;
}

/** Spread into `new DynamoDBClient({ ...server.clientConfig })`. */
export interface DynaminiClientConfig {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export interface DynaminiServer {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  host: string;
  port: number;
  pid: number;
  clientConfig: DynaminiClientConfig;
  /** Back to the state after start-up (schema and seed files loaded). */
  reset(): Promise<void>;
  /** Stops the server and restores the environment variables it set. */
  stop(): Promise<void>;
  /** The last lines the server printed. */
  output(): string;
}

type Hook = (fn: () => unknown) => unknown;

/** node:test's module, vitest's module, or jest's globals (globalThis). */
export type TestApi =
  | { before: Hook; after: Hook; beforeEach: Hook; afterEach: Hook }
  | { beforeAll: Hook; afterAll: Hook; beforeEach: Hook; afterEach: Hook };

export interface UseDynaminiOptions extends DynaminiOptions {
  /** "file" (default): one server per test file, reset before each test; "test": one per test. */
  per?: "file" | "test";
}

export function startDynamini(options?: DynaminiOptions): Promise<DynaminiServer>;
export function useDynamini(testApi: TestApi, options?: UseDynaminiOptions): DynaminiServer;
export function resetDynamini(endpoint?: string): Promise<void>;
export function globalSetup(options?: DynaminiOptions): () => Promise<() => Promise<void>>;
export function globalTeardown(): Promise<void>;
export function findDynamini(bin?: string): string;
export function dynaminiArguments(options?: DynaminiOptions): string[];
