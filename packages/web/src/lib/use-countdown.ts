import { useEffect, useState } from 'react';

/** Seconds left of a cool-down (30 s resend and reset buttons); `start()` begins a new one. */
export function useCountdown(seconds: number): { left: number; start(): void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}
