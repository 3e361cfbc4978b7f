import { lazy } from 'react';

/** Issue 14, slice B: partners (operator), sub-partners and system settings (partner); lazy chunks for the router. */
export const PartnerListPage = lazy(() => import('./pages/PartnerListPage'));
export const PartnerCreatePage = lazy(() => import('./pages/PartnerCreatePage'));
export const PartnerInfoPage = lazy(() => import('./pages/PartnerInfoPage'));
export const SubPartnersPage = lazy(() => import('./pages/SubPartnersPage'));
export const PartnerSettingsPage = lazy(() => import('./pages/PartnerSettingsPage'));
