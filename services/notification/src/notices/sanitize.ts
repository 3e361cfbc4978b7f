import sanitizeHtml from 'sanitize-html';

/**
 * A notice body's HTML: the same rules as the terms of use (services/licence/src/terms/sanitize.ts,
 * what the rich-text editor produces). Scripts, styles, event handlers, iframes and javascript:
 * links go; links get rel="noopener noreferrer nofollow". Kept beside the notices rather than
 * imported across services (a service depends on no other service's code).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'span', 'mark', 'sub', 'sup'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the sanitised HTML shows no text at all. */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
