import { lazy } from 'react';

/** Terms of use: the operator's screens and the public terms page (lazy chunks), and the links beside agreement checkboxes. */
export const TermsPage = lazy(() => import('./pages/TermsPage'));
export const TermsUrlsPage = lazy(() => import('./pages/TermsUrlsPage'));
export const PublicTermsPage = lazy(() => import('./pages/PublicTermsPage'));
export { AgreementLinks } from './components/AgreementLinks';
