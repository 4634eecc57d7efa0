import type { OptionDef } from '../../core/command.js';

/** Flags `tokens create` and `tokens update` both take (update adds `--limited`). */
export interface TokenFieldOpts {
  name?: string;
  quota?: string;
  unlimited?: boolean;
  expires?: string;
  models?: string;
  ips?: string;
  group?: string;
}

/** Who may use a key and through which group; both verbs list these last, with the same help. */
export const ACCESS_OPTIONS: readonly OptionDef[] = [
  { flags: '--ips <list>', description: 'allowed IPs, comma-separated' },
  { flags: '--group <group>', description: 'relay group' },
];

/** new-api keeps allowed IPs one per line; the flag takes them comma-separated. */
export function allowIps(list: string): string {
  return list.split(',').join('\n');
}
