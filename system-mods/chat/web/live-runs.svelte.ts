/**
 * The chat view's live runs, kept per session and outside any component: a run started in one
 * session keeps streaming (and its queued follow-ups keep going) while the operator reads
 * another, and comes back with its session. A dropped connection resumes where it left off
 * through `GET /api/chat/runs/{runId}/events?after=<seq>`; after a reload the view re-attaches to
 * a session's running turn from the active runs (`attach`).
 *
 * At most the runs of the sessions the operator opened hold a connection: a browser keeps about
 * six HTTP/1.1 connections per server, so runs elsewhere (schedules, tasks) are only listed.
 */
import { SvelteMap } from 'svelte/reactivity';
import { chatApi } from '../../../web/src/lib/api';
import { resumeRun, streamTurn, type ChatEvent, type StreamEnd } from '../../../web/src/lib/chat';

export interface ToolCard {
  callId: string;
  name: string;
  tool: string;
  arguments: unknown;
  status: 'running' | 'ok' | 'failed';
  error?: { code: string; message: string };
  /** The head of the output (the whole is in the transcript). */
  output?: string;
  outputChars?: number;
  durationMs?: number;
}

/** A tool call of this run waiting for (or answered by) the operator (`approval.requested`). */
export interface ApprovalNote {
  approvalId: string;
  callId: string;
  tool: string;
  name: string;
  arguments: unknown;
  ruleId: string;
  reason: string;
  deadline: string;
  status: 'pending' | 'approved' | 'denied' | 'expired' | 'abandoned';
  message?: string | null;
}

/** One piece of a live answer, in the order it happened: a model call's text, or a tool call. */
/** A run's tokens and cost so far (`model.completed.runUsage`, then the terminal `usage`). */
export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens?: number;
  cachedTokens?: number;
  /** The priced calls' cost in `currency` (null before a priced call). */
  cost?: number;
  currency?: string | null;
  /** Calls of a model without a price: their cost is unknown, not 0. */
  unpricedCalls?: number;
}

/** A budget this run's spend moved to near or exhausted (`budget.updated`). */
export interface BudgetNote {
  budgetId: string;
  state: 'ok' | 'near' | 'exhausted';
  reason: string;
}

export type LiveItem = { kind: 'text'; key: string; text: string } | { kind: 'tool'; key: string; card: ToolCard };

export interface SteeringNote {
  key: string;
  id?: string;
  message: string;
  status: 'sending' | 'pending' | 'delivered' | 'follow_up' | 'failed';
  problem?: string;
}

export interface OutgoingAttachment {
  name: string;
  type: string;
  size: number;
  encoding: 'utf8' | 'base64' | 'data-url';
  content: string;
  /** A data URL for an image's thumbnail. */
  preview?: string;
}

export interface Turn {
  agentId: string;
  sessionId: string;
  message: string;
  attachments: OutgoingAttachment[];
  /** A per-turn model; absent: the agent's own selection. */
  model?: { modelConnectionId: string; model: string };
}

export interface QueuedTurn extends Turn {
  key: string;
  /** Why the server refused it when its turn came (it stays queued, for the operator to edit or drop). */
  refused?: string;
}

/** Resume attempts after a dropped connection, with these waits between them (then: give up, say so). */
const RESUME_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000];

