import type { TMessageRef } from '@portal/proto';

/**
 * Issue 14, slice C: whose an email is. A migration's owner email must be new, or (the variant for
 * an existing client) already that client's; any other tenant's, a partner's or an operator's
 * account is "another company's" (spec §8).
 */
export function emailRefusal(owner: { kind: string; tenant_uuid: string | null } | null, ownClientUuid: string | null): TMessageRef | null {
  if (!owner) return null;
  if (ownClientUuid && owner.kind === 'client' && owner.tenant_uuid === ownClientUuid) return null;
  return { key: 'migration.email_other_company' };
}

/** Origins are compared as the browser sends them: lower-case scheme and host, no trailing slash. */
export function normaliseOrigins(origins: readonly string[]): string[] {
  return [...new Set(origins.map((o) => new URL(o).origin))].sort();
}

/** The HTML a partner pastes into its page: the script, the form token and where the form goes. */
export function embedSnippet(publicOrigin: string, token: string): string {
  return `<div id="portal-signup-form"></div>\n<script src="${publicOrigin}/embed.js" data-token="${token}" data-target="portal-signup-form" async></script>`;
}
