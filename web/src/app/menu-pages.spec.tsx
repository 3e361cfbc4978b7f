import { describe, expect, it } from 'vitest';
import { SPA_ROUTES } from '@portal/proto';
import { PlaceholderPage, pageFor } from './AppRoutes';

/**
 * Issue 14 (docs/design/backoffice.md "Side menus"): every item of a side menu leads to a working
 * screen, never the "coming soon" placeholder, in every area (client, partner, operator).
 */
describe('side menus', () => {
  it('have no item whose page is the coming-soon placeholder', () => {
    const menu = SPA_ROUTES.filter((r) => r.menu);
    expect(menu.length).toBeGreaterThan(20);
    const placeholders = menu.filter((r) => pageFor(r).type === PlaceholderPage).map((r) => r.name);
    expect(placeholders).toEqual([]);
  });

  it('and no route of spec §2 at all is the placeholder any more', () => {
    expect(SPA_ROUTES.filter((r) => pageFor(r).type === PlaceholderPage).map((r) => r.path)).toEqual([]);
  });
});
