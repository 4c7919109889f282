/**
 * Runs deliveries: per channel one at a time, in the order their messages were posted. A
 * delivery asks the members one after another in member order (round 1: every member), each
 * as a run of the chat mod's engine in the member's own channel session, and posts each
 * answer before asking the next member, so every member sees what the previous ones said.
 * Members mentioned in a round's answers are asked again in the next round, up to the bound
 * the channel had when the delivery started.
 *
 * Within a process one pump per channel claims deliveries; across replicas the claim (the
 * channel row lock, and "none running") keeps a channel to one delivery at a time.
 */
import { randomUUID } from 'node:crypto';
import { isSvcError, type LoggerService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { TERMINAL_RUN_EVENTS, type AgentRunEvent, type AgentRunsService } from '../../../chat/src/contract.js';
import { MEMBER_FAILURE } from '../errors.js';
import type { ChannelStore } from './channel-store.js';
import { CONTEXT_MESSAGES, memberInput, memberSession, nextRoundTargets, type RoundAnswer } from './conversation.js';
import type { ClaimedDelivery, MessageStore } from './message-store.js';

interface Pump {
  /** A kick came while the pump was looking: look again before stopping. */
  again: boolean;
  done: Promise<void>;
}

interface RunResponse {
  ok?: boolean;
  answer?: unknown;
  error?: unknown;
  message?: unknown;
}

export class DeliveryEngine {
  /** Marks the deliveries this process runs (and lets a restart tell them from other replicas'). */
  readonly worker = randomUUID();
  private readonly pumps = new Map<string, Pump>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: MessageStore,
    private readonly channels: ChannelStore,
    private readonly agents: AgentsService,
    private readonly runs: AgentRunsService,
    private readonly log: LoggerService,
  ) {}

  /** Makes sure the channel's queue is being worked on. */
  kick(channelId: string): void {
    if (this.stopping.signal.aborted) return;
    const running = this.pumps.get(channelId);
    if (running) {
      running.again = true;
      return;
    }
    const pump: Pump = { again: false, done: Promise.resolve() };
    this.pumps.set(channelId, pump);
    pump.done = this.pump(channelId, pump);
  }

  /** Stops taking work, leaves runs in flight (they are the chat mod's) and marks this process's deliveries interrupted. */
  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.pumps.values()].map((p) => p.done));
    await this.store.interrupt({ worker: this.worker });
  }

  private get closed(): boolean {
    return this.stopping.signal.aborted;
  }

  private async pump(channelId: string, pump: Pump): Promise<void> {
    try {
      for (;;) {
        if (this.closed) return;
        pump.again = false;
        const claimed = await this.store.claimNext(channelId, this.worker);
        if (claimed) {
          await this.deliver(claimed);
          continue;
        }
        if (!pump.again) return;
      }
    } catch (err) {
      // A database failure: the delivery stays running until close() or the next sweep marks it.
      this.log.error({ err, channelId }, 'group channel delivery failed');
    } finally {
      this.pumps.delete(channelId);
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    for (let round = 1; ; round++) {
      const answers: RoundAnswer[] = [];
      for (const part of await this.store.roundParts(delivery.id, round)) {
        if (this.closed) return;
        if (part.status !== 'pending') continue;
        const answer = await this.ask(delivery, round, part.agentId);
        if (answer !== null) answers.push({ agentId: part.agentId, content: answer });
      }
      if (this.closed) return;
      const members = await this.channels.memberIds(this.store.knex, delivery.channelId);
      const targets = nextRoundTargets(answers, members);
      if (targets.length === 0) return this.store.complete(delivery, null);
      if (round >= delivery.maxRounds) {
        const named = targets.map((t) => `@${t}`).join(', ');
        return this.store.complete(delivery, {
          unansweredMentions: targets,
          notice: `The conversation reached this channel's bound of ${delivery.maxRounds} round${delivery.maxRounds === 1 ? '' : 's'}; ${named} ${targets.length === 1 ? 'was' : 'were'} mentioned but not asked again.`,
        });
      }
      await this.store.openRound(delivery.id, round + 1, targets);
    }
  }

  /** Asks one member; its answer once posted, else null (failed, gone, or stopping). */
  private async ask(delivery: ClaimedDelivery, round: number, agentId: string): Promise<string | null> {
    if (!(await this.store.startPart(delivery.id, round, agentId, this.worker))) return null;
    const part = { deliveryId: delivery.id, channelId: delivery.channelId, replyTo: delivery.messageId, round, agentId, runId: null as string | null };
    try {
      const channel = await this.channels.get(delivery.channelId);
      const registry = new Map((await this.agents.list({ includeDisabled: true })).map((a) => [a.id, a.name]));
      const message = memberInput({
        channel: { ...channel, maxRounds: delivery.maxRounds },
        agentId,
        members: channel.members.map((m) => ({ agentId: m.agentId, name: registry.get(m.agentId) ?? m.agentId })),
        transcript: await this.store.recent(delivery.channelId, CONTEXT_MESSAGES),
        round,
      });
      const handle = await this.runs.start({ agentId, sessionId: memberSession(delivery.channelId), input: { message }, origin: { kind: 'channel', id: delivery.channelId } });
      part.runId = handle.runId;
      await this.store.setRunId(delivery.id, round, agentId, handle.runId);
      const terminal = await this.terminalOf(handle.events);
      if (terminal === 'stopping') return null;
      const response = (terminal?.data.response ?? {}) as RunResponse;
      if (terminal?.type === 'run.completed' && response.ok !== false) {
        const answer = typeof response.answer === 'string' ? response.answer : '';
        if (answer.trim() === '') {
          await this.store.fail(part, { code: MEMBER_FAILURE.emptyAnswer, message: 'The run completed without an answer' });
          return null;
        }
        return (await this.store.answer(part, answer)) === null ? null : answer;
      }
      await this.store.fail(part, {
        code: typeof response.error === 'string' ? response.error : MEMBER_FAILURE.runFailed,
        message: typeof response.message === 'string' ? response.message : `The run ended with ${terminal?.type ?? 'no terminal event'}`,
      });
      return null;
    } catch (err) {
      if (this.closed) return null;
      if (!isSvcError(err)) this.log.warn({ err, channelId: delivery.channelId, agentId }, 'a group channel member run could not start');
      await this.store.fail(part, {
        code: isSvcError(err) ? err.code : MEMBER_FAILURE.runFailed,
        message: err instanceof Error ? err.message : String(err),
      });
      return null;
    }
  }

  /** The run's terminal event; `stopping` when this process stops first (the run is left to go on). */
  private async terminalOf(events: AsyncIterable<AgentRunEvent>): Promise<AgentRunEvent | undefined | 'stopping'> {
    const signal = this.stopping.signal;
    if (signal.aborted) return 'stopping';
    let onAbort = () => {};
    const stopped = new Promise<'stopping'>((resolve) => {
      onAbort = () => resolve('stopping');
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const iterator = events[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), stopped]);
        if (next === 'stopping') return 'stopping';
        if (next.done) return undefined;
        if (TERMINAL_RUN_EVENTS.includes(next.value.type)) return next.value;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      // Leaving the loop detaches from the run; it never cancels it.
      void iterator.return?.()?.catch(() => undefined);
    }
  }
}
