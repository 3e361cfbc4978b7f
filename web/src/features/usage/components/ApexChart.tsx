import Chart from 'react-apexcharts/core';
// Only the chart types the dashboards use (STACK.md "Bundle size"); this module is its own widget
// chunk, fetched when the first chart renders, so the dashboard page stays within its budget.
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/features/legend';

interface Props {
  kind: 'line' | 'bar' | 'donut';
  title: string;
  labels: string[];
  counts: number[];
  format: (n: number) => string;
}

/**
 * The chart is drawn for sighted users and hidden from screen readers, who read the table beside
 * it (UsageChart): apexcharts' own accessibility (a focusable SVG, legend items as buttons with
 * tabindex 0) would put Tab stops inside an aria-hidden element (issue 26, aria-hidden-focus).
 */
const HIDDEN_FROM_ASSISTIVE_TECH = { enabled: false, keyboard: { enabled: false } };

/** One apexcharts chart: a series over time (line, bar) or a breakdown (donut). */
export default function ApexChart({ kind, title, labels, counts, format }: Props) {
  return kind === 'donut' ? (
    <Chart type="donut" height={260} series={counts} options={{
      labels, legend: { position: 'bottom' }, dataLabels: { enabled: false },
      tooltip: { y: { formatter: format } }, chart: { animations: { enabled: false }, accessibility: HIDDEN_FROM_ASSISTIVE_TECH },
    }} />
  ) : (
    <Chart type={kind} height={240} series={[{ name: title, data: counts }]} options={{
      // At most 8 date labels (4 at phone width): dates written out do not fit more without overlapping.
      xaxis: { categories: labels, tickAmount: Math.min(8, Math.max(1, labels.length - 1)), labels: { hideOverlappingLabels: true, rotate: 0 } },
      responsive: [{ breakpoint: 600, options: { xaxis: { tickAmount: Math.min(4, Math.max(1, labels.length - 1)) } } }],
      // Counts are whole numbers: at least 0–4 so that small counts get whole ticks.
      yaxis: { min: 0, max: (max: number) => Math.max(4, max), forceNiceScale: true, labels: { formatter: (v: number) => format(Math.round(v)) } },
      dataLabels: { enabled: false }, stroke: { width: kind === 'line' ? 2 : 0 },
      chart: { toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, accessibility: HIDDEN_FROM_ASSISTIVE_TECH },
    }} />
  );
}
