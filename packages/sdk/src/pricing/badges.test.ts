import { describe, expect, it } from 'vitest';

import {
  aggregateResponseTime,
  firstTokenBadge,
  ratioTagColor,
  responseTimeBadge,
  taskDurationBadge,
  useTimeBadge,
} from './badges.js';

describe('ratioTagColor', () => {
  it.each([
    [0, 'green'],
    [1, 'green'],
    [1.01, 'blue'],
    [3, 'blue'],
    [3.5, 'orange'],
    [5, 'orange'],
    [5.01, 'red'],
  ] as const)('ratio %s is %s', (ratio, color) => {
    expect(ratioTagColor(ratio)).toBe(color);
  });
});

describe('responseTimeBadge', () => {
  it('marks 0 as untested', () => {
    expect(responseTimeBadge(0)).toEqual({ color: 'grey', text: '', untested: true });
  });

  it.each([
    [1, 'green', '0.00'],
    [1000, 'green', '1.00'],
    [1001, 'lime', '1.00'],
    [3000, 'lime', '3.00'],
    [3001, 'yellow', '3.00'],
    [5000, 'yellow', '5.00'],
    [5001, 'red', '5.00'],
    [12_345, 'red', '12.35'],
  ] as const)('%s ms is %s showing %s s', (ms, color, text) => {
    expect(responseTimeBadge(ms)).toEqual({ color, text, untested: false });
  });
});

describe('aggregateResponseTime', () => {
  it('folds members as acc = (acc + x) / 2 starting from 0, like new-api', () => {
    expect(aggregateResponseTime([])).toBe(0);
    // (0 + 1000) / 2 = 500
    expect(aggregateResponseTime([1000])).toBe(500);
    // ((0 + 1000) / 2 + 3000) / 2 = 1750
    expect(aggregateResponseTime([1000, 3000])).toBe(1750);
    // order matters: ((0 + 3000) / 2 + 1000) / 2 = 1250
    expect(aggregateResponseTime([3000, 1000])).toBe(1250);
    // an untested member (0) halves the value: (1750 + 0) / 2 = 875
    expect(aggregateResponseTime([1000, 3000, 0])).toBe(875);
  });
});

describe('useTimeBadge', () => {
  it.each([
    [0, 'green'],
    [100, 'green'],
    [101, 'orange'],
    [299, 'orange'],
    [300, 'red'],
  ] as const)('%s s is %s', (seconds, color) => {
    expect(useTimeBadge(seconds)).toEqual({ color, text: String(seconds) });
  });
});

describe('firstTokenBadge', () => {
  it.each([
    [0, 'green', '0.0'],
    [2999, 'green', '3.0'],
    [3000, 'orange', '3.0'],
    [9999, 'orange', '10.0'],
    [10_000, 'red', '10.0'],
    [12_340, 'red', '12.3'],
  ] as const)('%s ms is %s showing %s s', (ms, color, text) => {
    expect(firstTokenBadge(ms)).toEqual({ color, text });
  });

  it('shows nothing when no chunk was streamed (frt -1000)', () => {
    expect(firstTokenBadge(-1000)).toBeNull();
  });
});

describe('taskDurationBadge', () => {
  it.each([
    [0, 'green', '0.0'],
    [60, 'green', '60.0'],
    [60.1, 'red', '60.1'],
    [125.25, 'red', '125.3'],
  ] as const)('%s s is %s', (seconds, color, text) => {
    expect(taskDurationBadge(seconds)).toEqual({ color, text });
  });
});
