/**
 * A fake midjourney-proxy (novicezk/midjourney-proxy and its MJ-Plus dialect, as new-api relays them): submissions
 * answer `{code, description, result, properties}`, tasks are read back with `/mj/task/{id}/fetch` and
 * `/mj/task/list-by-condition`, and every read moves a task one step on: NOT_START, SUBMITTED, IN_PROGRESS (with
 * progress and a preview), then SUCCESS with its image, buttons and final prompt, or FAILURE with its reason.
 *
 * Prompts steer it: `BANNED` is refused (code 24), `QUEUE_FULL` too (23), `QUEUED` is accepted as queued (22),
 * `EXISTS` answers an already finished task (21), `FAIL_LATER` fails after it started, `NO_ACCOUNT` answers
 * code 3. The `mj-api-secret` header must carry the key the fake was started with.
 */
import { randomBytes } from 'node:crypto';
import { sendJson, startFakeServer, type FakeUpstream } from './fake-server.js';

export interface FakeMjButton {
  customId: string;
  emoji: string;
  label: string;
  type: number;
  style: number;
}

export interface FakeMjTask {
  id: string;
  action: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: FakeMjButton[];
  properties: Record<string, unknown>;
  /** Reads so far: each moves the task one step. */
  reads: number;
  fails: boolean;
  hash: string;
  /** The body submitted, as received. */
  body: Record<string, unknown>;
}

export interface MidjourneyUpstream extends FakeUpstream {
  key: string;
  tasks: Map<string, FakeMjTask>;
  /** Reads a task takes to finish (default 3: SUBMITTED, IN_PROGRESS, then done). */
  setSteps(reads: number): void;
}

/** A 1×1 PNG, what the fake's image URLs serve. */
export const FAKE_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2de2d6a0000000049454e44ae426082',
  'hex',
);

let lastId = 1_700_000_000_000;

function buttonsFor(task: FakeMjTask): FakeMjButton[] {
  const b = (customId: string, label: string, emoji = ''): FakeMjButton => ({
    customId,
    emoji,
    label,
    type: 2,
    style: 2,
  });
  if (
    task.action === 'IMAGINE' ||
    task.action === 'VARIATION' ||
    task.action === 'REROLL' ||
    task.action === 'BLEND'
  )
    return [
      ...[1, 2, 3, 4].map((i) => b(`MJ::JOB::upsample::${i}::${task.hash}`, `U${i}`)),
      b(`MJ::JOB::reroll::0::${task.hash}::SOLO`, '', '🔄'),
      ...[1, 2, 3, 4].map((i) => b(`MJ::JOB::variation::${i}::${task.hash}`, `V${i}`)),
    ];
  if (task.action === 'UPSCALE')
    return [
      b(`MJ::JOB::high_variation::1::${task.hash}::SOLO`, 'Vary (Strong)', '🪄'),
      b(`MJ::JOB::low_variation::1::${task.hash}::SOLO`, 'Vary (Subtle)', '🪄'),
      b(`MJ::Outpaint::50::1::${task.hash}::SOLO`, 'Zoom Out 2x', '🔍'),
      b(`MJ::CustomZoom::${task.hash}`, 'Custom Zoom', '🔍'),
      b(`MJ::Inpaint::1::${task.hash}::SOLO`, 'Vary (Region)', '🖌️'),
      b(`MJ::JOB::pan_left::1::${task.hash}::SOLO`, '', '⬅️'),
    ];
  return [];
}

/** The action an MJ-Plus button stands for, as the proxy reads it. */
function actionOfCustomId(customId: string): string | undefined {
  const parts = customId.split('::');
  const name = parts[1] === 'JOB' ? parts[2] : parts[1];
  if (!name) return undefined;
  if (name.includes('upsample')) return 'UPSCALE';
  if (name === 'variation') return 'VARIATION';
  if (name === 'high_variation') return 'HIGH_VARIATION';
  if (name === 'low_variation') return 'LOW_VARIATION';
  if (name.includes('pan')) return 'PAN';
  if (name.includes('reroll')) return 'REROLL';
  if (name === 'Outpaint') return 'ZOOM';
  if (name === 'CustomZoom') return 'CUSTOM_ZOOM';
  if (name === 'Inpaint') return 'INPAINT';
  return undefined;
}

