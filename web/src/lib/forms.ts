import { useState } from 'react';
import type { z } from 'zod';
import { fieldMessages, type TFieldErrors } from '@portal/proto';
import { ApiError, FormError } from './api';
import { currentLanguage } from './locale';
import { renderMessage } from './server-messages';

/**
 * Client-side validation with the contract's own schema, rendered with the server's message
 * catalogue: the SPA shows exactly the texts the server would answer with.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.infer<S> } | { ok: false; errors: TFieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const language = currentLanguage();
  const errors: TFieldErrors = {};
  for (const [field, refs] of Object.entries(fieldMessages(parsed.error.issues))) {
    errors[field] = refs.map((r) => renderMessage(language, r.key, r.params));
  }
  return { ok: false, errors };
}

/**
 * The form-level message of a refusal, unless it only repeats a field's error (the field shows it
 * under itself: an MFA code refused, a CSV file refused); then nothing, so no message shows twice.
 */
export function formMessageOf(error: FormError): string {
  const repeated = Object.values(error.errors).some((messages) => messages.includes(error.message));
  return repeated ? '' : error.message;
}

/**
 * Form state shared by the pages: field errors (client or server) and a form-level message. A
 * field with several errors (an IP list's bad lines) has them one per line (`\n`; the theme shows
 * input errors with `white-space: pre-line`).
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [message, setMessage] = useState('');
  return {
    errors,
    message,
    error: (field: string) => errors[field]?.join('\n') || undefined,
    setErrors,
    reset() {
      setErrors({});
      setMessage('');
    },
    /** Shows what a failed call said; returns false for errors the api client already handled. */
    fromError(error: unknown): boolean {
      if (error instanceof FormError) {
        setErrors(error.errors);
        setMessage(formMessageOf(error));
        return true;
      }
      if (error instanceof ApiError && error.message) {
        setMessage(error.message);
        return true;
      }
      // Aborted by navigation: nothing to show. Anything else is a bug or a broken answer.
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      console.error('request failed', error);
      setMessage(renderMessage(currentLanguage(), 'status.server_error'));
      return false;
    },
  };
}
