import { describe, expect, it } from 'vitest';
import { avatarText, safeAvatar } from '../../web/src/lib/agents.js';

describe('avatars in the UI', () => {
  it('shows a text avatar (an emoji, initials) in the placeholder, at most two characters as seen', () => {
    expect(avatarText('🦉')).toBe('🦉');
    expect(avatarText('👩🏽‍💻 dev')).toBe('👩🏽‍💻');
    expect(avatarText(' AL ')).toBe('AL');
    expect(avatarText('Ada Lovelace')).toBe('Ad');
  });

  it('shows no text for no avatar, an image, or any URL', () => {
    for (const value of [null, undefined, '', '   ', 'data:image/png;base64,AAAA', 'https://example.test/a.png', 'javascript:alert(1)', 'http://example.test/a.png']) {
      expect(avatarText(value), String(value)).toBeUndefined();
    }
    expect(safeAvatar('🦉')).toBeUndefined();
  });
});
