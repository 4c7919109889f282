/**
 * A refused chat turn in plain words: what happened and what to do, with a link to the page that
 * fixes it. `POST /api/chat` refuses a turn before any stream byte with a catalogued `{error,
 * message}` (the chat mod's `src/errors.ts`, the kernel's edge codes, the agents and continuity
 * mods' codes its admission meets); the browser adds `network_error` (status 0) and the stream
 * reader `stream_ended`. The same words serve the steering and stop calls of the chat view, and
 * the error of a run that ended without completing. An unknown code falls back to its HTTP status.
 *
 * The server's message is not model output, but it is still shown only as text.
 */
import { agentHref } from './routes.js';

export interface RefusalFailure {
  status: number;
  error: string;
  message?: string;
}

export interface RefusalExplanation {
  text: string;
  link?: { href: string; label: string };
}

type Explain = (failure: RefusalFailure, ctx: { agentId: string }) => RefusalExplanation;

const agentModelLink = (agentId: string) => ({ href: agentHref(agentId), label: 'Open the agent’s model settings' });
const agentPageLink = (agentId: string) => ({ href: agentHref(agentId), label: 'Open the agent' });
const CONNECTIONS = { href: '#/connections', label: 'Open Connections' };
const MODS = { href: '#/mods', label: 'Open Mods' };
const AGENTS = { href: '#/agents', label: 'Open Agents' };
const USAGE = { href: '#/usage', label: 'Open Usage and budgets' };

/** `Attachment 2 is invalid: …` → `file 3` (the server counts from 0). */
function fileOf(message: string | undefined): string {
  const index = /(?:Attachment|attachment)\s+(\d+)/.exec(message ?? '')?.[1];
  return index === undefined ? 'an attached file' : `file ${Number(index) + 1}`;
}

/** What follows the first `: ` of the server's message (a reason), if any. */
function reasonOf(message: string | undefined): string {
  const at = (message ?? '').indexOf(': ');
  return at >= 0 ? message!.slice(at + 2).trim() : '';
}

const withReason = (text: string, reason: string) => (reason ? `${text} (${reason.replace(/[.\s]+$/, '')}).` : `${text}.`);

