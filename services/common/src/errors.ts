import { ZodError } from 'zod';
import { AccessCode, DEFAULT_MESSAGE_KEY, fieldMessages, type TAccessCode, type TMessageRef, type TServiceFailure } from '@portal/proto';

export { issueToMessage } from '@portal/proto';

/**
 * The one exception type services throw. It carries an access_status code and a message key;
 * the gateway renders the key in the request's language (STYLE.md rule 5).
 */
export class ServiceError extends Error {
  constructor(
    readonly code: TAccessCode,
    readonly messageKey: string = DEFAULT_MESSAGE_KEY[code],
    readonly params?: Record<string, string | number>,
    readonly fields?: Record<string, TMessageRef[]>,
    readonly data?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'ServiceError';
  }

  /** A refusal (40300, HTTP 403): the caller may not do this. */
  static forbidden(): ServiceError {
    return new ServiceError(AccessCode.FORBIDDEN);
  }

  /** No such record in the caller's scope (40404, HTTP 404), without saying whether it exists elsewhere. */
  static notFound(): ServiceError {
    return new ServiceError(AccessCode.NOT_FOUND);
  }

  static form(fields: Record<string, TMessageRef[]>): ServiceError {
    return new ServiceError(AccessCode.FORM_ERROR, DEFAULT_MESSAGE_KEY[AccessCode.FORM_ERROR], undefined, fields);
  }
}

export function zodToFailure(error: ZodError): TServiceFailure {
  return { code: AccessCode.FORM_ERROR, message: { key: DEFAULT_MESSAGE_KEY[AccessCode.FORM_ERROR] }, fields: fieldMessages(error.issues) };
}

/** One mapping from anything a handler throws to a failure the gateway can render. */
export function toFailure(error: unknown): { failure: TServiceFailure; unexpected: boolean } {
  if (error instanceof ServiceError) {
    return {
      failure: { code: error.code, message: { key: error.messageKey, params: error.params }, fields: error.fields, data: error.data },
      unexpected: false,
    };
  }
  if (error instanceof ZodError) return { failure: zodToFailure(error), unexpected: false };
  return { failure: { code: AccessCode.SERVER_ERROR, message: { key: DEFAULT_MESSAGE_KEY[AccessCode.SERVER_ERROR] } }, unexpected: true };
}
