import { LANGUAGE_NAMES, type TRegion } from './enums.js';
import { formatDate, formatDateTime, type TimeSetting } from './datetime.js';
import { isMessageKey, renderMessage } from './messages.js';
import { formatPersonName } from './names.js';
import { productName } from './products.js';

/**
 * An operation-log entry's detail in words (spec §3 "detail"), for the log page and the CSV
 * export alike: each key the services record is a labelled phrase in the reader's language
 * ("Authority: Admin → User", "Remember the browser for: 24 hours → 7 days", "Product: BowNow"),
 * never a raw value. A key this version does not know still shows, as `key: value`.
 */
export interface DetailContext extends TimeSetting {
  /** Whose name order the names follow (the host's region). */
  region: TRegion;
  /** Keys the reader sees elsewhere (the support actor, shown in the account column). */
  hide?: readonly string[];
}

/**
 * Where the words come from: the server renders from proto's seven catalogues
 * (`describeOperationDetail`); the SPA passes the one language it has loaded (`describeDetail`),
 * so its log page does not carry all seven.
 */
export interface MessageSource {
  render(key: string, params?: Record<string, string | number>): string;
  has(key: string): boolean;
}
type Ctx = DetailContext & { messages: MessageSource };

/** Fields the services record (in before/after, or named in `fields`), each labelled `detail.field.<name>`. */
export const OPERATION_DETAIL_FIELDS = [
  'value', 'name', 'authority', 'products', 'email', 'family_name', 'given_name', 'language',
  'ip_enabled', 'addresses', 'mfa_enabled', 'validity', 'partner_allowed', 'operator_allowed',
  'company_name', 'phone', 'address', 'location', 'representative', 'corporate_number', 'industry', 'sub_industry', 'employees', 'budget', 'logo',
  // Issue 11, slice A (f11-payment): billing info and payment methods.
  'company_kana', 'division', 'division_kana', 'address_kana', 'payment_method',
  // Issue 25: a published terms version.
  'document', 'version', 'change',
  // Issue 25, point 5: changes on the client's behalf name the postal code too.
  'postal_code',
  // Issue 25: a legal page's title and address (terms URLs).
  'page_title', 'url',
] as const;
/** Why a login failed or a support session ended (`detail.reason_value.<reason>`; support-login refusals are `proxy.<refusal>`). */
export const OPERATION_DETAIL_REASONS = ['password', 'mfa', 'locked', 'inactive', 'ip_restricted', 'actor_inactive', 'client_gone'] as const;

type Detail = Record<string, unknown>;
const isRecord = (v: unknown): v is Detail => typeof v === 'object' && v !== null && !Array.isArray(v);
const isName = (v: unknown): v is { family_name: string; given_name: string } =>
  isRecord(v) && typeof v.family_name === 'string' && typeof v.given_name === 'string';

/** What a scalar before/after means, by operation (the object forms name their fields themselves). */
const CHANGED_FIELD: Record<string, string> = {
  account_name_changed: 'name', authority_changed: 'authority', services_changed: 'products',
  email_change_requested: 'email', email_change_applied: 'email', email_changed: 'email',
  // Issue 14, slice A
  client_licence_changed: 'licence_type',
  // Issue 22
  eu_rule_changed: 'eu_restricted',
};

/** Keys that only say where an entry came from; the log shows it elsewhere. */
const SILENT = new Set(['support']);

/** Items of a list: the ideographic comma in Japanese and Chinese, a comma elsewhere. */
const join = (ctx: Ctx, items: string[]) => items.join(/^(ja|zh)/.test(ctx.language) ? '、' : ', ');

function message(ctx: Ctx, key: string, params?: Record<string, string | number>): string {
  return ctx.messages.render(key, params);
}

/** The first key of `keys` the catalogue has, rendered; else `fallback`. */
function firstMessage(ctx: Ctx, keys: string[], fallback: string): string {
  const key = keys.find((k) => ctx.messages.has(k));
  return key ? message(ctx, key) : fallback;
}

/** A field's label: the log's own (detail.field.x), else the form's (field.x), else its name. */
function fieldLabel(ctx: Ctx, operation: string, field: string): string {
  // Two settings call their switch `enabled`.
  const own = field === 'enabled' ? (operation === 'mfa_setting_changed' ? 'mfa_enabled' : 'ip_enabled') : field;
  return firstMessage(ctx, [`detail.field.${own}`, `field.${own}`], field);
}

