import { z } from 'zod';

/**
 * Issue 25, point 1: one audit trail with the true actor. Every operation-log entry says who did
 * it, from the principal of the request it was made in (services/common/src/audit.ts), never from
 * the caller's say:
 * - `account`: one of the client's own accounts (the name is the account's);
 * - `operator`: operator staff, by name;
 * - `partner`: partner staff, by name, with the partner company;
 * - `support`: a support (proxy) login, with who is behind it (`behind`: an operator, or a partner
 *   and its company) and that person's name;
 * - `system`: no principal at all (jobs, sweeps, the billing run, event consumers).
 */
export const ACTOR_KINDS = ['account', 'operator', 'partner', 'support', 'system'] as const;
export const ZActorKind = z.enum(ACTOR_KINDS);
export type TActorKind = z.infer<typeof ZActorKind>;

export const ZOperationActor = z.object({
  kind: ZActorKind,
  uuid: z.string().nullable(),
  /** The person's name, written in the order of the region of the log it is recorded in. */
  name: z.string().nullable(),
  /** The partner company (partner staff, or a partner behind a support login). */
  organisation: z.string().nullable(),
  /** Its uuid: a partner's audit log includes its own staff's entries by it. */
  organisation_uuid: z.string().nullable().optional(),
  /** In a support login: an operator or a partner is behind it. */
  behind: z.enum(['operator', 'partner']).nullable(),
});
export type TOperationActor = z.infer<typeof ZOperationActor>;

/** What an entry is about (the audit log filters by it); labels are messages `target_type.<type>`. */
export const TARGET_TYPES = [
  'client', 'partner', 'account', 'notice', 'plan', 'product', 'tax_rate', 'fx_rate', 'mail_template', 'terms',
  'payment_method', 'payment_request', 'plan_application', 'billing_run', 'invoice', 'product_key', 'inquiry', 'maintenance',
] as const;
export const ZTargetType = z.enum(TARGET_TYPES);
export type TTargetType = z.infer<typeof ZTargetType>;

/**
 * The actor in words, for the client's log, the audit log and both CSVs (one wording everywhere):
 * "運営会社（山田 太郎）", "代理店 デモ代理店（サポートログイン）", "システム". `person` is the name to
 * show beside a support login's words (who of the company it was). An account actor has no words
 * here: the caller names the account (its current name in the client's log).
 */
export function actorWords(actor: TOperationActor, render: (key: string, params?: Record<string, string>) => string): { label: string; person: string | null } {
  const name = actor.name ?? '';
  const organisation = actor.organisation ?? '';
  switch (actor.kind) {
    case 'system': return { label: render('actor.system'), person: null };
    case 'operator': return { label: name ? render('actor.operator', { name }) : render('actor.operator_unnamed'), person: null };
    case 'partner': return { label: render(name ? 'actor.partner' : 'actor.partner_unnamed', { company: organisation, name }), person: null };
    case 'support': {
      // Entries from before issue 25 may not say who was behind it: a support login, by the name it gave.
      const label = actor.behind === 'partner' ? render('actor.support_partner', { company: organisation })
        : actor.behind === 'operator' ? render('actor.support_operator') : render('actor.support');
      return { label, person: name || null };
    }
    case 'account': return { label: name || render('actor.account'), person: null };
    default: return actor.kind satisfies never;
  }
}

