/** IANA time zone names: every name of the database ICU knows, in its exact spelling; nothing else. */
import { describe, expect, it } from 'vitest';
import { isIanaTimeZone } from '../../sdk/validation.js';

describe('isIanaTimeZone', () => {
  it('accepts canonical names and the other IANA names ICU lists under another canonical one', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'Europe/Paris', 'Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) {
      expect(isIanaTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses other spellings, unknown names, offsets and anything that is not a name', () => {
    for (const zone of ['asia/kolkata', 'Foo/Bar', 'Mars/Olympus', '+05:30', 'GMT+5', 'Europe/Paris;', 'Europe/../Paris', '', 'E'.repeat(65), 42, null]) {
      expect(isIanaTimeZone(zone), String(zone)).toBe(false);
    }
  });
});
