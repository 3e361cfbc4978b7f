import type { core } from 'zod';
import type { TMessageRef } from './envelope.js';

/** The message key and parameters for one zod issue, for field `field`. */
export function issueToMessage(issue: core.$ZodIssue, field: string): TMessageRef {
  // A failure of the whole payload (no field) is labelled "input".
  const fieldKey = field === '_' ? 'field.input' : `field.${field}`;
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : 'validation.invalid', params: { field: fieldKey } };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return { key: 'validation.required', params: { field: fieldKey } };
      return { key: issue.origin === 'string' ? 'validation.too_short' : 'validation.invalid', params: { field: fieldKey, min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'array') return { key: 'validation.too_many', params: { max: Number(issue.maximum) } };
      return { key: issue.origin === 'string' ? 'validation.too_long' : 'validation.invalid', params: { field: fieldKey, max: Number(issue.maximum) } };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email' } : { key: 'validation.invalid', params: { field: fieldKey } };
    case 'invalid_value':
      // z.literal(true) on an agreement checkbox.
      return issue.values.length === 1 && issue.values[0] === true
        ? { key: 'validation.must_agree', params: { field: fieldKey } }
        : { key: 'validation.invalid', params: { field: fieldKey } };
    case 'custom': {
      // Refinements carry their own key (proto's keyed()).
      const key = (issue.params as { key?: string } | undefined)?.key;
      return { key: key ?? 'validation.invalid', params: { field: fieldKey } };
    }
    default:
      return { key: 'validation.invalid', params: { field: fieldKey } };
  }
}


/** Field name -> message references, for every issue of a failed parse (server and SPA alike). */
export function fieldMessages(issues: readonly core.$ZodIssue[]): Record<string, TMessageRef[]> {
  const fields: Record<string, TMessageRef[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    // The label is the innermost named field: users.0.products.1 is labelled by `products`.
    const label = [...issue.path].reverse().find((segment) => typeof segment === 'string');
    (fields[field] ??= []).push(issueToMessage(issue, label ?? '_'));
  }
  return fields;
}
