// Deploy-time settings of the SPA (issue 15): replaced when the bundle is published elsewhere,
// e.g. by the chart's web ConfigMap or a CDN upload step, without a rebuild. `apiOrigin`: where
// /v1 lives when it is not this page's origin (empty: the same origin).
window.__PORTAL_CONFIG__ = { apiOrigin: '' };