const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LiveRun {
  runId: string;
  phase = $state<'starting' | 'working' | 'ended'>('starting');
  question = $state<{ message: string; attachments: Array<{ name: string; type: string; size: number; preview?: string }> } | undefined>();
  items = $state<LiveItem[]>([]);
  thought = $state('');
  notices = $state<string[]>([]);
  /** Tokens and cost so far, from each model call's end. */
  usage = $state<RunUsage | undefined>();
  /** The budgets this run moved to near or exhausted, latest state per budget. */
  budgets = $state<BudgetNote[]>([]);
  steering = $state<SteeringNote[]>([]);
  /** Tool calls that asked the operator, by call (answered ones keep their outcome). */
  approvals = $state<ApprovalNote[]>([]);
  model = $state<{ connectionId: string; model: string } | null>(null);
  startedAt = $state(Date.now());
  endedAt = $state<number | undefined>();
  /** The terminal response, once there is one. */
  response = $state<Record<string, any> | undefined>();
  /** Set while the page lost the stream and is resuming it; `lost` once it gave up. */
  connection = $state<'ok' | 'resuming' | 'lost'>('ok');
  lastSeq = 0;
  readonly abort = new AbortController();

  constructor(
    readonly agentId: string,
    readonly sessionId: string,
    runId: string,
  ) {
    this.runId = runId;
  }

  /** The answer so far: the text of the last model call (what the transcript will keep). */
  get answer(): string {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i]!;
      if (item.kind === 'text') return item.text;
    }
    return '';
  }

  /** What the run is doing now, in words. */
  get activity(): string {
    if (this.phase === 'starting') return 'Starting';
    const last = this.items.at(-1);
    if (this.approvals.some((a) => a.status === 'pending')) return 'Waiting for your approval';
    if (last?.kind === 'tool' && last.card.status === 'running') return `Running ${last.card.name}`;
    if (last?.kind === 'text' && last.text) return 'Writing';
    return 'Thinking';
  }

  apply(event: ChatEvent): void {
    if (typeof event.seq === 'number') {
      if (event.seq <= this.lastSeq) return; // already seen (a resumed stream overlaps by design)
      this.lastSeq = event.seq;
    }
    const data = event.data ?? {};
    switch (event.type) {
      case 'run.started':
        this.phase = 'working';
        this.startedAt = Date.parse(event.ts) || this.startedAt;
        this.model = data.model ?? null;
        this.question ??= { message: String(data.message ?? ''), attachments: Array.isArray(data.attachments) ? data.attachments : [] };
        break;
      case 'model.started':
        this.phase = 'working';
        this.items.push({ kind: 'text', key: `t${event.seq}`, text: '' });
        break;
      case 'assistant.delta': {
        const last = this.items.at(-1);
        if (last?.kind === 'text') last.text += data.delta ?? '';
        else this.items.push({ kind: 'text', key: `t${event.seq}`, text: data.delta ?? '' });
        break;
      }
      case 'model.completed':
        if (data.runUsage && typeof data.runUsage === 'object') this.usage = data.runUsage;
        break;
      case 'budget.updated': {
        const note: BudgetNote = { budgetId: String(data.budgetId ?? ''), state: data.state, reason: String(data.reason ?? '') };
        const known = this.budgets.findIndex((b) => b.budgetId === note.budgetId);
        if (known >= 0) this.budgets[known] = note;
        else if (note.state !== 'ok') this.budgets.push(note);
        break;
      }
      case 'assistant.thought':
        this.thought += data.delta ?? '';
        break;
      case 'tool.started':
        this.items.push({ kind: 'tool', key: `c${data.callId}`, card: { callId: data.callId, name: data.name ?? data.tool, tool: data.tool, arguments: data.arguments, status: 'running' } });
        break;
      case 'tool.completed': {
        const item = this.items.find((i): i is Extract<LiveItem, { kind: 'tool' }> => i.kind === 'tool' && i.card.callId === data.callId);
        const card: ToolCard = item?.card ?? { callId: data.callId, name: data.name ?? data.tool, tool: data.tool, arguments: undefined, status: 'running' };
        card.status = data.ok ? 'ok' : 'failed';
        card.durationMs = data.durationMs;
        if (data.error) card.error = data.error;
        if (typeof data.output === 'string') card.output = data.output;
        if (typeof data.outputChars === 'number') card.outputChars = data.outputChars;
        if (!item) this.items.push({ kind: 'tool', key: `c${data.callId}`, card });
        break;
      }
      case 'approval.requested':
        this.approvals.push({
          approvalId: String(data.approvalId),
          callId: String(data.callId),
          tool: String(data.tool),
          name: String(data.name ?? data.tool),
          arguments: data.arguments,
          ruleId: String(data.rule?.id ?? ''),
          reason: String(data.reason ?? ''),
          deadline: String(data.deadline ?? ''),
          status: 'pending',
        });
        break;
      case 'approval.decided': {
        const note = this.approvals.find((a) => a.approvalId === data.approvalId);
        if (note) {
          note.status = data.status;
          note.message = data.message ?? null;
        }
        break;
      }
      case 'runtime.notice':
        if (data.kind === 'steering_delivered') {
          const ids: string[] = data.steeringIds ?? [];
          for (const note of this.steering) if (note.id && ids.includes(note.id)) note.status = 'delivered';
        } else {
          this.notices.push(data.message ? String(data.message) : String(data.kind).replaceAll('_', ' '));
        }
        break;
      default:
        if (event.type.startsWith('run.') && event.type !== 'run.started' && data.response) this.finish(data.response);
    }
  }

  finish(response: Record<string, any>): void {
    if (this.phase === 'ended') return;
    this.response = response;
    this.phase = 'ended';
    this.endedAt = Date.now();
    this.connection = 'ok';
  }
}

