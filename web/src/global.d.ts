import type { TLanguage, TRegion } from '@portal/proto';

declare global {
  interface Window {
    /** Injected into index.html by the gateway from the Host header (DESIGN §5). */
    __PORTAL_LOCALE__?: { region: TRegion; language: TLanguage; languages: readonly TLanguage[] };
    /** Deploy-time settings from /config.js (issue 15): the API origin of a split-origin deployment. */
    __PORTAL_CONFIG__?: { apiOrigin?: string };
    /** Analytics data layer (Google Tag Manager style). */
    dataLayer?: unknown[];
  }
}

export {};
