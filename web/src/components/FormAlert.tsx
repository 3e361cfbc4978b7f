import { Alert } from '@mantine/core';

export function FormAlert({ message, color = 'red' }: { message: string; color?: string }) {
  return message ? <Alert color={color} variant="light" role="alert">{message}</Alert> : null;
}
