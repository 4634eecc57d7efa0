import type { JsonSchema } from './openapi-schemas.js';

/** The Epay notification path (contract §3.2): the payment gateway calls it, never a client of the SDK. */
export const EPAY_NOTIFY_PATH = '/api/user/epay/notify';

const EPAY_FIELDS = [
  'pid',
  'trade_no',
  'out_trade_no',
  'type',
  'name',
  'money',
  'trade_status',
  'sign',
  'sign_type',
];

/** Operations of {@link EPAY_NOTIFY_PATH}, which the SDK's route table does not hold. */
export function epayNotifyOperations(): Record<string, JsonSchema> {
  const answer = {
    '200': {
      description:
        '`success` once the order is credited (or already was), else `fail`; the gateway retries on `fail`.',
      content: { 'text/plain': { schema: { type: 'string', enum: ['success', 'fail'] } } },
    },
  };
  const description =
    'Called by the Epay gateway. The MD5 signature over the sorted fields with `EpayKey`, our `EpayId` and the ' +
    "order's exact money must match; a paid order credits `amount × QuotaPerUnit` once and writes a top-up log.";
  const form = {
    type: 'object',
    properties: Object.fromEntries(EPAY_FIELDS.map((name) => [name, { type: 'string' }])),
  };
  return {
    get: {
      operationId: 'epay.notify',
      summary: 'Epay payment notification (query string)',
      description: `${description} No login needed.`,
      tags: ['epay'],
      parameters: EPAY_FIELDS.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
      responses: answer,
    },
    post: {
      operationId: 'epay.notifyForm',
      summary: 'Epay payment notification (form body, for gateways that POST)',
      description: `${description} No login needed.`,
      tags: ['epay'],
      requestBody: { content: { 'application/x-www-form-urlencoded': { schema: form } } },
      responses: answer,
    },
  };
}
