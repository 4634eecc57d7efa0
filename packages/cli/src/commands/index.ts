import type { CommandDef } from '../core/command.js';
import auditList from './audit/list.js';
import auditRevert from './audit/revert.js';
import auditShow from './audit/show.js';
import login from './auth/login.js';
import logout from './auth/logout.js';
import status from './auth/status.js';
import whoami from './auth/whoami.js';
import channelsBalance from './channels/balance.js';
import channelsCreate from './channels/create.js';
import channelsDeleteDisabled from './channels/delete-disabled.js';
import channelsDelete from './channels/delete.js';
import channelsDisable from './channels/disable.js';
import channelsEnable from './channels/enable.js';
import channelsFetchModels from './channels/fetch-models.js';
import channelsFix from './channels/fix.js';
import channelsGet from './channels/get.js';
import channelsList from './channels/list.js';
import channelsModels from './channels/models.js';
import channelsSearch from './channels/search.js';
import channelsTagDisable from './channels/tag/disable.js';
import channelsTagEdit from './channels/tag/edit.js';
import channelsTagEnable from './channels/tag/enable.js';
import channelsTagSet from './channels/tag/set.js';
import channelsTest from './channels/test.js';
import channelsUpdate from './channels/update.js';
import codesCreate from './codes/create.js';
import codesDelete from './codes/delete.js';
import codesDisable from './codes/disable.js';
import codesEnable from './codes/enable.js';
import codesGet from './codes/get.js';
import codesList from './codes/list.js';
import codesSearch from './codes/search.js';
import apply from './gateway/apply.js';
import exportDoc from './gateway/export.js';
import plan from './gateway/plan.js';
import { completionCommand } from './misc/completion.js';
import doctor from './database/doctor.js';
import logsClear from './logs/clear.js';
import logsExport from './logs/export.js';
import logsList from './logs/list.js';
import logsStat from './logs/stat.js';
import logsTail from './logs/tail.js';
import api from './misc/api.js';
import chat from './misc/chat.js';
import models from './misc/models.js';
import pricing from './misc/pricing.js';
import redeem from './misc/redeem.js';
import optionsGet from './options/get.js';
import optionsSet from './options/set.js';
import profileAdd from './profile/add.js';
import profileList from './profile/list.js';
import profileRemove from './profile/remove.js';
import profileUse from './profile/use.js';
import tasksGet from './tasks/get.js';
import tasksList from './tasks/list.js';
import tokensCreate from './tokens/create.js';
import tokensDelete from './tokens/delete.js';
import tokensDisable from './tokens/disable.js';
import tokensEnable from './tokens/enable.js';
import tokensGet from './tokens/get.js';
import tokensList from './tokens/list.js';
import tokensReveal from './tokens/reveal.js';
import tokensSearch from './tokens/search.js';
import tokensUpdate from './tokens/update.js';
import usersAddQuota from './users/add-quota.js';
import usersCreate from './users/create.js';
import usersDelete from './users/delete.js';
import usersDemote from './users/demote.js';
import usersDisable from './users/disable.js';
import usersEnable from './users/enable.js';
import usersGet from './users/get.js';
import usersList from './users/list.js';
import usersPromote from './users/promote.js';
import usersSearch from './users/search.js';
import usersUpdate from './users/update.js';

/** Every command, in help order. */
export const COMMANDS: readonly CommandDef[] = [
  login,
  logout,
  whoami,
  status,
  profileList,
  profileUse,
  profileAdd,
  profileRemove,
  channelsList,
  channelsSearch,
  channelsGet,
  channelsCreate,
  channelsUpdate,
  channelsDelete,
  channelsEnable,
  channelsDisable,
  channelsTest,
  channelsBalance,
  channelsModels,
  channelsFetchModels,
  channelsTagEnable,
  channelsTagDisable,
  channelsTagEdit,
  channelsTagSet,
  channelsDeleteDisabled,
  channelsFix,
  tokensList,
  tokensSearch,
  tokensGet,
  tokensCreate,
  tokensUpdate,
  tokensEnable,
  tokensDisable,
  tokensDelete,
  tokensReveal,
  codesCreate,
  codesList,
  codesSearch,
  codesGet,
  codesEnable,
  codesDisable,
  codesDelete,
  usersList,
  usersSearch,
  usersGet,
  usersCreate,
  usersUpdate,
  usersEnable,
  usersDisable,
  usersPromote,
  usersDemote,
  usersDelete,
  usersAddQuota,
  optionsGet,
  optionsSet,
  logsList,
  logsStat,
  logsTail,
  logsExport,
  logsClear,
  tasksList,
  tasksGet,
  auditList,
  auditShow,
  auditRevert,
  pricing,
  models,
  redeem,
  chat,
  api,
  exportDoc,
  plan,
  apply,
  doctor,
  // Lists every command, itself included: it is given the list rather than importing it.
  completionCommand(() => COMMANDS),
];
