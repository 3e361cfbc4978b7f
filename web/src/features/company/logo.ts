import { LOGO_LIMITS, logoSizeProblem, type TMessageRef } from '@portal/proto';

/** The browser's check of spec §9 before anything is sent (the server checks again). */
export function logoProblem(file: File, size: { width: number; height: number } | null): TMessageRef | null {
  if (!(LOGO_LIMITS.types as readonly string[]).includes(file.type)) return { key: 'logo.file_type' };
  if (file.size > LOGO_LIMITS.maxBytes) return { key: 'logo.volume' };
  if (!size) return null;
  if (size.width === 0) return { key: 'logo.file_type' };
  return logoSizeProblem(size.width, size.height);
}
