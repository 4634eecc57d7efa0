/**
 * A fake Suno API (Suno-API/Suno-API, the protocol new-api's Suno channel speaks): `POST /suno/submit/{MUSIC|LYRICS}`
 * answers `{code: "success", data: "<task id>"}`, and `POST /suno/fetch {ids}` / `GET /suno/fetch/{id}` answer the
 * tasks, each read moving one on: SUBMITTED, QUEUED, IN_PROGRESS (clips streaming), then SUCCESS with its clips
 * or lyrics, or FAILURE with its reason. A prompt with `FAIL_LATER` fails once started; `REFUSE` is refused
 * with `code: "error"`. Requests must carry `Authorization: Bearer <key>`.
 */
import { randomUUID } from 'node:crypto';
import { sendJson, startFakeServer, type FakeUpstream } from './fake-server.js';

export interface FakeSunoTask {
  task_id: string;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  data: unknown;
  reads: number;
  fails: boolean;
  body: Record<string, unknown>;
}

export interface SunoUpstream extends FakeUpstream {
  key: string;
  tasks: Map<string, FakeSunoTask>;
  /** Reads a task takes to finish (default 4: SUBMITTED, QUEUED, IN_PROGRESS, then done). */
  setSteps(reads: number): void;
}

const STEPS = ['SUBMITTED', 'QUEUED', 'IN_PROGRESS'];

export async function startSunoUpstream(opts: { key?: string } = {}): Promise<SunoUpstream> {
  const key = opts.key ?? 'suno-secret';
  const tasks = new Map<string, FakeSunoTask>();
  let steps = STEPS.length + 1;
  let url = '';

  const view = (t: FakeSunoTask) => {
    const { reads: _r, fails: _f, body: _b, ...dto } = t;
    return dto;
  };

  const clip = (t: FakeSunoTask, n: number, done: boolean) => {
    const id = `${t.task_id.slice(0, 8)}-clip-${n}`;
    const prompt = typeof t.body.prompt === 'string' ? t.body.prompt : '';
    return {
      id,
      video_url: done ? `${url}/media/${id}.mp4` : '',
      audio_url: done ? `${url}/media/${id}.mp3` : `${url}/media/${id}-stream.mp3`,
      image_url: `${url}/media/${id}.jpeg`,
      image_large_url: `${url}/media/${id}-large.jpeg`,
      major_model_version: 'v3',
      model_name: 'chirp-v3',
      status: done ? 'complete' : 'streaming',
      title: typeof t.body.title === 'string' ? t.body.title : 'Untitled',
      text: '',
      metadata: {
        tags: typeof t.body.tags === 'string' ? t.body.tags : '',
        prompt,
        gpt_description_prompt: t.body.gpt_description_prompt ?? null,
        audio_prompt_id: null,
        duration: done ? 121.4 : null,
        error_type: null,
        error_message: null,
      },
    };
  };

  const advance = (t: FakeSunoTask) => {
    t.reads += 1;
    if (t.status === 'SUCCESS' || t.status === 'FAILURE') return;
    const now = Math.floor(Date.now() / 1000);
    if (t.reads < steps) {
      t.status = STEPS[Math.min(t.reads, STEPS.length) - 1]!;
      if (t.status === 'IN_PROGRESS') {
        t.start_time ||= now;
        if (t.action === 'MUSIC') t.data = [clip(t, 1, false), clip(t, 2, false)];
      }
      return;
    }
    t.finish_time = now;
    if (t.fails) {
      t.status = 'FAILURE';
      t.fail_reason = 'Unable to generate: the song was flagged';
      return;
    }
    t.status = 'SUCCESS';
    t.data =
      t.action === 'MUSIC'
        ? [clip(t, 1, true), clip(t, 2, true)]
        : {
            id: t.task_id,
            status: 'complete',
            title: 'Harbour Lights',
            text: '[Verse]\nLights on the water\n',
          };
  };

  const upstream = await startFakeServer({
    modelOf: () => '',
    errorBody: (status, message) => ({ code: 'error', message: message ?? `status ${status}`, data: null }),
    handle({ req, res, url: u, json }) {
      if (req.headers.authorization !== `Bearer ${key}`)
        return sendJson(res, 401, { code: 'unauthorized', message: 'invalid key', data: null });
      const path = u.pathname;
      const submit = /^\/suno\/submit\/([a-zA-Z]+)$/.exec(path);
      if (req.method === 'POST' && submit) {
        const action = submit[1]!.toUpperCase();
        if (action !== 'MUSIC' && action !== 'LYRICS')
          return sendJson(res, 400, { code: 'error', message: 'unknown action', data: null });
        const prompt = `${json.prompt ?? ''} ${json.gpt_description_prompt ?? ''}`;
        if (prompt.includes('REFUSE'))
          return sendJson(res, 200, {
            code: 'error',
            message: 'prompt rejected by the content policy',
            data: null,
          });
        const t: FakeSunoTask = {
          task_id: randomUUID(),
          action,
          status: 'NOT_START',
          fail_reason: '',
          submit_time: Math.floor(Date.now() / 1000),
          start_time: 0,
          finish_time: 0,
          data: null,
          reads: 0,
          fails: prompt.includes('FAIL_LATER'),
          body: json,
        };
        tasks.set(t.task_id, t);
        return sendJson(res, 200, { code: 'success', message: '', data: t.task_id });
      }
      if (req.method === 'POST' && path === '/suno/fetch') {
        const ids = Array.isArray(json.ids) ? (json.ids as unknown[]) : [];
        const found = ids.map((id) => tasks.get(String(id))).filter((t): t is FakeSunoTask => !!t);
        for (const t of found) advance(t);
        return sendJson(res, 200, { code: 'success', message: '', data: found.map(view) });
      }
      const one = /^\/suno\/fetch\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const t = tasks.get(one[1]!);
        if (!t) return sendJson(res, 404, { code: 'not_found', message: 'task not found', data: null });
        advance(t);
        return sendJson(res, 200, { code: 'success', message: '', data: view(t) });
      }
      return sendJson(res, 404, { code: 'not_found', message: 'not found', data: null });
    },
  });
  url = upstream.url;
  return {
    ...upstream,
    key,
    tasks,
    setSteps(reads) {
      steps = Math.max(1, reads);
    },
    reset() {
      upstream.reset();
      tasks.clear();
      steps = STEPS.length + 1;
    },
  };
}