/** One value, as the reader should see it. */
function valueText(ctx: Ctx, operation: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return message(ctx, 'detail.none');
  if (Array.isArray(value)) return value.length ? join(ctx, value.map((v) => valueText(ctx, operation, field, v))) : message(ctx, 'detail.none');
  if (isName(value)) return formatPersonName(ctx.region, value) || message(ctx, 'detail.none');
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  switch (field) {
    case 'authority': return firstMessage(ctx, [`detail.authority_value.${text}`], text);
    case 'products': case 'product': return productName(text);
    case 'language': return (LANGUAGE_NAMES as Record<string, string | undefined>)[text] ?? text;
    case 'validity': return firstMessage(ctx, [`detail.validity.${text}`], text);
    case 'partner_allowed': case 'operator_allowed': return message(ctx, value === true ? 'detail.allowed' : 'detail.not_allowed');
    case 'until': return formatDateTime(text, ctx);
    // Issue 11, slice A (f11-payment)
    case 'payment_method': return firstMessage(ctx, [`detail.payment_method_value.${text}`], text);
    // Issue 14, slice A
    case 'licence_type': return firstMessage(ctx, [`licence_type.${text}`], text);
    // Issue 25: terms versions
    case 'document': return firstMessage(ctx, [`detail.document.${text}`], text);
    case 'change': return firstMessage(ctx, [`detail.change_value.${text}`], text);
    default: return typeof value === 'boolean' ? message(ctx, value ? 'detail.on' : 'detail.off') : text;
  }
}

