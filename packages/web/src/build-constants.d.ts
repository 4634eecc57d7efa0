/** Switchboard's version (packages/web/package.json), put in by Vite's `define` (vite.config.ts). */
declare const __SWB_VERSION__: string;
