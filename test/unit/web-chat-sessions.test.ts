import { describe, expect, it } from 'vitest';
import { excerptPieces, groupByRecency, newChatId, originLabel, recencyGroup, type SessionItem } from '../../web/src/lib/chat-sessions.js';

const now = new Date(2026, 10, 28, 9, 30);
const at = (days: number, hours = 0) => new Date(2026, 10, 28 - days, hours).toISOString();
const item = (sessionId: string, updatedAt: string): SessionItem => ({ agentId: 'ada', sessionId, title: '', archived: false, messageCount: 1, createdAt: updatedAt, updatedAt, origin: { kind: 'chat' } });

describe('chat sessions helpers of the UI', () => {
  it('puts a time in its recency group by the local calendar day', () => {
    expect(recencyGroup(at(0, 0), now)).toBe('Today');
    expect(recencyGroup(at(1, 23), now)).toBe('Yesterday');
    expect(recencyGroup(at(1, 0), now)).toBe('Yesterday');
    expect(recencyGroup(at(2, 12), now)).toBe('Previous 7 days');
    expect(recencyGroup(at(7, 0), now)).toBe('Previous 7 days');
    expect(recencyGroup(at(8, 12), now)).toBe('Previous 30 days');
    expect(recencyGroup(at(31, 12), now)).toBe('Older');
  });

  it('groups sessions in order and leaves empty groups out', () => {
    const groups = groupByRecency([item('a', at(0, 8)), item('b', at(0, 1)), item('c', at(40))], now);
    expect(groups.map((g) => [g.group, g.sessions.map((s) => s.sessionId)])).toEqual([
      ['Today', ['a', 'b']],
      ['Older', ['c']],
    ]);
  });

  it('labels background sessions by source and conversations not at all', () => {
    expect(originLabel({ kind: 'chat' })).toBeUndefined();
    expect(originLabel({ kind: 'work-item', id: 'w1' })).toBe('Work item');
    expect(originLabel({ kind: 'dream' })).toBe('Dream');
    expect(originLabel({ kind: 'nightly_digest' })).toBe('Nightly digest');
  });

  it('makes new chat ids of the time and a random part', () => {
    expect(newChatId(new Date(2026, 0, 2, 3, 4, 5))).toMatch(/^chat-20260102-030405-[a-z0-9]{6}$/);
    expect(newChatId()).not.toBe(newChatId());
  });

  it('cuts an excerpt at the highlight offsets, skipping overlapping or out-of-range ones', () => {
    const hit = {
      agentId: 'ada',
      sessionId: 's',
      seq: 1,
      role: 'user',
      createdAt: '',
      excerpt: 'use rye flour',
      excerptStart: 0,
      contentLength: 13,
      highlights: [
        { start: 4, end: 7 },
        { start: 5, end: 6 },
        { start: 8, end: 13 },
        { start: 12, end: 40 },
      ],
    };
    expect(excerptPieces(hit)).toEqual([
      { text: 'use ', match: false },
      { text: 'rye', match: true },
      { text: ' ', match: false },
      { text: 'flour', match: true },
    ]);
  });
});
