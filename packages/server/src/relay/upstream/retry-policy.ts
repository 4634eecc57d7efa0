/**
 * Whether a failed attempt may move on to another channel (reference §5.2, after status_code_mapping):
 * 429 and 307 yes; 5xx yes except 504 and 524 (the upstream may still be working on it: a retry would pay
 * twice); 408 and 2xx no; 400 only for Anthropic, whose 400s are often overload; everything else yes, since
 * another channel may hold a working key.
 */
export function shouldRetry(status: number, channelType: number): boolean {
  if (status === 429 || status === 307) return true;
  if (status === 504 || status === 524) return false;
  if (status >= 500) return true;
  if (status === 408 || (status >= 200 && status < 300)) return false;
  if (status === 400) return channelType === 14;
  return true;
}

/** Applies a channel's status_code_mapping ({"429": "500"}) to an upstream error status. */
export function mapStatus(status: number, mapping: Readonly<Record<string, string>>): number {
  const mapped = Number(mapping[String(status)]);
  return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}