export async function startMidjourneyUpstream(opts: { key?: string } = {}): Promise<MidjourneyUpstream> {
  const key = opts.key ?? 'mj-secret';
  const tasks = new Map<string, FakeMjTask>();
  let steps = 3;
  let url = '';

  const view = (t: FakeMjTask) => {
    const { reads: _r, fails: _f, hash: _h, body: _b, ...dto } = t;
    return dto;
  };

  /** One read of a task: it moves one step on. */
  const advance = (t: FakeMjTask) => {
    t.reads += 1;
    const now = Date.now();
    if (t.status === 'SUCCESS' || t.status === 'FAILURE') return;
    if (t.reads === 1) {
      t.status = 'SUBMITTED';
      t.description = '/imagine ' + t.prompt;
    } else if (t.reads < steps) {
      t.status = 'IN_PROGRESS';
      t.startTime ||= now;
      t.progress = `${Math.min(99, Math.round((100 * (t.reads - 1)) / (steps - 1)))}%`;
      t.imageUrl = `${url}/attachments/${t.id}-preview.png`;
    } else if (t.fails) {
      t.status = 'FAILURE';
      t.failReason = 'Job failed: the image was flagged by the moderation system';
      t.finishTime = now;
      t.imageUrl = '';
    } else {
      t.status = 'SUCCESS';
      t.progress = '100%';
      t.finishTime = now;
      t.imageUrl = `${url}/attachments/${t.id}.png`;
      t.buttons = buttonsFor(t);
      t.promptEn = t.prompt;
      t.properties = { finalPrompt: `${t.prompt} --v 6.0`, finalZhPrompt: '' };
    }
  };

  const create = (action: string, prompt: string, body: Record<string, unknown>): FakeMjTask => {
    const id = String(++lastId);
    const t: FakeMjTask = {
      id,
      action,
      prompt,
      promptEn: '',
      description: 'Submit success',
      state: typeof body.state === 'string' ? body.state : '',
      submitTime: Date.now(),
      startTime: 0,
      finishTime: 0,
      imageUrl: '',
      status: 'NOT_START',
      progress: '0%',
      failReason: '',
      buttons: [],
      properties: {},
      reads: 0,
      fails: prompt.includes('FAIL_LATER'),
      hash: randomBytes(16).toString('hex'),
      body,
    };
    tasks.set(id, t);
    return t;
  };

  const upstream = await startFakeServer({
    modelOf: () => '',
    errorBody: (status, message) => ({ code: status, description: message ?? `status ${status}` }),
    handle({ req, res, url: u, json }) {
      const path = u.pathname;
      if (req.method === 'GET' && path.startsWith('/attachments/')) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': FAKE_PNG.length });
        return void res.end(FAKE_PNG);
      }
      if (req.headers['mj-api-secret'] !== key)
        return sendJson(res, 401, { code: 401, description: 'invalid mj-api-secret' });
      const prompt = typeof json.prompt === 'string' ? json.prompt : '';
      const ok = (t: FakeMjTask, extra: Record<string, unknown> = {}) =>
        sendJson(res, 200, {
          code: 1,
          description: '提交成功',
          result: t.id,
          properties: { discordChannelId: '1118138338562560102', discordInstanceId: '1118138338562560102' },
          ...extra,
        });
      const origin = (id: unknown) => (typeof id === 'string' ? tasks.get(id) : undefined);
      const refuseOrigin = () =>
        sendJson(res, 200, { code: 4, description: '关联任务不存在或状态错误', result: null });

      const fetchOne = /^\/mj\/task\/([^/]+)\/fetch$/.exec(path);
      if (req.method === 'GET' && fetchOne) {
        const t = tasks.get(fetchOne[1]!);
        if (!t) return sendJson(res, 404, { code: 404, description: 'task not found' });
        advance(t);
        return sendJson(res, 200, view(t));
      }
      const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(path);
      if (req.method === 'GET' && seed) {
        const t = tasks.get(seed[1]!);
        if (!t || t.status !== 'SUCCESS')
          return sendJson(res, 200, { code: 4, description: '任务不存在或未完成' });
        return sendJson(res, 200, {
          code: 1,
          description: '成功',
          result: String(parseInt(t.hash.slice(0, 8), 16)),
        });
      }
      if (req.method !== 'POST') return sendJson(res, 404, { code: 404, description: 'not found' });
      if (path === '/mj/task/list-by-condition') {
        const ids = Array.isArray(json.ids) ? (json.ids as unknown[]) : [];
        const found = ids.map((id) => origin(id)).filter((t): t is FakeMjTask => !!t);
        for (const t of found) advance(t);
        return sendJson(res, 200, found.map(view));
      }
      if (prompt.includes('BANNED'))
        return sendJson(res, 200, {
          code: 24,
          description: '可能包含敏感词',
          properties: { promptEn: prompt, bannedWord: 'BANNED' },
        });
      if (prompt.includes('NO_ACCOUNT'))
        return sendJson(res, 200, { code: 3, description: '无可用的账号实例' });
      if (prompt.includes('QUEUE_FULL'))
        return sendJson(res, 200, {
          code: 23,
          description: '队列已满，请稍后尝试',
          result: String(++lastId),
        });
      switch (path) {
        case '/mj/submit/imagine': {
          const t = create('IMAGINE', prompt, json);
          if (prompt.includes('QUEUED'))
            return sendJson(res, 200, {
              code: 22,
              description: '排队中，前面还有1个任务',
              result: t.id,
              properties: { numberOfQueues: 1, discordInstanceId: '1118138338562560102' },
            });
          if (prompt.includes('EXISTS')) {
            t.reads = steps;
            t.status = 'SUCCESS';
            t.progress = '100%';
            t.imageUrl = `${url}/attachments/${t.id}.png`;
            t.buttons = buttonsFor(t);
            return sendJson(res, 200, {
              code: 21,
              description: '任务已存在',
              result: t.id,
              properties: { status: 'SUCCESS', imageUrl: t.imageUrl },
            });
          }
          return ok(t);
        }
        case '/mj/submit/describe':
          return ok(create('DESCRIBE', '', json));
        case '/mj/submit/blend':
          return ok(create('BLEND', '', json));
        case '/mj/submit/shorten':
          return ok(create('SHORTEN', prompt, json));
        case '/mj/insight-face/swap':
          return ok(create('SWAP_FACE', 'InsightFace', json));
        case '/mj/submit/upload-discord-images': {
          const n = Array.isArray(json.base64Array) ? json.base64Array.length : 0;
          return sendJson(res, 200, {
            code: 1,
            description: 'success',
            result: Array.from({ length: n }, (_, i) => `${url}/attachments/upload-${lastId + i}.png`),
          });
        }
        case '/mj/submit/change': {
          const o = origin(json.taskId);
          if (!o || o.status !== 'SUCCESS') return refuseOrigin();
          return ok(create(String(json.action), o.prompt, json));
        }
        case '/mj/submit/simple-change': {
          const [taskId, word = ''] = String(json.content ?? '').split(' ');
          const o = origin(taskId);
          if (!o || o.status !== 'SUCCESS') return refuseOrigin();
          const action =
            word[0]?.toLowerCase() === 'u'
              ? 'UPSCALE'
              : word[0]?.toLowerCase() === 'v'
                ? 'VARIATION'
                : 'REROLL';
          return ok(create(action, o.prompt, json));
        }
        case '/mj/submit/action': {
          const o = origin(json.taskId);
          const action = typeof json.customId === 'string' ? actionOfCustomId(json.customId) : undefined;
          if (!o || !action) return refuseOrigin();
          // Region variation and custom zoom open a modal: the task waits for /mj/submit/modal.
          if (action === 'INPAINT' || action === 'CUSTOM_ZOOM') {
            const t = create(action, o.prompt, json);
            t.status = 'MODAL';
            return sendJson(res, 200, { code: 21, description: '窗口等待', result: t.id, properties: {} });
          }
          return ok(create(action, o.prompt, json));
        }
        case '/mj/submit/modal': {
          const o = origin(json.taskId);
          if (!o) return refuseOrigin();
          o.status = 'SUBMITTED';
          o.action = o.action === 'CUSTOM_ZOOM' ? 'ZOOM' : 'VARIATION';
          if (prompt) o.prompt = prompt;
          return ok(o);
        }
        default:
          return sendJson(res, 404, { code: 404, description: 'not found' });
      }
    },
  });
  url = upstream.url;
  return {
    ...upstream,
    key,
    tasks,
    setSteps(reads) {
      steps = Math.max(2, reads);
    },
    reset() {
      upstream.reset();
      tasks.clear();
      steps = 3;
    },
  };
}
