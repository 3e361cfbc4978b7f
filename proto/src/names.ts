import { z } from 'zod';
import type { TRegion } from './enums.js';
import { REGION_PROFILES } from './regions.js';

/**
 * How a person's name is written in each region (spec §5), shared by the SPA (forms, headers), the
 * services (user list, operation log, mails) and anything else that shows a name.
 *
 * - Order: family name first in Japan and Vietnam, given name first elsewhere (REGION_PROFILES).
 * - Separator: a space, except for a name written wholly in CJK script (kanji, kana) in Japan,
 *   China or Taiwan: such a name is family name first with no space ("山田太郎", "王小明"), as it is
 *   written there, whatever order the region uses for Latin-script names.
 * - A missing part leaves the other alone (invited accounts have only the name they were given).
 */
export type TNameOrder = 'family_first' | 'given_first';

/**
 * One part of a person's name, as every form asks it (sign-up, profile, account edit, invite by
 * screen and by CSV): both parts are required, at most 50 characters each. One schema, so the
 * server and the SPA refuse the same input with the same message (docs/decisions.md).
 */
export const PERSON_NAME_PART_MAX = 50;
export const ZPersonNamePart = z.string().trim().min(1).max(PERSON_NAME_PART_MAX);
/** Family and given name, both required. */
export const ZPersonName = z.object({ family_name: ZPersonNamePart, given_name: ZPersonNamePart });
export type TNameField = 'family_name' | 'given_name';
export interface PersonName { family_name: string; given_name: string }

const CJK_REGIONS: ReadonlySet<TRegion> = new Set(['jpn', 'chn', 'twn']);
/** Han (with 々 〆), hiragana, katakana and the prolonged-sound mark ー. */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005\u3006]+$/u;

export function nameOrder(region: TRegion): TNameOrder {
  return REGION_PROFILES[region].nameOrder;
}

/** The order of the name fields in a form of this region. */
export function nameFieldOrder(region: TRegion): readonly [TNameField, TNameField] {
  return nameOrder(region) === 'family_first' ? ['family_name', 'given_name'] : ['given_name', 'family_name'];
}

/** Whether a name part is written only in CJK script (no Latin letters, digits or spaces). */
export function isCjkName(part: string): boolean {
  return CJK_ONLY.test(part);
}

/** A person's name as the region writes it. */
export function formatPersonName(region: TRegion, name: PersonName): string {
  const family = name.family_name.trim();
  const given = name.given_name.trim();
  if (!family || !given) return family || given;
  if (CJK_REGIONS.has(region) && isCjkName(family) && isCjkName(given)) return `${family}${given}`;
  return nameOrder(region) === 'family_first' ? `${family} ${given}` : `${given} ${family}`;
}
