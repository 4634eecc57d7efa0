/**
 * Status numbers and enumerations of spec §4, as new-api sends them on the wire.
 * Roles and channel types live in their own files and are re-exported here for convenience.
 */
export * from './roles.js';
export * from './channel-types.js';

/** `users.status`. */
export const UserStatus = {
  /** Active: may log in and use tokens. */
  Enabled: 1,
  /** Banned by an administrator. */
  Disabled: 2,
  /** Any other state; the console offers no enable/disable action for it. */
  Other: 3,
} as const;
/** One of the numbers of {@link UserStatus}. */
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** `channels.status`. */
export const ChannelStatus = {
  Enabled: 1,
  /** Disabled by an administrator; never re-enabled automatically. */
  ManuallyDisabled: 2,
  /** Disabled by the relay or a channel test; `other_info` holds the reason and time. */
  AutoDisabled: 3,
} as const;
/** One of the numbers of {@link ChannelStatus}. */
export type ChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];

/** `tokens.status`. */
export const TokenStatus = {
  Enabled: 1,
  Disabled: 2,
  /** Past `expired_time`; cannot be enabled until the expiry is changed. */
  Expired: 3,
  /** Quota used up; cannot be enabled until the quota is changed. */
  Exhausted: 4,
} as const;
/** One of the numbers of {@link TokenStatus}. */
export type TokenStatus = (typeof TokenStatus)[keyof typeof TokenStatus];

/** `redemptions.status`. */
export const RedemptionStatus = {
  Unused: 1,
  Disabled: 2,
  /** Redeemed; cannot be enabled or edited. */
  Used: 3,
} as const;
/** One of the numbers of {@link RedemptionStatus}. */
export type RedemptionStatus = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];

/** `logs.type`. */
export const LogType = {
  /** Unknown; as a list filter it means "all types". */
  Unknown: 0,
  TopUp: 1,
  Consume: 2,
  /** An administrator's action, e.g. a quota change. */
  Manage: 3,
  System: 4,
} as const;
/** One of the numbers of {@link LogType}. */
export type LogType = (typeof LogType)[keyof typeof LogType];

/** `midjourneys.code`: the drawing proxy's answer to a submission. */
export const DrawingSubmitCode = {
  NotSubmitted: 0,
  Submitted: 1,
  Waiting: 21,
  DuplicateSubmit: 22,
} as const;
/** One of the numbers of {@link DrawingSubmitCode}. */
export type DrawingSubmitCode = (typeof DrawingSubmitCode)[keyof typeof DrawingSubmitCode];

/** Status of a drawing or async task. The empty string means the task is still being submitted. */
export const TaskStatus = {
  Success: 'SUCCESS',
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  InProgress: 'IN_PROGRESS',
  Failure: 'FAILURE',
  Modal: 'MODAL',
  Queued: 'QUEUED',
  Unknown: 'UNKNOWN',
  Submitting: '',
} as const;
/** One of the strings of {@link TaskStatus}. */
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** `midjourneys.action`. */
export const DrawingAction = {
  Imagine: 'IMAGINE',
  Upscale: 'UPSCALE',
  Variation: 'VARIATION',
  HighVariation: 'HIGH_VARIATION',
  LowVariation: 'LOW_VARIATION',
  Pan: 'PAN',
  Describe: 'DESCRIBE',
  Blend: 'BLEND',
  Upload: 'UPLOAD',
  Shorten: 'SHORTEN',
  Reroll: 'REROLL',
  Inpaint: 'INPAINT',
  Zoom: 'ZOOM',
  CustomZoom: 'CUSTOM_ZOOM',
  Modal: 'MODAL',
  SwapFace: 'SWAP_FACE',
} as const;
/** One of the strings of {@link DrawingAction}. */
export type DrawingAction = (typeof DrawingAction)[keyof typeof DrawingAction];

/** `tasks.action` of generic async tasks. */
export const TaskAction = { Music: 'MUSIC', Lyrics: 'LYRICS' } as const;
/** One of the strings of {@link TaskAction}. */
export type TaskAction = (typeof TaskAction)[keyof typeof TaskAction];

/** `tasks.platform`. */
export const TaskPlatform = { Suno: 'suno' } as const;
/** One of the strings of {@link TaskPlatform}. */
export type TaskPlatform = (typeof TaskPlatform)[keyof typeof TaskPlatform];
