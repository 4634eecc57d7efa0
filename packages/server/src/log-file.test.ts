import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LogFiles } from './log-file.js';

describe('LogFiles (--log-dir)', () => {
  it('echoes every line to stderr and starts a new file after the line budget, as new-api does', () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 2, 3, 4, 5) });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'swb-logs-'));
      const echoed: string[] = [];
      const files = new LogFiles(dir, { write: (l: string) => echoed.push(l) }, 2);
      files.write('a\n');
      vi.setSystemTime(new Date(2026, 0, 2, 3, 4, 6));
      files.write('b\n');
      files.write('c\n');
      expect(echoed).toEqual(['a\n', 'b\n', 'c\n']);
      expect(readdirSync(dir).sort()).toEqual([
        'switchboard-20260102030405.log',
        'switchboard-20260102030406.log',
      ]);
      expect(readFileSync(join(dir, 'switchboard-20260102030405.log'), 'utf8')).toBe('a\nb\n');
      expect(readFileSync(files.path, 'utf8')).toBe('c\n');
    } finally {
      vi.useRealTimers();
    }
  });
});
