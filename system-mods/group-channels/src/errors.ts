import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the group channels mod answers with (besides the agent registry's `agent_not_found`). */
export const groupChannelErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing field, too long, unknown field). */
  groupChannelRequestInvalid: { status: 400, message: 'Invalid group channel request {part}: {reason}' },
  groupChannelNotFound: { status: 404, message: 'No group channel {channelId}' },
  groupChannelExists: { status: 409, message: 'A group channel {channelId} already exists' },
  groupChannelMemberUnknown: { status: 400, message: 'No agent {agentId}: channel members must be existing agents' },
  groupChannelMemberNotFound: { status: 404, message: 'Agent {agentId} is not a member of group channel {channelId}' },
  groupChannelMembersFull: { status: 409, message: 'Group channel {channelId} already has the most members a channel may have ({max})' },
  groupChannelLastMember: { status: 409, message: 'Agent {agentId} is the last member of group channel {channelId}; a channel keeps at least one' },
  groupChannelNoMembers: { status: 409, message: 'Group channel {channelId} has no members to deliver a message to' },
  groupChannelQueueFull: { status: 409, message: 'Group channel {channelId} already has {max} messages waiting for delivery' },
  groupChannelIdempotencyConflict: { status: 409, message: 'idempotencyKey {key} was already used for another message in group channel {channelId}' },
  groupChannelCursorInvalid: { status: 400, message: 'The cursor was not issued by this service for this channel: {reason}' },
  groupChannelCursorStale: { status: 400, message: 'The cursor no longer applies: {reason}; start again without a cursor' },
});

/** Codes recorded on a member's delivery (never answered over HTTP). */
export const MEMBER_FAILURE = {
  /** The process delivering stopped (restart, disable) before the member's run finished. */
  interrupted: 'group_channel_delivery_interrupted',
  /** The run engine refused or failed without a code of its own. */
  runFailed: 'group_channel_run_failed',
  /** The run completed with a blank answer: nothing to post. */
  emptyAnswer: 'group_channel_empty_answer',
} as const;
