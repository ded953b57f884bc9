import { Alert } from '@mantine/core';

export interface LoginErrorView {
  title: string;
  text: string;
}

/** A login error: the spec's title and text (section 8). */
export function LoginError({ error }: { error: LoginErrorView | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={error.title} role="alert">
      {error.text}
    </Alert>
  );
}
