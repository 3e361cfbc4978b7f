import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPES, LANGUAGES, renderMessage } from '@portal/proto';
import { contractTypeLabel } from './contract-labels';
import { rememberLanguage } from './locale';
import { loadServerMessages } from './server-messages';

describe('contract type labels (issue 25 item 7)', () => {
  it('name each contract type with the words of the client-list CSV, in every language', async () => {
    for (const language of LANGUAGES) {
      await loadServerMessages(language);
      rememberLanguage(language);
      for (const type of CONTRACT_TYPES) expect(contractTypeLabel(type), `${language} ${type}`).toBe(renderMessage(language, `contract.${type}`));
    }
    // Japanese had 単独 on screen and 単一 in the CSV.
    rememberLanguage('ja-jp');
    expect(contractTypeLabel('single_content_provider')).toBe('単一コンテンツプロバイダー');
    rememberLanguage('en-us');
  });
});
