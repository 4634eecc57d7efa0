import type { FastifyReply } from 'fastify';

/**
 * A drawing-route failure as new-api's controller answers it: HTTP 400 (429 for code 30) with
 * `{description: "<description> <result>", type: "upstream_error", code}`; code 4 is a request error, 5 an
 * upstream or server one.
 */
export function sendMjError(reply: FastifyReply, code: number, description: string, result = '') {
  const status = code === 30 ? 429 : 400;
  return reply.status(status).send({ description: `${description} ${result}`, type: 'upstream_error', code });
}

/**
 * A music-route failure as new-api answers it (dto.TaskError): `{code, message, data: null}` with the status
 * given. Messages naming an address are replaced, as new-api's TaskErrorWrapper does.
 */
export function sendTaskError(reply: FastifyReply, status: number, code: string, message: string) {
  const lower = message.toLowerCase();
  const shown =
    lower.includes('post') || lower.includes('dial') || lower.includes('http') ? '请求上游地址失败' : message;
  return reply
    .status(status)
    .send({ code, message: status === 429 ? '当前分组上游负载已饱和，请稍后再试' : shown, data: null });
}
