import { describe, expect, it } from 'vitest';
import { stripTrainingDateSuffix } from '../src/model-ids.js';

describe('stripTrainingDateSuffix', () => {
  it.each([
    ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['claude-3-5-haiku-20241022', 'claude-3-5-haiku'],
    ['claude-opus-4-1-20250805', 'claude-opus-4-1'],
    ['gpt-4o-2024-08-06', 'gpt-4o'],
    ['gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
    ['claude-3-5-sonnet@20240620', 'claude-3-5-sonnet'],
    ['Claude-Sonnet-4-5-20250929', 'Claude-Sonnet-4-5'],
  ])('removes the date from %s', (id, expected) => {
    expect(stripTrainingDateSuffix(id)).toBe(expected);
  });

  it.each([
    'claude-sonnet-4-5',
    'gpt-4o',
    'gpt-4-0613', // a MMDD version, not a full date
    'mistral-large-2411', // YYMM version
    'claude-3-5-sonnet-latest',
    'llama3.1:8b',
    'model-20251340', // month 13
    'model-20250900', // day 00
    'model-2025-0929', // mixed forms
    'model-19990101', // outside 2000-2099
    '20250929', // nothing before the date
    '-20250929',
    'gpt-4o-2024-08-06-extra',
    '',
  ])('leaves %s unchanged', (id) => {
    expect(stripTrainingDateSuffix(id)).toBe(id);
  });

  it('removes only one suffix', () => {
    expect(stripTrainingDateSuffix('x-2024-01-01-20250101')).toBe('x-2024-01-01');
  });
});
