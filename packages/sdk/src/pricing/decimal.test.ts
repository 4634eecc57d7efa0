import { describe, expect, it } from 'vitest';

import {
  addDecimals,
  decimalToInteger,
  decimalToNumber,
  divideDecimals,
  multiplyDecimals,
  toDecimal,
  toFixedExact,
} from './decimal.js';

describe('toDecimal', () => {
  it('reads the decimal an admin typed, not the binary approximation', () => {
    // 0.075 is stored as 0.07499999999999999722…, but its shortest text is "0.075".
    expect(toDecimal(0.075)).toEqual({ coefficient: 75n, scale: 3 });
    expect(toDecimal(-1.25)).toEqual({ coefficient: -125n, scale: 2 });
    expect(toDecimal(42)).toEqual({ coefficient: 42n, scale: 0 });
  });

  it('expands exponent notation', () => {
    expect(toDecimal(1e-7)).toEqual({ coefficient: 1n, scale: 7 });
    expect(toDecimal(1.5e-8)).toEqual({ coefficient: 15n, scale: 9 });
    expect(toDecimal(1e21)).toEqual({ coefficient: 10n ** 21n, scale: 0 });
  });

  it('rejects NaN and infinities', () => {
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('exact arithmetic', () => {
  it('multiplies without float error where 0.1 + 0.2-style drift would flip a rounding', () => {
    // float: 120 * (0.075 * 1.5) = 13.499999999999998 → rounds to 13; exact: 13.5 → 14.
    expect(120 * (0.075 * 1.5)).toBeLessThan(13.5);
    expect(decimalToInteger(multiplyDecimals(120, 0.075, 1.5))).toBe(14);
  });

  it('adds across scales', () => {
    // float: 0.1 + 0.2 = 0.30000000000000004
    expect(decimalToNumber(addDecimals(0.1, 0.2))).toBe(0.3);
  });

  it('divides to a fixed number of places, rounding half away from zero', () => {
    expect(decimalToNumber(divideDecimals(1, 3, 4))).toBe(0.3333);
    expect(decimalToNumber(divideDecimals(2, 3, 4))).toBe(0.6667);
    expect(decimalToNumber(divideDecimals(-2, 3, 4))).toBe(-0.6667);
    expect(decimalToNumber(divideDecimals(225, 500_000))).toBe(0.00045);
    expect(() => divideDecimals(1, 0)).toThrow(RangeError);
  });

  it('rounds half away from zero, or truncates toward zero', () => {
    expect(decimalToInteger(toDecimal(2.5))).toBe(3);
    expect(decimalToInteger(toDecimal(-2.5))).toBe(-3);
    expect(decimalToInteger(toDecimal(2.4999))).toBe(2);
    expect(decimalToInteger(toDecimal(1.9), 'truncate')).toBe(1);
    expect(decimalToInteger(toDecimal(-1.9), 'truncate')).toBe(-1);
  });
});

describe('toFixedExact', () => {
  it('rounds the true decimal where Number#toFixed rounds the binary value', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(toFixedExact(1.005, 2)).toBe('1.01');
    expect(toFixedExact(0.00045, 4)).toBe('0.0005');
  });

  it('pads, handles exponents and never prints -0', () => {
    expect(toFixedExact(3, 2)).toBe('3.00');
    expect(toFixedExact(1e-7, 8)).toBe('0.00000010');
    expect(toFixedExact(-0.001, 2)).toBe('0.00');
    expect(toFixedExact(-1.235, 2)).toBe('-1.24');
    expect(toFixedExact(2.5, 0)).toBe('3');
  });
});
