import { PASSWORD_ALPHABET } from '@portal/proto';

/**
 * A random password without look-alike characters (spec §9): 14 characters from the four
 * alphabets in proto, at least one of three kinds, from crypto.getRandomValues.
 */
export function generatePassword(length = 14): string {
  const pick = (alphabet: string) => {
    const bytes = new Uint32Array(1);
    crypto.getRandomValues(bytes);
    return alphabet[bytes[0]! % alphabet.length]!;
  };
  const all = Object.values(PASSWORD_ALPHABET).join('');
  const chars = [pick(PASSWORD_ALPHABET.upper), pick(PASSWORD_ALPHABET.lower), pick(PASSWORD_ALPHABET.digits), pick(PASSWORD_ALPHABET.symbols)];
  while (chars.length < length) chars.push(pick(all));
  // Shuffle (Fisher-Yates) so the guaranteed kinds are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const bytes = new Uint32Array(1);
    crypto.getRandomValues(bytes);
    const j = bytes[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
