import { z } from 'zod';

export const ZEmail = z.email().max(254);

/** A boolean that may arrive as a form field ('true' / 'false'); z.coerce.boolean would read 'false' as true. */
export const ZFormBoolean = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
