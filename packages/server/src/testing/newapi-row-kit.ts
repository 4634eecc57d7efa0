// The seeded generator and shapes the new-api fixture's row builders share (a leaf, so they import nothing back).
/** A deterministic stream of numbers, so every run writes the same database. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type Row = Record<string, string | number | boolean | Date | null>;

/** What a new-api 0.4.8 deployment holds, and what the adoption must keep of it. */
