import { describe, expect, it } from 'vitest';
import { errors as kernelErrors } from '../../kernel/errors.js';
import { agentErrors } from '../../system-mods/agents/src/errors.js';
import { chatErrors } from '../../system-mods/chat/src/errors.js';
import { continuityErrors } from '../../system-mods/continuity/src/errors.js';
import { BUDGET_REFUSAL_CODES, isBudgetRefusal } from '../../system-mods/usage/src/contract.js';
import { EXPLAINED_REFUSALS, explainRefusal } from '../../web/src/lib/chat-refusals.js';
import { budgetStop } from '../../web/src/lib/budget-pause.js';

const ctx = { agentId: 'ada' };

/**
 * The chat catalogue's codes the chat view never meets as a refusal, with where they come from.
 * Every other code of the catalogue must have its own sentence: a new code fails this test until
 * it is explained here or in chat-refusals.ts.
 */
const NOT_A_CHAT_REFUSAL: Record<string, string> = {
  chat_event_id_invalid: 'resuming a run stream (Last-Event-ID); the client sends numbers it read',
  chat_transcript_range_invalid: 'transcript paging',
  chat_trace_not_found: 'traces',
  chat_cursor_invalid: 'search paging',
  chat_cursor_stale: 'search paging',
  chat_archive_timezone_invalid: 'the archive',
  chat_archive_day_invalid: 'the archive',
  chat_archive_run_not_found: 'the archive',
  chat_tool_not_granted: 'a tool call result inside a run',
  chat_tool_failed: 'a tool call result inside a run',
  chat_workspace_path_invalid: 'a workspace tool result inside a run',
  chat_workspace_file_too_large: 'a workspace tool result inside a run',
  chat_workspace_file_not_found: 'a workspace tool result inside a run',
  chat_workspace_file_symlink: 'a workspace tool result inside a run',
  chat_workspace_file_hard_linked: 'a workspace tool result inside a run',
  chat_workspace_file_changed: 'a workspace tool result inside a run',
  chat_session_exists: 'session fork',
  session_purge_confirmation_required: 'session purge',
  chat_sessions_export_too_large: 'the export',
  chat_retention_bound_required: 'retention settings',
  chat_retention_disabled: 'retention settings',
};

/** What `POST /api/chat` can answer from outside the chat catalogue before streaming. */
const ADMISSION_CODES = {
  kernel: [
    'request_validation_failed',
    'invalid_json',
    'request_body_too_large',
    'request_body_timeout',
    'json_too_deep',
    'json_too_many_items',
    'nul_character_not_allowed',
    'application_json_required',
    'unauthenticated',
    'api_token_forbidden',
    'browser_origin_not_allowed',
    'service_shutting_down',
    'database_unavailable',
    'route_not_found',
    'mod_unavailable',
    'mod_busy',
    'mod_route_deadline_exceeded',
    'mod_route_failed',
    'internal_error',
  ],
  agents: ['agent_not_found'],
  continuity: ['continuity_scope_mismatch', 'continuity_scope_invalid'],
};

const codes = (catalog: { entries: Record<string, { status: number }> }) => Object.keys(catalog.entries);
const generic = (status: number, error: string) => explainRefusal({ status, error: `${error}_unknown_code_x` }, ctx).text;

