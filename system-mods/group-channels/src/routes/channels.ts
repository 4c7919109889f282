/** `/api/group-channels`: channels, their members, and the message stream with delivery statuses. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { groupChannelErrors as errors } from '../errors.js';
import { channelParams, createBody, memberParams, messagesQuery, okChannel, okChannels, okDeleted, okMessagePage, okPosted, postBody, updateBody } from '../schemas/channels.schema.js';
import type { ChannelStore } from '../services/channel-store.js';
import type { CursorSigner } from '../../../../sdk/helpers/cursor-signer.js';
import type { DeliveryEngine } from '../services/delivery-engine.js';
import type { MessageStore } from '../services/message-store.js';

const tags = ['group-channels'];

interface PageCursor {
  /** Channel. */
  c: string;
  /** Older than this stream position. */
  s: number;
}

export function channelRoutes(deps: { channels: ChannelStore; messages: MessageStore; engine: DeliveryEngine; cursors: CursorSigner }): RouteTable<RouteId> {
  const { channels, messages, engine, cursors } = deps;
  const routes: RouteTable<RouteId> = {
    list: route({
      schema: { tags, description: 'Every channel in creation order, with its members in delivery order.', response: { 200: okChannels } },
      handler: async () => ({ ok: true, channels: await channels.list() }),
    }),
    create: route({
      schema: {
        tags,
        description: 'Creates a channel. An unknown member is 400 group_channel_member_unknown; a taken id is 409 group_channel_exists.',
        body: createBody,
        response: { 201: okChannel },
      },
      handler: async (req) => respond.json({ ok: true, channel: await channels.create(req.body) }, { status: 201 }),
    }),
    get: route({
      schema: { tags, description: 'The channel; 404 group_channel_not_found.', params: channelParams, response: { 200: okChannel } },
      handler: async (req) => ({ ok: true, channel: await channels.get(req.params.channelId) }),
    }),
    update: route({
      schema: {
        tags,
        description: 'Changes the fields given. `members` replaces the member list; removed members lose their parts of deliveries not started yet.',
        params: channelParams,
        body: updateBody,
        response: { 200: okChannel },
      },
      handler: async (req) => ({ ok: true, channel: await channels.update(req.params.channelId, req.body) }),
    }),
    delete: route({
      schema: {
        tags,
        description: 'Deletes the channel, its messages and deliveries. A member run in flight goes on in its session, but nothing more is posted.',
        params: channelParams,
        response: { 200: okDeleted },
      },
      handler: async (req) => {
        await channels.remove(req.params.channelId);
        return { ok: true, deleted: true, id: req.params.channelId };
      },
    }),
    'member-put': route({
      schema: {
        tags,
        description: 'Adds the agent at the end of the member order (nothing changes when it is a member already). It receives messages posted from now on. ' + '404 agent_not_found, 409 group_channel_members_full.',
        params: memberParams,
        response: { 200: okChannel },
      },
      handler: async (req) => ({ ok: true, channel: await channels.addMember(req.params.channelId, req.params.agentId) }),
    }),
    'member-delete': route({
      schema: {
        tags,
        description: 'Removes the member; its parts of deliveries not started yet go. 404 group_channel_member_not_found; the last member is 409 group_channel_last_member.',
        params: memberParams,
        response: { 200: okChannel },
      },
      handler: async (req) => ({ ok: true, channel: await channels.removeMember(req.params.channelId, req.params.agentId) }),
    }),
    'messages-list': route({
      schema: {
        tags,
        description:
          'The stream, newest page first, each page oldest first; operator messages carry their delivery with each member status. ' +
          'Page to older messages with nextCursor: paging visits every message once. Without a cursor, `queued` lists the operator messages waiting for delivery.',
        params: channelParams,
        querystring: messagesQuery,
        response: { 200: okMessagePage },
      },
      handler: async (req) => {
        const { channelId } = req.params;
        let before: number | undefined;
        if (req.query.cursor !== undefined) {
          const cursor = await cursors.verify<PageCursor>('messages', req.query.cursor);
          if (cursor.c !== channelId || !Number.isSafeInteger(cursor.s)) throw errors.groupChannelCursorInvalid({ reason: 'issued for another channel' });
          before = cursor.s;
        }
        await channels.get(channelId);
        const page = await messages.page(channelId, req.query.limit, before);
        const oldest = page.items[0]?.seq;
        return {
          ok: true,
          items: page.items,
          nextCursor: page.more && oldest != null ? await cursors.sign<PageCursor>('messages', { c: channelId, s: oldest }) : null,
          queued: before === undefined ? await messages.queued(channelId) : [],
        };
      },
    }),
    'messages-post': route({
      schema: {
        tags,
        description:
          'Posts an operator message for every current member (202). Deliveries of a channel run one at a time in posting order: ' +
          'a message posted while another is delivered waits (`delivery.status` queued). 409 group_channel_no_members, group_channel_queue_full.',
        params: channelParams,
        body: postBody,
        response: { 200: okPosted, 202: okPosted },
      },
      handler: async (req) => {
        const { channelId } = req.params;
        const posted = await messages.post(channelId, req.body);
        // Read before the kick: a new message answers as accepted (queued), however soon its delivery starts.
        const message = await messages.message(channelId, posted.messageId);
        if (!posted.replayed) engine.kick(channelId);
        return respond.json({ ok: true, message, deliveryId: message.delivery!.id, replayed: posted.replayed }, { status: posted.replayed ? 200 : 202 });
      },
    }),
  };
  for (const binding of Object.values(routes)) binding.validationError = errors.groupChannelRequestInvalid;
  return routes;
}