const EXPLAIN: Record<string, Explain> = {
  // The chat mod's admission (system-mods/chat/src/services/run/turn-input.ts, model-plan.ts, run-admission.ts).
  chat_message_required: () => ({ text: 'Write a message first: only an image may be sent without text.' }),
  chat_attachment_invalid: (f) => ({ text: withReason(`The server could not read ${fileOf(f.message)}; remove it and attach it again`, reasonOf(f.message)) }),
  chat_attachment_too_large: (f) => ({ text: `${fileOf(f.message).replace(/^./, (c) => c.toUpperCase())} is too large to send: an image may be about 22 MB at most. Remove it or send a smaller one.` }),
  chat_model_override_incomplete: () => ({ text: 'The model choice was incomplete. Pick the model again, or choose “Agent default”.' }),
  chat_model_not_configured: (_f, { agentId }) => ({ text: 'This agent has no model yet. Choose one in the agent’s model settings, or pick a model for this message.', link: agentModelLink(agentId) }),
  chat_model_connection_unknown: () => ({ text: 'The model’s connection no longer exists. Pick another model, or add the connection again.', link: CONNECTIONS }),
  chat_model_not_enabled: () => ({ text: 'That model is turned off on its connection. Pick another model, or enable it under Connections.', link: CONNECTIONS }),
  chat_reasoning_effort_unsupported: (f, { agentId }) => {
    const supported = /supported: ([^)]*)/.exec(f.message ?? '')?.[1];
    return { text: withReason('That model does not take the chosen reasoning effort; pick another effort in the agent’s model settings', supported ? `it takes: ${supported}` : ''), link: agentModelLink(agentId) };
  },
  chat_model_unavailable: () => ({ text: 'No model can answer: the Model connections mod is turned off (or the service is stopping). Enable it under Mods.', link: MODS }),
  chat_agent_disabled: (_f, { agentId }) => ({ text: 'This agent is disabled, so it takes no new messages. Enable it on its page to chat again.', link: agentPageLink(agentId) }),
  chat_run_exists: () => ({ text: 'This message was already sent once. Send it again as a new message.' }),
  chat_run_request_invalid: () => ({ text: 'The server could not accept this message as sent. Reload the page and send it again.' }),
  chat_session_run_active: () => ({ text: 'This session is still answering. Stop the running answer or wait for it to finish, then try again.' }),
  chat_run_not_found: () => ({ text: 'That answer is no longer running or is not in this session. Reload the session to see where it stands.' }),
  chat_run_session_mismatch: () => ({ text: 'That answer belongs to another session. Open its session, or reload this one.' }),
  chat_session_not_found: () => ({ text: 'This session does not exist (any more). Start a new one, or pick another session.' }),
  chat_approval_not_found: () => ({ text: 'That tool call is not waiting in this answer. Reload the session to see where it stands.' }),
  chat_approval_not_pending: () => ({ text: 'That tool call was already answered, or its time ran out. Reload the session to see what happened.' }),
  chat_approval_operator_only: () => ({ text: 'Only you can answer a tool call waiting for approval, from the chat or the approval queue.' }),
  chat_steering_empty: () => ({ text: 'An answer to a tool call carries no message of its own; send guidance separately.' }),
  steering_idempotency_conflict: () => ({ text: 'That guidance was already sent with different words. Send it again as new guidance.' }),
  // A run that ended without completing (its terminal response's `error`).
  chat_run_session_reset: () => ({ text: 'The session was reset while this answer was being written, so it was not kept.' }),
  chat_run_cancelled: () => ({ text: 'The answer was stopped. What tools had already done stays done.' }),
  chat_run_failed: () => ({ text: 'The answer failed on the server. Try again; if it keeps failing, the service log says why.' }),
  chat_run_timeout: () => ({ text: 'The answer took longer than the chat’s time limit and was stopped. Try a shorter task, or raise the limit (maxRunMs) in the Chat mod’s settings.', link: MODS }),
  chat_model_call_limit: () => ({
    text: 'The answer was stopped at the most model calls one run may make, so a looping model does not run on. Its stop report lists what it did; raise “Model calls per run” in the Chat settings if the task needs more.',
    link: { href: '#/settings/chat', label: 'Open the Chat settings' },
  }),
  chat_run_interrupted: () => ({ text: 'The service stopped while the answer was being written. Send the message again.' }),
  chat_model_failed: (f) => ({ text: withReason('The model provider refused or broke off the answer; check the connection and try again', reasonOf(f.message)), link: CONNECTIONS }),
  // A budget refused a model call of the run (the usage mod's taps on the model gateway).
  budget_exhausted: (f) => ({
    text: withReason(
      'A budget stopped this answer: the next model call would have gone past its limit, so it was not made. Raise or remove the budget on the Usage page, or wait for its period to end',
      reasonOf(f.message),
    ),
    link: USAGE,
  }),
  budget_unpriced_model: () => ({
    text: 'A money budget stopped this answer: the model has no price, so its cost cannot be counted. Set a price on the model under Connections, or allow unpriced calls in the budget on the Usage page.',
    link: USAGE,
  }),
  budget_check_failed: () => ({ text: 'The budgets could not be checked (the database), so the model call was not made. Wait a moment, then send again.' }),
  // The agents and continuity mods, met while a turn is admitted.
  agent_not_found: () => ({ text: 'This agent no longer exists. Pick another agent, or create it again.', link: AGENTS }),
  continuity_scope_mismatch: () => ({ text: 'This session is bound to another continuity scope. Start a new session, or rebind it first.' }),
  continuity_scope_invalid: () => ({ text: 'The continuity scope of this message is not valid. Remove it and send again.' }),
  // The kernel's edge (kernel/errors.ts).
  request_validation_failed: () => ({ text: 'The message could not be sent as it is: it may be too long (at most 1,000,000 characters) or have too many files (at most 32).' }),
  invalid_json: () => ({ text: 'The message could not be sent: the page sent a broken request. Reload the page and try again.' }),
  request_body_too_large: () => ({ text: 'The message with its files is larger than the server accepts. Send fewer or smaller files.' }),
  request_body_timeout: () => ({ text: 'The upload took too long and was cut off. Send fewer or smaller files, or try again on a faster connection.' }),
  json_too_deep: () => ({ text: 'The message could not be sent: the page sent a request nested too deeply. Reload the page and try again.' }),
  json_too_many_items: () => ({ text: 'The message could not be sent: it has more parts than the server accepts. Send fewer files.' }),
  nul_character_not_allowed: () => ({ text: 'The message contains a NUL character, which cannot be stored. Remove it (it often comes with pasted binary text) and send again.' }),
  application_json_required: () => ({ text: 'The page sent a request the server does not accept. Reload the page and try again.' }),
  unauthenticated: () => ({ text: 'Your sign-in has expired. Reload the page to sign in again; your draft stays in the box.' }),
  auth_disabled: () => ({ text: 'Sign-in is turned off on this service, so the chat cannot be used. Ask the operator to turn it on.' }),
  proxy_not_allowed: () => ({ text: 'The server does not trust the proxy this page came through. Ask the operator to check the proxy settings.' }),
  missing_proxy_user: () => ({ text: 'The proxy in front of the service did not say who you are. Sign in again through the proxy.' }),
  api_token_forbidden: () => ({ text: 'This sign-in may not send chat messages.' }),
  browser_origin_not_allowed: () => ({ text: 'The server refuses requests from this page’s address. Open the UI at the service’s own address.' }),
  host_not_allowed: () => ({ text: 'The server does not answer for this address. Open the UI at the service’s own address.' }),
  auth_throttled: () => ({ text: 'Too many failed sign-ins: wait a minute, then reload the page and sign in again.' }),
  service_shutting_down: () => ({ text: 'The service is restarting. Wait a moment, then send again.' }),
  database_unavailable: () => ({ text: 'The service cannot reach its database right now. Wait a moment, then send again.' }),
  route_not_found: () => ({ text: 'The Chat mod is not running, so messages cannot be sent. Enable it under Mods.', link: MODS }),
  mod_unavailable: () => ({ text: 'The Chat mod is not running right now. Check it under Mods.', link: MODS }),
  mod_busy: () => ({ text: 'The chat is busy with many requests. Wait a moment, then send again.' }),
  mod_route_deadline_exceeded: () => ({ text: 'The chat took too long to answer and was stopped; check the Chat mod under Mods before sending again.', link: MODS }),
  mod_route_failed: () => ({ text: 'The chat failed on the server. Try again; if it keeps failing, the service log says why.' }),
  internal_error: () => ({ text: 'The server failed while taking the message. Try again; if it keeps failing, the service log says why.' }),
  // The browser and the stream reader (web/src/lib/api.ts, chat.ts).
  network_error: () => ({ text: 'The service could not be reached: check your network or whether the service is running, then send again.' }),
  stream_ended: () => ({ text: 'The connection dropped before the answer finished. Reload the session to see what was saved.' }),
  invalid_response: () => ({ text: 'The service answered with something that is not the chat’s answer (a proxy in between?). Reload the page and try again.' }),
};

