/** The conversation rules as pure functions: mentions, who the next round asks, the bounded member input. */
import { describe, expect, it } from 'vitest';
import { CONTEXT_MESSAGES, CONTEXT_TOTAL_CHARS, memberInput, memberSession, mentionsIn, nextRoundTargets } from '../src/services/conversation.js';

describe('mentionsIn', () => {
  it('finds @ids in order, once each, and not inside words or e-mail addresses', () => {
    expect(mentionsIn('@bob and @ada-2, then @bob again')).toEqual(['bob', 'ada-2']);
    expect(mentionsIn('mail ops@example.com or x@y')).toEqual([]);
    expect(mentionsIn('(@cy) @cy.')).toEqual(['cy']);
    expect(mentionsIn('@Bob')).toEqual([]);
  });
});

describe('nextRoundTargets', () => {
  const members = ['ada', 'bob', 'cy'];
  it('asks the mentioned members in member order', () => {
    expect(nextRoundTargets([{ agentId: 'cy', content: '@bob and @ada?' }], members)).toEqual(['ada', 'bob']);
  });
  it('ignores self-mentions, non-members, and members that answered after the mention', () => {
    expect(
      nextRoundTargets(
        [
          { agentId: 'ada', content: '@ada @bob @zed' },
          { agentId: 'bob', content: 'seen it' },
        ],
        members,
      ),
    ).toEqual([]);
  });
  it('asks again a member mentioned after it answered', () => {
    expect(
      nextRoundTargets(
        [
          { agentId: 'ada', content: 'hi' },
          { agentId: 'bob', content: '@ada really?' },
        ],
        members,
      ),
    ).toEqual(['ada']);
  });
});

describe('memberInput', () => {
  const channel = { id: 'c1', name: 'Design', description: 'UI', maxRounds: 3 };
  const members = [
    { agentId: 'ada', name: 'Ada' },
    { agentId: 'bob', name: 'Bob' },
  ];
  it('names the member, the others and the round, with the transcript oldest first (no notices)', () => {
    const input = memberInput({
      channel,
      agentId: 'bob',
      members,
      round: 2,
      transcript: [
        { author: 'operator', agentId: null, content: 'Plan?' },
        { author: 'system', agentId: null, content: 'notice' },
        { author: 'agent', agentId: 'ada', content: 'A plan' },
      ],
    });
    expect(input.startsWith('You are @bob (Bob) in the group channel "Design" (#c1) with the operator and @ada (Ada).')).toBe(true);
    expect(input).toContain('[operator] Plan?\n[@ada] A plan');
    expect(input).not.toContain('notice');
    expect(input).toContain('round 2 of at most 3');
  });
  it('keeps the latest messages within the bounds', () => {
    const transcript = Array.from({ length: 60 }, (_, i) => ({ author: 'operator' as const, agentId: null, content: `m${i} ${'x'.repeat(5_000)}` }));
    const input = memberInput({ channel, agentId: 'ada', members, round: 1, transcript });
    const lines = input.split('\n').filter((l) => l.startsWith('[operator]'));
    expect(lines.length).toBeLessThanOrEqual(CONTEXT_MESSAGES);
    expect(lines.at(-1)).toContain('m59 ');
    expect(lines.join('').length).toBeLessThanOrEqual(CONTEXT_TOTAL_CHARS);
    expect(lines[0]!.endsWith('[…]')).toBe(true);
  });
  it('uses one session per channel', () => {
    expect(memberSession('c1')).toBe('channel-c1');
  });
});
