/** Absolute path of the built console (packages/web/dist). */
export const WEB_DIST: string;
/** True when dist/index.html is missing or older than any source. */
export function webIsStale(): boolean;
/** Builds the console if stale (or always with `force`); resolves to whether it built. */
export function buildWeb(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;