describe('explainRefusal', () => {
  it('has its own sentence for every code of the chat catalogue the chat view can meet', () => {
    const unexplained = codes(chatErrors).filter((code) => !EXPLAINED_REFUSALS.includes(code) && !(code in NOT_A_CHAT_REFUSAL));
    expect(unexplained, 'chat error codes without words: explain them in web/src/lib/chat-refusals.ts').toEqual([]);
    for (const code of Object.keys(NOT_A_CHAT_REFUSAL)) expect(codes(chatErrors), `${code} is still catalogued`).toContain(code);
  });

  it('explains what the admission meets from the kernel, the agents and continuity', () => {
    for (const [catalog, list] of [
      [kernelErrors, ADMISSION_CODES.kernel],
      [agentErrors, ADMISSION_CODES.agents],
      [continuityErrors, ADMISSION_CODES.continuity],
    ] as const) {
      for (const code of list) {
        expect(codes(catalog), `${code} is catalogued`).toContain(code);
        expect(EXPLAINED_REFUSALS, `${code} has words`).toContain(code);
      }
    }
  });

  it('gives each explained code a sentence of its own: plain words, never the bare code or the generic fallback', () => {
    const all = { ...chatErrors.entries, ...kernelErrors.entries, ...agentErrors.entries, ...continuityErrors.entries } as Record<string, { status: number; message: string }>;
    for (const code of EXPLAINED_REFUSALS) {
      const status = all[code]?.status ?? 400;
      const { text } = explainRefusal({ status, error: code, message: all[code]?.message ?? '' }, ctx);
      expect(text.length, code).toBeGreaterThan(20);
      expect(text, code).not.toContain(code);
      // 401 and 413 fall back to the sentences of `unauthenticated` and `request_body_too_large` themselves.
      if (status !== 401 && status !== 413) expect(text, code).not.toBe(generic(status, code));
      expect(text, code).toMatch(/[.!]$/);
    }
  });

  it('links to the page that fixes it', () => {
    expect(explainRefusal({ status: 400, error: 'chat_model_not_configured', message: 'Agent ada has no chat model selection' }, ctx)).toEqual({
      text: 'This agent has no model yet. Choose one in the agent’s model settings, or pick a model for this message.',
      link: { href: '#/agents/ada', label: 'Open the agent’s model settings' },
    });
    expect(explainRefusal({ status: 400, error: 'chat_model_not_configured' }, { agentId: 'a b' }).link?.href).toBe('#/agents/a%20b');
    expect(explainRefusal({ status: 400, error: 'chat_model_connection_unknown' }, ctx).link?.href).toBe('#/connections');
    expect(explainRefusal({ status: 400, error: 'chat_model_not_enabled' }, ctx).link?.href).toBe('#/connections');
    expect(explainRefusal({ status: 503, error: 'chat_model_unavailable' }, ctx).link?.href).toBe('#/mods');
    expect(explainRefusal({ status: 404, error: 'route_not_found' }, ctx).link?.href).toBe('#/mods');
    expect(explainRefusal({ status: 400, error: 'chat_message_required' }, ctx).link).toBeUndefined();
  });

  it('names the file and the reason the server gave', () => {
    expect(explainRefusal({ status: 400, error: 'chat_attachment_invalid', message: 'Attachment 2 is invalid: image content is not valid base64' }, ctx).text).toBe(
      'The server could not read file 3; remove it and attach it again (image content is not valid base64).',
    );
    expect(explainRefusal({ status: 413, error: 'chat_attachment_too_large', message: 'Image attachment 0 has 30000001 characters of content; the limit is 30000000' }, ctx).text).toMatch(/^File 1 is too large/);
    expect(explainRefusal({ status: 400, error: 'chat_reasoning_effort_unsupported', message: 'Model m does not support reasoning effort max (supported: off, low, high)' }, ctx).text).toContain(
      'it takes: off, low, high',
    );
  });

  it('reads status 0 as a network failure whatever the code, and falls back to the status for unknown codes', () => {
    expect(explainRefusal({ status: 0, error: 'network_error', message: 'Failed to fetch' }, ctx).text).toMatch(/could not be reached/);
    expect(explainRefusal({ status: 0, error: 'anything' }, ctx).text).toMatch(/could not be reached/);
    expect(explainRefusal({ status: 401, error: 'some_new_auth_code' }, ctx).text).toMatch(/sign-in has expired/);
    expect(explainRefusal({ status: 429, error: 'rate_limited' }, ctx).text).toBe('Too many requests right now (rate_limited). Wait a moment, then send again.');
    expect(explainRefusal({ status: 502, error: 'http_502' }, ctx).text).toMatch(/could not take the message \(http_502\)/);
    expect(explainRefusal({ status: 418, error: 'teapot', message: 'short and stout' }, ctx).text).toBe('The message was not sent (teapot): short and stout.');
    expect(explainRefusal({ status: 400, error: 'toString' }, ctx).text).toMatch(/^The message was not sent/);
  });
});

describe('a budget that stopped background work, in words', () => {
  it("knows the usage contract's refusal codes, as a code or a recorded `code: message`, and nothing else", () => {
    for (const code of BUDGET_REFUSAL_CODES) {
      expect(isBudgetRefusal(code) && isBudgetRefusal(`${code}: the budget's words`)).toBe(true);
      expect(budgetStop(code)).toMatchObject({ link: { href: '#/usage' } });
    }
    for (const other of ['budget_check_failed', 'budget_exhausted_not', 'upstream_http_error: budget_exhausted', '', null]) {
      expect(isBudgetRefusal(other)).toBe(false);
      expect(budgetStop(other)).toBeUndefined();
    }
  });

  it("says what happened and keeps the server's message, never the code", () => {
    const stop = budgetStop('budget_exhausted: Budget reached: the day budget of agent ada would be crossed by this call (4,752 tokens worst case; 0 of 100 tokens spent today)')!;
    expect(stop.text).toMatch(/^A budget is used up/);
    expect(stop.detail).toBe('Budget reached: the day budget of agent ada would be crossed by this call (4,752 tokens worst case; 0 of 100 tokens spent today).');
    expect(`${stop.text} ${stop.detail}`).not.toContain('budget_exhausted');
    // A code with its message apart (a Forge job's errorDetails).
    expect(budgetStop('budget_unpriced_model', 'Model m has no price in USD.')).toMatchObject({ text: expect.stringMatching(/no price/), detail: 'Model m has no price in USD.' });
  });
});
