import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Providers, createQueryClient } from '../app/Providers';
import { initI18n } from '../i18n';
import { PasswordFields } from './PasswordFields';

function Harness() {
  const [value, setValue] = useState({ password: '', confirm: '' });
  return <PasswordFields password={value.password} confirm={value.confirm} onChange={(password, confirm) => setValue({ password, confirm })} errors={{}} />;
}

async function mount(language: 'en-us' | 'ja-jp' | 'th-th') {
  await initI18n(language);
  render(<Providers queryClient={createQueryClient()}><Harness /></Providers>);
}

describe('password rules', () => {
  it('in English: no "half-width" rule, until a password breaks it; then it says which characters are allowed', async () => {
    await mount('en-us');
    expect(screen.getByText(/8 to 32 characters/)).toBeTruthy();
    expect(screen.queryByText(/half-width/i)).toBeNull();
    expect(screen.queryByText(/Only the letters A–Z/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Pässword 1' } });
    expect(screen.getByText(/Only the letters A–Z and a–z, digits and symbols \(no spaces\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Password#1' } });
    expect(screen.queryByText(/Only the letters A–Z/)).toBeNull();
  });

  it('in Thai: the same, without the term', async () => {
    await mount('th-th');
    expect(screen.queryByText(/ครึ่งความกว้าง/)).toBeNull();
    expect(screen.queryByText(/A–Z/)).toBeNull();
  });

  it('in Japanese: the half-width rule is always listed', async () => {
    await mount('ja-jp');
    expect(screen.getByText(/半角英数字・記号のみ/)).toBeTruthy();
  });
});
