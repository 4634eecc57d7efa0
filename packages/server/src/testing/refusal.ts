import { expect } from 'vitest';

interface InjectedResponse {
  statusCode: number;
  json: () => unknown;
}

/**
 * Asserts a business refusal as new-api 0.4.8 answers it on `/api`: HTTP 200 with `{success: false, message}`
 * (contract §2.1). Returns the message so a test can check the wording.
 */
export function expectRefusal(res: InjectedResponse, label?: string): string {
  expect(res.statusCode, label).toBe(200);
  const body = res.json() as { success?: unknown; message?: unknown };
  expect(body.success, label).toBe(false);
  expect(typeof body.message, label).toBe('string');
  return body.message as string;
}
