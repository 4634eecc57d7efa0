/** The CLI version (kept in sync with package.json by the build's define; the literal is the fallback). */
export const VERSION: string = typeof __SWB_VERSION__ === 'string' ? __SWB_VERSION__ : '0.1.0';

declare const __SWB_VERSION__: string | undefined;
