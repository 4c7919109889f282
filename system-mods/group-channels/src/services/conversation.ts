/**
 * The rules of a channel conversation as pure functions: limits, who a round of answers
 * mentions, and the bounded input each member gets. The delivery engine applies them.
 */

/** Members per channel. */
export const MIN_MEMBERS = 1;
export const MAX_MEMBERS = 12;
/** Rounds per operator message: round 1 asks every member, each further round the mentioned ones. */
export const DEFAULT_MAX_ROUNDS = 3;
export const HARD_MAX_ROUNDS = 10;
/** Operator messages waiting for delivery in one channel. */
export const MAX_QUEUED = 20;
export const MAX_NAME = 120;
export const MAX_DESCRIPTION = 2_000;
export const MAX_CONTENT = 8_000;
/** Channel ids leave room for the `channel-` prefix of the member sessions. */
export const MAX_CHANNEL_ID = 48;
export const CHANNEL_ID_PATTERN = `^[a-z0-9][a-z0-9_-]{0,${MAX_CHANNEL_ID - 1}}$`;
/** Message pages. */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;
/** The transcript in a member's input: the latest messages, each cut, all of them bounded. */
export const CONTEXT_MESSAGES = 20;
export const CONTEXT_MESSAGE_CHARS = 2_000;
export const CONTEXT_TOTAL_CHARS = 12_000;

/** The chat session a member's runs in a channel use. */
export const memberSession = (channelId: string): string => `channel-${channelId}`;

// `@id` where id is an agent id (lower-case letters, digits, `-`, `_`), not inside a word or an e-mail address.
const MENTION = /(?<![A-Za-z0-9_.@-])@([a-z0-9][a-z0-9_-]{0,63})(?![A-Za-z0-9_-])/g;

/** The agent ids `text` mentions, in order of first appearance. */
export function mentionsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(MENTION)) if (!found.includes(match[1]!)) found.push(match[1]!);
  return found;
}

/** One answer of a round, in posting order. */
export interface RoundAnswer {
  agentId: string;
  content: string;
}

/**
 * Who the next round asks: the members mentioned in this round's answers, in member order,
 * except a member mentioning itself and a member that answered after the mention in the same
 * round (it already saw it).
 */
export function nextRoundTargets(answers: RoundAnswer[], members: string[]): string[] {
  const wanted = new Set<string>();
  answers.forEach((answer, index) => {
    for (const mentioned of mentionsIn(answer.content)) {
      if (mentioned === answer.agentId || !members.includes(mentioned)) continue;
      const answeredLater = answers.slice(index + 1).some((later) => later.agentId === mentioned);
      if (!answeredLater) wanted.add(mentioned);
    }
  });
  return members.filter((member) => wanted.has(member));
}

/** A message as a member's input shows it. */
export interface ContextMessage {
  author: 'operator' | 'agent' | 'system';
  agentId: string | null;
  content: string;
}

export interface MemberInputOptions {
  channel: { id: string; name: string; description: string; maxRounds: number };
  /** The member being asked. */
  agentId: string;
  /** Every member in order, with display names. */
  members: Array<{ agentId: string; name: string }>;
  /** The channel's latest messages, oldest first (more than fit is fine: the oldest are dropped). */
  transcript: ContextMessage[];
  round: number;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)} […]` : text);

/** The message a member's run gets: who is here, the recent transcript (bounded), and how to answer. */
export function memberInput(options: MemberInputOptions): string {
  const { channel, agentId, members, round } = options;
  const self = members.find((m) => m.agentId === agentId);
  const others = members.filter((m) => m.agentId !== agentId).map((m) => `@${m.agentId} (${m.name})`);
  const lines: string[] = [];
  let total = 0;
  for (const message of options.transcript
    .filter((m) => m.author !== 'system')
    .slice(-CONTEXT_MESSAGES)
    .reverse()) {
    const who = message.author === 'operator' ? 'operator' : `@${message.agentId}`;
    const line = `[${who}] ${cut(message.content, CONTEXT_MESSAGE_CHARS)}`;
    if (lines.length > 0 && total + line.length > CONTEXT_TOTAL_CHARS) break;
    lines.unshift(line);
    total += line.length;
  }
  return [
    `You are @${agentId}${self ? ` (${self.name})` : ''} in the group channel "${channel.name}" (#${channel.id}) with the operator${others.length ? ` and ${others.join(', ')}` : ''}.`,
    ...(channel.description ? [`About this channel: ${cut(channel.description, 500)}`] : []),
    '',
    'Recent messages, oldest first:',
    ...lines,
    '',
    `Write your reply to the channel as @${agentId} (round ${round} of at most ${channel.maxRounds}). ` +
      'To ask another member to answer, mention them as @their-id; a mention asks them for one more round, within the bound.',
  ].join('\n');
}