/** The codes with their own sentence (the unit test checks the chat catalogue against it). */
export const EXPLAINED_REFUSALS: readonly string[] = Object.freeze(Object.keys(EXPLAIN));

/** Words by HTTP status for a code without its own sentence. */
function byStatus(failure: RefusalFailure): RefusalExplanation {
  const code = failure.error ? ` (${failure.error})` : '';
  if (failure.status === 401) return EXPLAIN.unauthenticated!(failure, { agentId: '' });
  if (failure.status === 403) return { text: `The server refused this message${code}: this sign-in may not do it.` };
  if (failure.status === 413) return EXPLAIN.request_body_too_large!(failure, { agentId: '' });
  if (failure.status === 429) return { text: `Too many requests right now${code}. Wait a moment, then send again.` };
  if (failure.status >= 500) return { text: `The server could not take the message${code}. Wait a moment and try again.` };
  const detail = failure.message ? `: ${failure.message}` : '';
  return { text: `The message was not sent${code}${detail}.` };
}

/** What a refused turn means and what to do about it; a link when a page fixes it. */
export function explainRefusal(failure: RefusalFailure, ctx: { agentId: string }): RefusalExplanation {
  if (failure.status === 0) return EXPLAIN.network_error!(failure, ctx);
  const explain = Object.hasOwn(EXPLAIN, failure.error) ? EXPLAIN[failure.error] : undefined;
  return explain ? explain(failure, ctx) : byStatus(failure);
}
