import { z } from 'zod';
import { ZAccessCode } from './access-status.js';

export const ZAccessStatus = z.object({ code: ZAccessCode, message: z.string() });
export type TAccessStatus = z.infer<typeof ZAccessStatus>;

/** Form errors (40011): field name -> rendered messages. */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

/** Every /v1 answer: {"result": {"access_status": {...}, ...payload}} (DESIGN §3). */
export function ZEnvelope<T extends z.ZodRawShape>(payload: z.ZodObject<T>) {
  return z.object({
    result: payload.extend({ access_status: ZAccessStatus, errors: ZFieldErrors.optional() }),
  });
}
export const ZBareEnvelope = ZEnvelope(z.object({}).loose());
export type TBareEnvelope = z.infer<typeof ZBareEnvelope>;

/**
 * What a service answers over the transport. Messages are keys; the gateway renders them in the
 * request's language (DESIGN §3).
 */
export const ZMessageRef = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
export type TMessageRef = z.infer<typeof ZMessageRef>;
export const ZServiceFailure = z.object({
  code: ZAccessCode,
  message: ZMessageRef,
  fields: z.record(z.string(), z.array(ZMessageRef)).optional(),
  /** Payload that still travels with a refusal (e.g. the maintenance window with 50001). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TServiceFailure = z.infer<typeof ZServiceFailure>;
export type TServiceReply<T> = { ok: true; data: T } | { ok: false; error: TServiceFailure };
