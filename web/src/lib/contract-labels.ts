import type { TContractType } from '@portal/proto';
import { currentLanguage } from './locale';
import { renderMessage } from './server-messages';

/**
 * A contract type in words, from the server's message catalogue (`contract.*`): the same words the
 * client-list CSV writes, so a screen and its export never name one contract differently (issue 25
 * item 7). The SPA keeps no copy of these labels.
 */
export function contractTypeLabel(type: TContractType): string {
  return renderMessage(currentLanguage(), `contract.${type}`);
}
