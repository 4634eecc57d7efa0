/** Reported in /api/status; the console's footer shows it. */
export const VERSION = 'switchboard-0.1.0';
