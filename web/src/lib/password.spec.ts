import { describe, expect, it } from 'vitest';
import { PASSWORD_ALPHABET, ZPassword } from '@portal/proto';
import { generatePassword } from './password';

describe('password generator', () => {
  it('makes 14 characters from the look-alike-free alphabet with at least three kinds, valid for ZPassword', () => {
    const all = Object.values(PASSWORD_ALPHABET).join('');
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(14);
      expect([...p].every((c) => all.includes(c))).toBe(true);
      const kinds = Object.values(PASSWORD_ALPHABET).filter((a) => [...p].some((c) => a.includes(c))).length;
      expect(kinds).toBeGreaterThanOrEqual(3);
      expect(ZPassword.safeParse(p).success).toBe(true);
    }
  });
});
