import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, regionTimeZone, timeZoneName, type TimeSetting, type TLanguage } from '@portal/proto';
import { hostLocale } from './locale';

/**
 * Every time the SPA shows is in the time zone of the host's region (proto's REGION_PROFILES), in
 * the UI language, with the zone named, so that one instant reads the same on every page and in
 * the operation log's CSV: proto's formatters with the host's zone. Never the browser's own zone.
 */
export function hostTimeSetting(language: TLanguage): TimeSetting {
  return { language, timeZone: regionTimeZone(hostLocale().region) };
}

export interface DateTimeFormat {
  /** "2026/11/24 14:57 JST", "Nov 24, 2026, 12:57 AM EST". */
  dateTime(value: string | Date): string;
  /** The calendar date in the host's zone. */
  date(value: string | Date): string;
  /** The IANA zone ("Asia/Tokyo") and its short name now ("JST"). */
  timeZone: string;
  zoneName: string;
  setting: TimeSetting;
}

/** The page's formatter: follows the UI language as it changes. */
export function useDateTime(): DateTimeFormat {
  const { i18n } = useTranslation();
  const setting = hostTimeSetting(i18n.language as TLanguage);
  return {
    dateTime: (value) => formatDateTime(value, setting),
    date: (value) => formatDate(value, setting),
    timeZone: setting.timeZone,
    zoneName: timeZoneName(setting),
    setting,
  };
}