type Settled = (run: LiveRun) => void;

const key = (agentId: string, sessionId: string) => `${agentId}\u0000${sessionId}`;

class LiveRuns {
  #runs = new SvelteMap<string, LiveRun>();
  #queues = new SvelteMap<string, QueuedTurn[]>();
  #settled = new Set<Settled>();

  /** The session's live run (working, or ended and not yet replaced by the stored transcript). */
  of(agentId: string, sessionId: string): LiveRun | undefined {
    return this.#runs.get(key(agentId, sessionId));
  }

  /** Sessions of the agent with a run this page follows that has not ended. */
  working(agentId: string): Set<string> {
    const ids = new Set<string>();
    for (const run of this.#runs.values()) if (run.agentId === agentId && run.phase !== 'ended') ids.add(run.sessionId);
    return ids;
  }

  queued(agentId: string, sessionId: string): QueuedTurn[] {
    return this.#queues.get(key(agentId, sessionId)) ?? [];
  }

  /** Called with each run when it ends (the page reloads the transcript, then `dismiss`es it). */
  onSettled(listener: Settled): () => void {
    this.#settled.add(listener);
    return () => this.#settled.delete(listener);
  }

  /** Forgets an ended run: the stored transcript shows it now. */
  dismiss(run: LiveRun): void {
    const k = key(run.agentId, run.sessionId);
    if (this.#runs.get(k) === run && run.phase === 'ended') this.#runs.delete(k);
  }

  /**
   * Starts a turn. Resolves once the server accepted it (its first event) or refused it before
   * any event (then the caller keeps the draft); the run goes on in the background, resuming
   * through a dropped connection, and ends through `onSettled`.
   */
  start(turn: Turn): Promise<{ refused?: Extract<StreamEnd, { ok: false }> }> {
    // The page names the run, so it can resume even when the connection drops before the first event.
    const run = new LiveRun(turn.agentId, turn.sessionId, `run_${newId()}`);
    run.question = { message: turn.message, attachments: turn.attachments.map(({ name, type, size, preview }) => ({ name, type, size, ...(preview ? { preview } : {}) })) };
    const k = key(turn.agentId, turn.sessionId);
    this.#runs.set(k, run);
    const attachments = turn.attachments.map(({ name, type, size, encoding, content }) => ({ name, type, size, encoding, content }));
    const body = {
      agentId: turn.agentId,
      sessionId: turn.sessionId,
      message: turn.message,
      runId: run.runId,
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(turn.model ?? {}),
    };
    let accept!: (outcome: { refused?: Extract<StreamEnd, { ok: false }> }) => void;
    const accepted = new Promise<{ refused?: Extract<StreamEnd, { ok: false }> }>((resolve) => (accept = resolve));
    void (async () => {
      const result = await streamTurn(
        body,
        (event) => {
          run.apply(event);
          accept({});
        },
        run.abort.signal,
      );
      if (!result.ok && run.lastSeq === 0 && result.error !== 'stream_ended') {
        // Unreachable server: the turn may still have arrived. If the run exists, follow it.
        const probe = result.status === 0 ? await resumeRun(run.agentId, run.runId, 0, (event) => run.apply(event)) : undefined;
        if (!probe || (run.lastSeq === 0 && (probe.status === 0 || probe.status === 404))) {
          this.#runs.delete(k);
          accept({ refused: result });
          return;
        }
        if (probe.ok) run.finish(probe.data);
      }
      accept({});
      if (result.ok) run.finish(result.data);
      else if (run.phase !== 'ended') await this.#follow(run);
      await this.#end(run);
    })();
    return accepted;
  }

  /** Follows a run the page did not start (after a reload): its events from the first. */
  async attach(agentId: string, sessionId: string, runId: string): Promise<void> {
    const k = key(agentId, sessionId);
    const current = this.#runs.get(k);
    if (current && (current.runId === runId || current.phase !== 'ended')) return;
    const run = new LiveRun(agentId, sessionId, runId);
    this.#runs.set(k, run);
    await this.#follow(run);
    await this.#end(run);
  }

  /** Queues a turn to start when the session's run ends. */
  enqueue(turn: Turn): void {
    const k = key(turn.agentId, turn.sessionId);
    this.#queues.set(k, [...(this.#queues.get(k) ?? []), { ...turn, key: newId() }]);
    if (!this.of(turn.agentId, turn.sessionId) || this.of(turn.agentId, turn.sessionId)!.phase === 'ended') this.#next(k);
  }

  unqueue(agentId: string, sessionId: string, queuedKey: string): void {
    const k = key(agentId, sessionId);
    this.#queues.set(
      k,
      (this.#queues.get(k) ?? []).filter((q) => q.key !== queuedKey),
    );
  }

  /** Sends a steering message into the run; its note follows it to `delivered` or `follow_up`. */
  async steer(run: LiveRun, message: string): Promise<void> {
    run.steering.push({ key: newId(), message, status: 'sending' });
    const note = run.steering.at(-1)!;
    const result = await chatApi.steer(run.agentId, run.sessionId, run.runId, message);
    if (!result.ok) {
      note.status = 'failed';
      note.problem = result.message || result.error;
      return;
    }
    note.id = result.data.steering.id;
    if (note.status === 'sending') note.status = result.data.steering.status as SteeringNote['status'];
    if (run.phase === 'ended') await this.#readSteering(run);
  }

  async #follow(run: LiveRun): Promise<void> {
    for (let attempt = 0; run.phase !== 'ended'; attempt++) {
      if (attempt >= RESUME_BACKOFF_MS.length) {
        run.connection = 'lost';
        return;
      }
      if (attempt > 0 || run.lastSeq > 0) run.connection = 'resuming';
      if (attempt > 0) await wait(RESUME_BACKOFF_MS[attempt - 1]!);
      const result = await resumeRun(run.agentId, run.runId, run.lastSeq, (event) => {
        run.connection = 'ok';
        run.apply(event);
      });
      if (result.ok) run.finish(result.data);
      else if (result.status === 404) {
        // The run is gone (purged), or never started: nothing to follow.
        run.finish({ ok: false, status: 'unknown', error: result.error, message: result.message });
      }
    }
  }

  async #end(run: LiveRun): Promise<void> {
    if (run.steering.some((s) => s.status === 'pending' || s.status === 'sending')) await this.#readSteering(run);
    for (const listener of this.#settled) listener(run);
    this.#next(key(run.agentId, run.sessionId));
  }

  async #readSteering(run: LiveRun): Promise<void> {
    const result = await chatApi.steering(run.agentId, run.sessionId, run.runId);
    if (!result.ok) return;
    for (const note of run.steering) {
      const stored = result.data.items.find((i) => i.id === note.id);
      if (stored) note.status = stored.status as SteeringNote['status'];
    }
  }

  #next(k: string): void {
    const queue = this.#queues.get(k) ?? [];
    const turn = queue[0];
    if (!turn) return;
    this.#queues.set(k, queue.slice(1));
    const { key: _key, refused: _refused, ...rest } = turn;
    void this.start(rest).then(({ refused }) => {
      if (refused) {
        // A queued turn the server refused comes back to the head of the queue, marked, so nothing typed is lost.
        this.#queues.set(k, [{ ...turn, refused: refused.message || refused.error }, ...(this.#queues.get(k) ?? [])]);
      }
    });
  }
}

export const liveRuns = new LiveRuns();
