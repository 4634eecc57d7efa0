import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling, type ErrorShapeOf } from './error-handler.js';
import { badRequest } from './errors.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  // The relay tells which of its paths answer in another client format's error shape (app.ts hands it over).
  const shapeOf: ErrorShapeOf = (path) =>
    path.startsWith('/v1/shaped')
      ? { errorBody: (status, e) => ({ type: 'error', error: { status, message: e.message } }) }
      : undefined;
  registerErrorHandling(app, shapeOf);
  for (const path of ['/v1/shaped', '/v1/plain', '/api/thing'])
    app.post(path, async () => {
      throw badRequest('common.invalidParams');
    });
  await app.ready();
});
afterAll(() => app.close());

const post = async (url: string) => {
  const res = await app.inject({ method: 'POST', url, payload: {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('registerErrorHandling', () => {
  it("answers relay paths in the shape the relay names for them, OpenAI's otherwise, the envelope on /api", async () => {
    expect(await post('/v1/shaped')).toMatchObject({
      status: 400,
      body: { type: 'error', error: { status: 400, message: expect.any(String) } },
    });
    expect(await post('/v1/plain')).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: '' } },
    });
    expect(await post('/api/thing')).toMatchObject({ status: 200, body: { success: false } });
  });
});
