/**
 * The region's word for where a company is (the address's top division): prefecture only in Japan,
 * state where the country has states, province where it has provinces, otherwise a plain region.
 */
const LOCATION_LABEL: Partial<Record<string, string>> = {
  jpn: 'company.location_prefecture', usa: 'company.location_state', mys: 'company.location_state',
  chn: 'company.location_province', tha: 'company.location_province', vnm: 'company.location_province', phl: 'company.location_province', idn: 'company.location_province',
};
export const locationLabel = (region: string) => LOCATION_LABEL[region] ?? 'company.location_region';
