import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

export function FormAlert({ message, color = 'red' }: { message: string; color?: string }) {
  return message ? <Alert color={color} variant="light" role="alert">{message}</Alert> : null;
}

/** A field's errors, each on its own line (an IP list's bad lines, each naming its line). */
export function errorLines(messages: readonly string[] | undefined): ReactNode {
  if (!messages?.length) return undefined;
  return messages.map((message) => <span key={message} style={{ display: 'block' }}>{message}</span>);
}
