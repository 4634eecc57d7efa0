/** A budget's period: none, a calendar day, week (from Monday) or month in `BUDGET_TIMEZONE`, or the last 24 h. */
export type Period = '' | 'day' | 'week' | 'month' | 'rolling_day';

export const PERIODS: readonly Period[] = ['', 'day', 'week', 'month', 'rolling_day'];

export const isPeriod = (v: unknown): v is Period => typeof v === 'string' && PERIODS.includes(v as Period);

/** One calendar period: the key its usage row is filed under, and its bounds in unix seconds. */
export interface PeriodSpan {
  key: string;
  start: number;
  end: number;
}

/** A rolling day is 24 hourly buckets: the current hour and the 23 before it. */
export const ROLLING_HOURS = 24;

/** The usage key of the hourly bucket holding unix second `t` (rolling day). */
export const hourKey = (t: number): string => 'h' + Math.floor(t / 3600);

/** The hourly buckets of the rolling day that ends in the hour of `t`, oldest first. */
export function rollingKeys(t: number): string[] {
  const h = Math.floor(t / 3600);
  const keys: string[] = [];
  for (let i = ROLLING_HOURS - 1; i >= 0; i--) keys.push('h' + (h - i));
  return keys;
}

interface Parts {
  y: number;
  m: number;
  d: number;
  /** 0 = Monday. */
  wd: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/**
 * Calendar periods in one time zone, with Intl's zone data (no library): the span holding a moment is worked
 * out once and reused until it ends, so a request pays a comparison, not a formatter call.
 */
export class PeriodCalendar {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<Period, PeriodSpan>();

  constructor(readonly timeZone = 'UTC') {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
  }

  /** Throws RangeError for a zone Intl does not know. */
  static check(timeZone: string): void {
    new Intl.DateTimeFormat('en-US', { timeZone });
  }

  /** The span of a calendar period holding unix second `t`. */
  span(period: 'day' | 'week' | 'month', t: number): PeriodSpan {
    const hit = this.cache.get(period);
    if (hit && t >= hit.start && t < hit.end) return hit;
    const span = this.compute(period, t);
    this.cache.set(period, span);
    return span;
  }

  private compute(period: 'day' | 'week' | 'month', t: number): PeriodSpan {
    const p = this.parts(t * 1000);
    if (period === 'month') {
      const start = this.midnight(p.y, p.m, 1);
      const end = p.m === 12 ? this.midnight(p.y + 1, 1, 1) : this.midnight(p.y, p.m + 1, 1);
      return { key: `m${p.y}-${pad(p.m)}`, start, end };
    }
    const back = period === 'week' ? p.wd : 0;
    const first = new Date(Date.UTC(p.y, p.m - 1, p.d - back));
    const next = new Date(Date.UTC(p.y, p.m - 1, p.d - back + (period === 'week' ? 7 : 1)));
    const start = this.midnight(first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate());
    const end = this.midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
    const tag = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(first.getUTCDate())}`;
    return { key: (period === 'week' ? 'w' : 'd') + tag, start, end };
  }

  private parts(ms: number): Parts & { h: number; mi: number; s: number } {
    const o: Record<string, string> = {};
    for (const part of this.format.formatToParts(ms)) o[part.type] = part.value;
    return {
      y: Number(o.year),
      m: Number(o.month),
      d: Number(o.day),
      wd: WEEKDAYS[o.weekday ?? 'Mon'] ?? 0,
      h: Number(o.hour),
      mi: Number(o.minute),
      s: Number(o.second),
    };
  }

  /** The zone's offset from UTC at `ms`, in ms. */
  private offset(ms: number): number {
    const p = this.parts(ms);
    return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
  }

  /** Unix second of local midnight starting y-m-d (the first instant of that date, should DST skip midnight). */
  private midnight(y: number, m: number, d: number): number {
    const local = Date.UTC(y, m - 1, d);
    let ms = local - this.offset(local);
    ms = local - this.offset(ms);
    // A zone whose clocks jump over midnight: that date starts at the first instant it exists.
    const p = this.parts(ms);
    if (p.d !== d) ms += 3600_000 - ((p.mi * 60 + p.s) * 1000 + (p.h === 23 ? 0 : p.h * 3600_000));
    return Math.floor(ms / 1000);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
