import {
  COMMON_MAIL_CODES, formatMessage, LANGUAGES, MAIL_CATALOGUE, MAIL_PARTS, MAIL_TEMPLATES, mailCodesOf, mailPartsOf, MESSAGES,
  type TLanguage, type TMailPart, type TMailTarget, type TMessageRef,
} from '@portal/proto';

/**
 * System mail templates (issue 12, slice A), pure: the seeded texts from code, the codes each may
 * use, and rendering a stored version with its common parts. The repository stores them; nothing
 * here touches a database.
 */

/** One language's stored text of a template. */
export interface TemplateText { subject: string; body: string }
export type PartTexts = Partial<Record<TMailPart, string>>;

const messages = (language: TLanguage) => MESSAGES[language] as Record<string, string>;

/**
 * How a seeded body includes the common parts. With an empty signature and no addressee's name
 * the result is exactly the mail the code used to send: body, `--`, footer.
 */
export const seededBody = (body: string) => `[[header]]\n\n${body}\n\n[[signature]]\n\n--\n[[footer]]`;

/** The seeded texts of a template in every language the code has them (same wording, now editable). */
export function seededVersions(template: string): Partial<Record<TLanguage, TemplateText>> {
  const out: Partial<Record<TLanguage, TemplateText>> = {};
  for (const language of LANGUAGES) {
    const subject = messages(language)[`mail.${template}.subject`];
    const body = messages(language)[`mail.${template}.body`];
    if (subject !== undefined && body !== undefined) out[language] = { subject, body: seededBody(body) };
  }
  return out;
}

/** The seeded common parts: the greeting (as header) and the footer of code; no signature. */
export function seededParts(language: TLanguage): Record<TMailPart, string> {
  return {
    header: (messages(language)['mail.greeting'] ?? '').replace(/\{\{name\}\}/g, '{{recipient}}'),
    footer: messages(language)['mail.footer'] ?? '',
    signature: '',
  };
}

/** Every template the portal sends: MAIL_TEMPLATES (a mail added there appears without a change here). */
export function templateNames(): readonly string[] {
  return MAIL_TEMPLATES;
}

/** Target of a template; `all` for one the catalogue does not describe. */
export function targetOf(template: string): TMailTarget {
  return MAIL_CATALOGUE[template]?.target ?? 'all';
}

/** The insertion codes valid for a template: those its texts in code use (English), the catalogue's extra ones, and the common ones. */
export function codesOf(template: string): string[] {
  const en = messages('en-us');
  const used = mailCodesOf(`${en[`mail.${template}.subject`] ?? ''}\n${en[`mail.${template}.body`] ?? ''}`);
  return [...new Set([...used, ...(MAIL_CATALOGUE[template]?.codes ?? []), ...COMMON_MAIL_CODES])];
}

/** Sample values for a preview or test send: a readable stand-in for each code. */
export function sampleParams(template: string): Record<string, string> {
  const samples: Record<string, string> = {
    url: 'https://portal.example.jp/sample', login_url: 'https://portal.example.jp/login', reset_url: 'https://portal.example.jp/password_reset',
    code: '123456', company: 'Sample Co., Ltd.', inviter: 'Alex Smith', failures: '5', registered: '8', errors: '2',
    details: 'line 3: email\nline 7: name', product: 'Sample Product', plan: 'Standard', effective_from: '2026-12-01',
    ends_on: '2026-12-31', days: '7', reason: 'Sample reason', recipient: 'Alex Smith',
  };
  return Object.fromEntries(codesOf(template).map((c) => [c, samples[c] ?? `[${c}]`]));
}

/**
 * Field errors for texts that use a code or part the template does not offer (each named), or
 * none. Checked on save, preview and test send.
 */
export function unknownCodeErrors(template: string, texts: Record<string, string>): Record<string, TMessageRef[]> {
  const allowed = new Set(codesOf(template));
  const errors: Record<string, TMessageRef[]> = {};
  for (const [field, text] of Object.entries(texts)) {
    const refs: TMessageRef[] = [
      ...mailCodesOf(text).filter((c) => !allowed.has(c)).map((code) => ({ key: 'mail_template.unknown_code', params: { code: `{{${code}}}` } })),
      ...mailPartsOf(text).filter((p) => !(MAIL_PARTS as readonly string[]).includes(p)).map((part) => ({ key: 'mail_template.unknown_part', params: { part: `[[${part}]]` } })),
    ];
    if (refs.length) errors[field] = refs;
  }
  return errors;
}

/** Renders a template text: `{{code}}` and plural blocks as the server messages do. */
function format(language: TLanguage, text: string, params: Record<string, string>): string {
  const catalogue = { ...messages(language), __mail: text } as never;
  return formatMessage(language, catalogue, { ...messages('en-us'), __mail: text } as never, '__mail', params);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface RenderedMail { subject: string; text: string; html: string }

/**
 * A stored version with its parts and the mail's values. A part that greets by `{{recipient}}` is
 * left out when the mail has no addressee's name; blank lines left by empty parts collapse.
 */
export function renderTemplate(language: TLanguage, text: TemplateText, parts: PartTexts, params: Record<string, string>, recipient?: string): RenderedMail {
  const name = recipient?.trim() ?? '';
  const values = { ...params, recipient: name };
  const withParts = text.body.replace(/\[\[\s*(\w+)\s*\]\]/g, (_, part: string) => {
    const partText = parts[part as TMailPart] ?? '';
    return !name && mailCodesOf(partText).includes('recipient') ? '' : partText;
  });
  const body = format(language, withParts, values).replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  const subject = format(language, text.subject, values).replace(/\s+/g, ' ').trim();
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.6">${
    escape(body).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>').replace(/\n/g, '<br>')
  }</body></html>`;
  return { subject, text: `${body}\n`, html };
}
