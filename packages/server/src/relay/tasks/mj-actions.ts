/**
 * The drawing proxy's submissions and how new-api reads them (relay/constant, service/midjourney.go): which
 * action a request is, under which model name it is priced and routed, and the checks each one gets.
 */

/** `/mj/submit/<kind>` and `/mj/insight-face/swap`. */
export type MjSubmitKind =
  | 'imagine'
  | 'change'
  | 'simple-change'
  | 'describe'
  | 'blend'
  | 'action'
  | 'modal'
  | 'shorten'
  | 'upload-discord-images'
  | 'swap';

export const MJ_SUBMIT_PATHS: Readonly<Record<Exclude<MjSubmitKind, 'swap'>, string>> = {
  imagine: '/submit/imagine',
  change: '/submit/change',
  'simple-change': '/submit/simple-change',
  describe: '/submit/describe',
  blend: '/submit/blend',
  action: '/submit/action',
  modal: '/submit/modal',
  shorten: '/submit/shorten',
  'upload-discord-images': '/submit/upload-discord-images',
};

/** The fields of a submission new-api reads (dto.MidjourneyRequest); the body itself goes upstream. */
export interface MjRequest {
  prompt: string;
  customId: string;
  action: string;
  index: number;
  taskId: string;
  content: string;
}

/** A submission refused with new-api's description (`unknown_action`, `prompt_is_required`…). */
export class MjRefusal extends Error {
  constructor(readonly description: string) {
    super(description);
  }
}

/** What a submission asks for, resolved. */
export interface MjPlan {
  action: string;
  /** The task it acts on, for the actions on an earlier task. */
  taskId: string;
  index: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

export function mjRequestOf(body: Record<string, unknown>): MjRequest {
  return {
    prompt: text(body.prompt),
    customId: text(body.customId),
    action: text(body.action),
    index: int(body.index),
    taskId: text(body.taskId),
    content: text(body.content),
  };
}

/** new-api's model name of an action: `mj_<action>`, `swap_face` for a face swap. */
export const mjModelName = (action: string): string =>
  action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;

/**
 * An MJ-Plus button's `customId` (`MJ::JOB::upsample::2::<hash>`, `MJ::Outpaint::…`) as the action and index
 * it stands for (new-api's CoverPlusActionToNormalAction).
 */
export function actionOfCustomId(customId: string): { action: string; index: number } {
  if (!customId) throw new MjRefusal('custom_id_is_required');
  const parts = customId.split('::');
  const name = (parts[1] === 'JOB' ? parts[2] : parts[1]) ?? '';
  if (!name) throw new MjRefusal('unknown_action');
  const indexAt3 = () => {
    const n = Number(parts[3]);
    if (parts[3] === undefined || !/^[+-]?\d+$/.test(parts[3]) || !Number.isSafeInteger(n))
      throw new MjRefusal('index_parse_failed');
    return n;
  };
  if (name.includes('upsample')) return { action: 'UPSCALE', index: indexAt3() };
  if (name.includes('variation')) {
    if (name === 'variation') return { action: 'VARIATION', index: indexAt3() };
    if (name === 'low_variation') return { action: 'LOW_VARIATION', index: 1 };
    if (name === 'high_variation') return { action: 'HIGH_VARIATION', index: 1 };
    throw new MjRefusal(`unknown_action:${customId}`);
  }
  if (name.includes('pan')) return { action: 'PAN', index: 1 };
  if (name.includes('reroll')) return { action: 'REROLL', index: 1 };
  if (name === 'Outpaint') return { action: 'ZOOM', index: 1 };
  if (name === 'CustomZoom') return { action: 'CUSTOM_ZOOM', index: 1 };
  if (name === 'Inpaint') return { action: 'INPAINT', index: 1 };
  throw new MjRefusal(`unknown_action:${customId}`);
}

/** `"<taskId> U2"` (or V1…V4, R) as the task and action it names (new-api's ConvertSimpleChangeParams). */
export function parseSimpleChange(content: string): MjPlan | undefined {
  const split = content.split(' ');
  if (split.length !== 2) return undefined;
  const [taskId = '', word = ''] = split;
  const action = word.toLowerCase();
  if (action === 'r') return { taskId, action: 'REROLL', index: 0 };
  const kind = action[0] === 'u' ? 'UPSCALE' : action[0] === 'v' ? 'VARIATION' : undefined;
  if (!kind) return undefined;
  const index = Number(action.slice(1, 2));
  if (!(index >= 1 && index <= 4)) return undefined;
  return { taskId, action: kind, index };
}

/**
 * The action a submission is priced and routed as, before a channel is chosen (new-api's distributor): a
 * refusal here is answered in OpenAI's error shape, as `Invalid request, <description>`.
 */
export function routedAction(kind: MjSubmitKind, req: MjRequest): string {
  switch (kind) {
    case 'imagine':
      return 'IMAGINE';
    case 'describe':
      return 'DESCRIBE';
    case 'blend':
      return 'BLEND';
    case 'shorten':
      return 'SHORTEN';
    case 'modal':
      return 'MODAL';
    case 'swap':
      return 'SWAP_FACE';
    case 'upload-discord-images':
      return 'UPLOAD';
    case 'change':
      return req.action;
    case 'action':
      return actionOfCustomId(req.customId).action;
    case 'simple-change': {
      const plan = parseSimpleChange(req.content);
      if (!plan) throw new MjRefusal('invalid_request');
      return plan.action;
    }
  }
}

/**
 * The submission's plan once its channel is chosen (new-api's RelayMidjourneySubmit): the checks it answers in
 * the drawing proxy's error shape. Actions on an earlier task must name it (new-api sent a change without
 * `taskId` upstream unchecked, on whichever channel served the model).
 */
export function planOf(kind: MjSubmitKind, req: MjRequest): MjPlan {
  switch (kind) {
    case 'imagine':
      if (!req.prompt) throw new MjRefusal('prompt_is_required');
      return { action: 'IMAGINE', taskId: '', index: 0 };
    case 'describe':
    case 'blend':
    case 'shorten':
    case 'upload-discord-images':
    case 'swap':
      return { action: routedAction(kind, req), taskId: '', index: 0 };
    case 'action': {
      const { action, index } = actionOfCustomId(req.customId);
      if (!req.taskId) throw new MjRefusal('task_id_is_required');
      return { action, taskId: req.taskId, index };
    }
    case 'change':
      if (!req.taskId) throw new MjRefusal('task_id_is_required');
      if (!req.action) throw new MjRefusal('action_is_required');
      if (req.index === 0) throw new MjRefusal('index_is_required');
      return { action: req.action, taskId: req.taskId, index: req.index };
    case 'simple-change': {
      if (!req.content) throw new MjRefusal('content_is_required');
      const plan = parseSimpleChange(req.content);
      if (!plan) throw new MjRefusal('content_parse_failed');
      return plan;
    }
    case 'modal':
      if (!req.taskId) throw new MjRefusal('task_id_is_required');
      return { action: 'MODAL', taskId: req.taskId, index: 0 };
  }
}

/** Actions new-api does not charge: they open a modal, and the modal's own submission is what is priced. */
export const FREE_ACTIONS: ReadonlySet<string> = new Set(['INPAINT', 'CUSTOM_ZOOM']);
