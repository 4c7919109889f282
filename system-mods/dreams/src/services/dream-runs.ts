/** One model call of a Dream through the chat run engine: its answer, or the run's failure code. */
import { TERMINAL_RUN_EVENTS, type AgentRunsService, type RunOrigin } from '../../../chat/src/contract.js';
import type { AgentDreamSettings } from '../../../agents/src/contract.js';

/** A run that did not complete: `code` is the engine's refusal or the run's error code; `detail` its message, when it gave one. */
export class DreamRunFailure extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string,
  ) {
    super(code);
  }
}

export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string') return (error as { code: string }).code;
  return error instanceof Error ? error.message : String(error);
}

/** Asks through the agent's run engine with the Dream settings' own model when they name one (else the agent's chat model). */
export async function askDream(runs: Pick<AgentRunsService, 'start'>, request: { settings: AgentDreamSettings; sessionId: string; message: string; origin: RunOrigin }): Promise<{ runId: string; answer: string }> {
  const { settings } = request;
  const model = settings.modelConnectionId && settings.model ? { modelConnectionId: settings.modelConnectionId, model: settings.model } : {};
  let handle;
  try {
    handle = await runs.start({ agentId: settings.agentId, sessionId: request.sessionId, input: { message: request.message, ...model }, origin: request.origin });
  } catch (error) {
    throw new DreamRunFailure(describe(error));
  }
  let terminal: { type: string; response: Record<string, unknown> } | undefined;
  for await (const event of handle.events) {
    if (TERMINAL_RUN_EVENTS.includes(event.type)) terminal = { type: event.type, response: (event.data.response ?? {}) as Record<string, unknown> };
  }
  if (!terminal) throw new DreamRunFailure('dream_run_ended_without_outcome');
  if (terminal.type !== 'run.completed') {
    const detail = typeof terminal.response.message === 'string' ? terminal.response.message : undefined;
    throw new DreamRunFailure(String(terminal.response.error ?? terminal.type), detail);
  }
  return { runId: handle.runId, answer: typeof terminal.response.answer === 'string' ? terminal.response.answer : '' };
}
