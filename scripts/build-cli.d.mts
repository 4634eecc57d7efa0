/** Bundles swb into `outdir` (default packages/cli/dist); resolves to the entry's absolute path. */
export function buildCli(outdir?: string): Promise<string>;
