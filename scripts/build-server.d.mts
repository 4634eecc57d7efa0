/** Bundles the gateway into packages/server/dist; resolves to the path of main.js. */
export function buildServer(): Promise<string>;

/** V8 flags the server process runs with (`npm start` and the benchmark alike). */
export const SERVER_NODE_FLAGS: string[];

/** Environment defaults for the server process. */
export const SERVER_ENV: Record<string, string>;
