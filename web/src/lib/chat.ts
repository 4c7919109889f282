/**
 * The chat API as the UI uses it: a turn streamed as NDJSON (one JSON event per line, read as it
 * arrives), a run's stream resumed after the last event seen (`GET /api/chat/runs/{runId}/events`),
 * plus sessions, cancel and steering through the ordinary JSON calls.
 */
import type { ApiResult } from './api-result.js';

export interface ChatEvent {
  type: string;
  runId: string;
  sessionId: string;
  ts: string;
  /** 1, 2, … per run: the number a resumed stream continues after. */
  seq: number;
  data: Record<string, any>;
}

/** Mirror: the session routes publish no response schema. */
export interface TranscriptMessage {
  seq: number;
  generation: number;
  runId: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  meta: {
    toolCalls?: Array<{ id: string; name: string; arguments: string }>;
    toolCallId?: string;
    steeringId?: string;
    outcome?: 'failed' | 'cancelled';
    attachments?: Array<{ name: string; type: string; size: number; reference?: string }>;
  };
  createdAt: string;
}

/** What `GET /api/sessions/{sessionId}` gives per run of the page (`runs`, keyed by run id): shown under its answer. */
export interface RunAnswerMeta {
  status: string;
  model: { connectionId: string; model: string } | null;
  durationMs: number | null;
  /** The run's terminal usage; runs since accounting also carry their cost (`currency` null before a priced call). */
  usage: { inputTokens: number; outputTokens: number; reasoningTokens: number; cachedTokens?: number; cost?: number; currency?: string | null; unpricedCalls?: number } | null;
}

/** Mirror: the session routes publish no response schema. */
export interface SessionSummary {
  agentId: string;
  sessionId: string;
  title: string;
  generation: number;
  messageCount: number;
  updatedAt: string;
  archived?: boolean;
}

export const TERMINAL_EVENTS = ['run.completed', 'run.failed', 'run.cancelled', 'run.superseded'];

/** How a stream ended: the terminal response, or why there was none. */
export type StreamEnd = ApiResult<Record<string, any>>;

/**
 * Posts a turn and calls `onEvent` for each event as it arrives. Resolves with the terminal
 * response, or with the JSON error the server sent before streaming (validation failures), or
 * with `stream_ended` when the connection dropped after the run started (then resume it).
 */
export async function streamTurn(body: Record<string, unknown>, onEvent: (event: ChatEvent) => void, signal?: AbortSignal): Promise<StreamEnd> {
  return readStream(
    () =>
      fetch('/api/chat', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      }),
    onEvent,
  );
}

/**
 * Resumes a run's stream after event `after`: the stored events, then the live tail to the
 * terminal event, wherever the run runs (another process, or ended while the page was away).
 */
export async function resumeRun(agentId: string, runId: string, after: number, onEvent: (event: ChatEvent) => void, signal?: AbortSignal): Promise<StreamEnd> {
  const url = `/api/chat/runs/${encodeURIComponent(runId)}/events?agentId=${encodeURIComponent(agentId)}&after=${after}`;
  return readStream(() => fetch(url, { credentials: 'same-origin', headers: { accept: 'application/x-ndjson' }, ...(signal ? { signal } : {}) }), onEvent);
}

async function readStream(open: () => Promise<Response>, onEvent: (event: ChatEvent) => void): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await open();
  } catch (error) {
    return { ok: false, status: 0, error: 'network_error', message: error instanceof Error ? error.message : String(error) };
  }
  if (!(response.headers.get('content-type') ?? '').includes('application/x-ndjson') || !response.body) {
    const failure = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
    return { ok: false, status: response.status, error: failure.error ?? `http_${response.status}`, message: failure.message ?? response.statusText };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let terminal: Record<string, any> | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (!line.trim()) continue;
        let event: ChatEvent;
        try {
          event = JSON.parse(line) as ChatEvent;
        } catch {
          continue; // a broken line: skip it, the terminal response is authoritative
        }
        onEvent(event);
        if (TERMINAL_EVENTS.includes(event.type)) terminal = event.data.response;
      }
    }
  } catch {
    // The connection dropped mid-stream (or the page stopped reading): the caller resumes.
  }
  if (!terminal) return { ok: false, status: 200, error: 'stream_ended', message: 'The connection dropped before the run finished.' };
  return { ok: true, status: 200, data: terminal };
}
