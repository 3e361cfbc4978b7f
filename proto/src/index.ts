export * from './enums.js';
export * from './regions.js';
// Issue 22: per-language texts and the one fallback rule.
export * from './texts.js';
export * from './access-status.js';
export * from './envelope.js';
export * from './subjects.js';
export * from './policy.js';
export * from './spa-routes.js';
export * from './api-routes.js';
export * from './contracts.js';
export * from './internal-routes.js';
export * from './names.js';
export * from './datetime.js';
export * from './links.js';
export * from './messages.js';
export * from './identity.js';
export * from './common.js';
export * from './events.js';
// Issue 25: the audit trail's actor and the audit log.
export * from './audit-log.js';
export * from './validation.js';
export * from './company.js';
// Issue 22: the EU data-protection rule (spec §1).
export * from './eu-rule.js';
export * from './clients.js';
export * from './products.js';
export * from './operation-detail.js';
export * from './plan-application.js';
export * from './input-safety.js';
export * from './message-format.js';
export * from './licences.js';
export * from './plan-master.js';
export * from './terms.js';
export * from './billing-info.js';
export * from './routes/billing.js';
// Issue 11, slice C2
export * from './invoices.js';
export * from './routes/notification.js';
export * from './identity-api.js';
export * from './routes/session.js';
export * from './routes/identity.js';
export * from './routes/licence.js';
export * from './maintenance.js';
// Issue 11, slice C1: tax rates, FX and the priced next invoice.
export * from './tax-fx.js';
// Issue 12, slice A: system mail templates and the mail log.
export * from './mail-templates.js';
// Issue 11, slice A (f11-payment): payment methods, cards, 3-D Secure.
export * from './payment.js';
// Issue 11, slice B: bank-transfer and direct-debit requests and their CSV.
export * from './payment-requests.js';
// Issue 12, slice B
export * from './notices.js';
// Issue 13, slice B: usage dashboards, metric sets, ranges.
export * from './usage.js';
export * from './routes/usage.js';
// Issue 13, slice A: the usage ingestion contract.
export * from './usage-events.js';
export * from './metered.js';
export * from './routes/usage-ingest.js';
// Issue 14, slice B: partners and sub-partners.
export * from './partners.js';
export * from './routes/backoffice-partners.js';
// Issue 14, slice C: migration, client registration, embedded form.
export * from './migration.js';
export * from './routes/backoffice-migration.js';
// Issue 14, slice A: the client scope rule (operators: all; partners: theirs; primary partners: also their sub-partners', read-only).
export * from './client-scope.js';
export * from './backoffice-clients.js';
export * from './routes/backoffice-clients.js';
export * from './client-picture.js';
export * from './routes/client-picture.js';
// Issue 25: one search and the client list's bulk actions.
export * from './client-search.js';
// Issue 25: the audit log.
export * from './routes/audit-log.js';
// Issue 24, item 5: the edge (security headers, CSP, the gateway's paths for the Ingress).
export * from './edge.js';