/** "Label: before → after" for each field that changed (or "Label: after" when only the new value is known). */
function changes(ctx: Ctx, operation: string, before: unknown, after: unknown): string[] {
  const pairs: [string, unknown, unknown, boolean][] = [];
  if ((isRecord(before) && !isName(before)) || (isRecord(after) && !isName(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) pairs.push([field, b[field], a[field], field in b]);
  } else {
    pairs.push([CHANGED_FIELD[operation] ?? 'value', before, after, before !== undefined]);
  }
  return pairs.map(([field, b, a, known]) => {
    const label = fieldLabel(ctx, operation, field);
    const after_ = valueText(ctx, operation, field, a);
    return known
      ? message(ctx, 'detail.change', { label, before: valueText(ctx, operation, field, b), after: after_ })
      : message(ctx, 'detail.set', { label, after: after_ });
  });
}

/** The detail of one entry as phrases in the reader's language, from proto's catalogues (the server's). */
export function describeOperationDetail(operation: string, detail: Detail, ctx: DetailContext): string[] {
  return describeDetail(operation, detail, { ...ctx, messages: { render: (key, params) => renderMessage(ctx.language, key, params), has: isMessageKey } });
}

/** The detail of one entry as phrases, in a fixed order; empty when there is nothing to say. */
export function describeDetail(operation: string, detail: Detail, ctx: Ctx): string[] {
  const hidden = new Set([...SILENT, ...(ctx.hide ?? [])]);
  const out: string[] = [];
  const done = new Set<string>();
  const say = (key: string, phrase: string | null) => {
    done.add(key);
    if (phrase !== null && !hidden.has(key)) out.push(phrase);
  };
  const value = (key: string) => valueText(ctx, operation, key, detail[key]);
  const has = (key: string) => detail[key] !== undefined && detail[key] !== null && detail[key] !== '';

  if (has('email')) say('email', message(ctx, 'detail.email', { value: value('email') }));
  if (has('company_name')) say('company_name', message(ctx, 'detail.company_name', { value: value('company_name') }));
  // Issue 25: what a back-office entry is about (a notice's or template's title, a rate's key).
  if (has('title')) say('title', message(ctx, 'detail.title', { value: value('title') }));
  if (has('authority')) say('authority', message(ctx, 'detail.authority', { value: value('authority') }));
  if (has('product')) say('product', message(ctx, 'detail.product', { value: value('product') }));
  if (typeof detail.count === 'number') say('count', message(ctx, 'detail.count', { count: detail.count }));
  // slice C (issue 10): plan changes, cancellations and reviews.
  if (has('plan')) say('plan', message(ctx, 'detail.plan', { value: value('plan') }));
  if (Array.isArray(detail.options)) {
    say('options', message(ctx, 'detail.options', { value: detail.options.length ? join(ctx, detail.options.map(String)) : message(ctx, 'detail.no_options') }));
  }
  // Business dates (Asia/Tokyo calendar dates): written in the reader's language, never moved to another zone.
  const businessDay = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(String(detail[key])) ? formatDate(`${String(detail[key])}T00:00:00Z`, { language: ctx.language, timeZone: 'UTC' }) : value(key));
  if (has('effective_from')) say('effective_from', message(ctx, 'detail.effective_from', { value: businessDay('effective_from') }));
  if (has('ends_on')) say('ends_on', message(ctx, 'detail.ends_on', { value: businessDay('ends_on') }));
  if (typeof detail.penalty_months === 'number') say('penalty_months', detail.penalty_months > 0 ? message(ctx, 'detail.penalty_months', { count: detail.penalty_months }) : null);
  if (detail.review === 'required') say('review', message(ctx, 'detail.review', { value: message(ctx, 'detail.review_required') }));
  if (has('before') || has('after')) {
    done.add('before').add('after');
    out.push(...changes(ctx, operation, detail.before, detail.after));
    // A profile change lists its fields in before/after already.
    if (isRecord(detail.before) || isRecord(detail.after)) done.add('fields');
  }
  if (Array.isArray(detail.fields) && !done.has('fields')) {
    say('fields', message(ctx, 'detail.fields', { value: join(ctx, detail.fields.map((f) => fieldLabel(ctx, operation, String(f)))) }));
  }
  done.add('fields');
  if (has('reason')) {
    const reason = String(detail.reason);
    say('reason', message(ctx, 'detail.reason', { value: firstMessage(ctx, [`detail.reason_value.${reason}`, `proxy.${reason}`], reason) }));
  }
  if (typeof detail.failures === 'number') say('failures', message(ctx, 'detail.failures', { count: detail.failures }));
  if (has('until')) say('until', message(ctx, 'detail.until', { value: value('until') }));
  if (has('device')) say('device', message(ctx, 'detail.device', { value: value('device') }));
  if (has('actor')) {
    const kind = typeof detail.actor_kind === 'string' ? firstMessage(ctx, [`detail.actor_kind.${detail.actor_kind}`], detail.actor_kind) : null;
    say('actor', message(ctx, kind ? 'detail.actor_as' : 'detail.actor', { value: value('actor'), kind: kind ?? '' }));
  }
  done.add('actor_kind');
  if (detail.proxy === true) say('proxy', message(ctx, 'detail.via_support'));
  done.add('proxy');
  if (has('ip')) say('ip', message(ctx, 'detail.ip', { value: value('ip') }));
  // Issue 10, slice A: licences (services started, trials) and product links with domains.
  if (has('licence_kind')) {
    say('licence_kind', message(ctx, 'detail.licence_kind', { value: firstMessage(ctx, [`detail.licence_kind_value.${String(detail.licence_kind)}`], String(detail.licence_kind)) }));
  }
  if (has('trial_ends_on')) say('trial_ends_on', message(ctx, 'detail.trial_ends_on', { value: value('trial_ends_on') }));
  if (detail.terms_agreed === true) say('terms_agreed', message(ctx, 'detail.terms_agreed'));
  // Issue 11, slice A (f11-payment): payment methods and billing info.
  if (has('payment_method')) say('payment_method', message(ctx, 'detail.payment_method', { value: value('payment_method') }));
  if (detail.card_replaced === true) say('card_replaced', message(ctx, 'detail.card_replaced'));
  if (detail.registered === true && operation === 'billing_info_changed') say('registered', message(ctx, 'detail.billing_registered'));
  if (has('domain')) say('domain', message(ctx, 'detail.domain', { value: value('domain') }));
  if (operation.startsWith('domain_') && Array.isArray(detail.products)) say('products', message(ctx, 'detail.linked_products', { value: valueText(ctx, operation, 'products', detail.products) }));
  if (Array.isArray(detail.kept)) say('kept', message(ctx, 'detail.kept', { value: valueText(ctx, operation, 'products', detail.kept) }));
  // Issue 11, slice B: a bank method requested or registered (and by whom, when not by the client).
  if (detail.method === 'bank_transfer' || detail.method === 'direct_debit') {
    say('method', message(ctx, 'detail.method', { value: message(ctx, detail.method === 'bank_transfer' ? 'detail.method_bank_transfer' : 'detail.method_direct_debit') }));
  }
  // Issue 23 (receipts): the invoice an operator recorded paid, the amount and the business date received.
  if (operation === 'invoice_payment_recorded' && has('invoice')) {
    const currency = detail.currency === 'USD' ? 'USD' : 'JPY';
    const minor = typeof detail.amount_minor === 'number' ? detail.amount_minor : 0;
    const amount = new Intl.NumberFormat(`${ctx.language}-u-nu-latn`, { style: 'currency', currency }).format(currency === 'JPY' ? minor : minor / 100);
    say('invoice', message(ctx, 'detail.invoice_payment', { number: value('invoice'), amount, date: businessDay('received_on') }));
    done.add('received_on').add('amount_minor').add('currency');
  }
  // Issue 25: a published terms version: which document, language, version and change (its row id is not for people).
  if (operation === 'terms.version_published') {
    for (const f of ['document', 'language', 'version', 'change']) if (has(f)) say(f, message(ctx, 'detail.set', { label: fieldLabel(ctx, operation, f), after: value(f) }));
    done.add('terms_id');
  }
  if (detail.source === 'operator') say('source', message(ctx, 'detail.source_operator'));
  else if (detail.source === 'csv') say('source', message(ctx, 'detail.source_csv'));
  else if (detail.source === 'client') say('source', null);
  for (const [key, raw] of Object.entries(detail)) {
    if (done.has(key) || hidden.has(key) || raw === undefined || raw === null || raw === '') continue;
    out.push(`${key}: ${valueText(ctx, operation, key, raw)}`);
  }
  return out;
}
