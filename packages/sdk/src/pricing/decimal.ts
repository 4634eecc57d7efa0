/**
 * Exact decimal arithmetic for ratios, prices and money.
 *
 * Ratios are typed by admins as decimals (0.075, 1.1), but binary floats store them inexactly: 0.075 is
 * 0.07499999999999999722…, so 120 × (0.075 × 1.5) gives 13.499999999999998 and rounds to 13 instead of 14.
 * Every number here is read through its shortest round-trip string (`String(x)`, i.e. the decimal the
 * admin typed) and multiplied as BigInt, so rounding always sees the true decimal value.
 * This matches new-api's later decimal maths (shopspring/decimal) rather than 0.4.8's float64.
 */

/** An exact decimal number: `coefficient × 10^-scale`, with `scale ≥ 0`. */
export interface Decimal {
  readonly coefficient: bigint;
  readonly scale: number;
}

/** How to drop digits: half away from zero (Go `math.Round`, shopspring `Round`) or toward zero (Go `int()`). */
export type RoundingMode = 'half-away-from-zero' | 'truncate';

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const asDecimal = (value: Decimal | number): Decimal =>
  typeof value === 'number' ? toDecimal(value) : value;

/**
 * The decimal a finite number stands for, read from its shortest round-trip string.
 * @throws RangeError for NaN or ±Infinity.
 */
export function toDecimal(value: number): Decimal {
  // Token counts are integers and ratios repeat: both skip the string round trip (billing runs per request).
  if (Number.isSafeInteger(value)) return { coefficient: BigInt(value), scale: 0 };
  const known = parsed.get(value);
  if (known) return known;
  const d = parseDecimal(value);
  if (parsed.size >= 512) parsed.clear();
  parsed.set(value, d);
  return d;
}

const parsed = new Map<number, Decimal>();

function parseDecimal(value: number): Decimal {
  const match = Number.isFinite(value) ? NUMBER_TEXT.exec(String(value)) : null;
  if (!match) throw new RangeError(`Expected a finite number, got ${value}`);
  const fraction = match[3] ?? '';
  const coefficient = BigInt(`${match[1] ?? ''}${match[2] ?? '0'}${fraction}`);
  const scale = fraction.length - Number(match[4] ?? 0);
  return scale >= 0 ? { coefficient, scale } : { coefficient: coefficient * pow10(-scale), scale: 0 };
}

/** The exact product of decimals or numbers. An empty product is 1. */
export function multiplyDecimals(...factors: ReadonlyArray<Decimal | number>): Decimal {
  let coefficient = 1n;
  let scale = 0;
  for (const factor of factors) {
    const d = asDecimal(factor);
    coefficient *= d.coefficient;
    scale += d.scale;
  }
  return { coefficient, scale };
}

/** The exact sum of two decimals or numbers. */
export function addDecimals(a: Decimal | number, b: Decimal | number): Decimal {
  const x = asDecimal(a);
  const y = asDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return {
    coefficient: x.coefficient * pow10(scale - x.scale) + y.coefficient * pow10(scale - y.scale),
    scale,
  };
}

/** Divides exactly, keeping `digits` decimal places (rounded half away from zero). */
export function divideDecimals(a: Decimal | number, b: Decimal | number, digits = 30): Decimal {
  const x = asDecimal(a);
  const y = asDecimal(b);
  if (y.coefficient === 0n) throw new RangeError('Division by zero');
  // x/y = (xc × 10^ys) / (yc × 10^xs); scaled by 10^(digits + 1) to keep one guard digit for rounding.
  // BigInt division truncates toward zero, so the guard digit is ≥ 5 exactly when the dropped part is ≥ half.
  const coefficient = (x.coefficient * pow10(y.scale + digits + 1)) / (y.coefficient * pow10(x.scale));
  return roundDecimal({ coefficient, scale: digits + 1 }, digits);
}

/** Rounds to `digits` decimal places (0 = an integer). Never adds digits it does not need. */
export function roundDecimal(
  value: Decimal,
  digits = 0,
  mode: RoundingMode = 'half-away-from-zero',
): Decimal {
  if (value.scale <= digits) return value;
  const divisor = pow10(value.scale - digits);
  let quotient = value.coefficient / divisor;
  const remainder = value.coefficient % divisor;
  if (mode === 'half-away-from-zero') {
    const twice = 2n * (remainder < 0n ? -remainder : remainder);
    if (twice >= divisor) quotient += value.coefficient < 0n ? -1n : 1n;
  }
  return { coefficient: quotient, scale: digits };
}

/** Rounds to a whole number, as a JS number. */
export function decimalToInteger(value: Decimal, mode: RoundingMode = 'half-away-from-zero'): number {
  return Number(roundDecimal(value, 0, mode).coefficient);
}

/** Fixed-point text with exactly `digits` decimals (no exponent, no "-0"). */
export function decimalToFixed(value: Decimal, digits: number): string {
  const rounded = roundDecimal(value, digits);
  const coefficient = rounded.coefficient * pow10(digits - rounded.scale);
  const negative = coefficient < 0n;
  const digitsText = (negative ? -coefficient : coefficient).toString().padStart(digits + 1, '0');
  const whole = digitsText.slice(0, digitsText.length - digits);
  const text = digits > 0 ? `${whole}.${digitsText.slice(-digits)}` : whole;
  return negative ? `-${text}` : text;
}

/** The nearest JS number to a decimal. */
export function decimalToNumber(value: Decimal): number {
  return Number(decimalToFixed(value, value.scale));
}

/**
 * `value.toFixed(digits)` without binary surprises: rounds the decimal the number stands for, half away from
 * zero, so `toFixedExact(1.005, 2)` is '1.01' where `(1.005).toFixed(2)` is '1.00'.
 */
export function toFixedExact(value: number, digits: number): string {
  return decimalToFixed(toDecimal(value), digits);
}
