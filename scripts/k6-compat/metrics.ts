/** k6/metrics: Counter, Gauge, Rate, Trend (the constructor's second argument, isTime, only labels). */
import { addSample, metric, type MetricType } from './state.js';

class Metric {
  constructor(readonly name: string, private readonly type: MetricType) {
    if (!/^[a-zA-Z_][a-zA-Z0-9_]{0,127}$/.test(name)) throw new Error(`k6-compat: invalid metric name ${name}`);
    metric(name, type);
  }
  add(value: number | boolean, tags?: Record<string, string>): void {
    addSample(this.name, this.type, value, tags);
  }
}

export class Counter extends Metric { constructor(name: string) { super(name, 'counter'); } }
export class Gauge extends Metric { constructor(name: string) { super(name, 'gauge'); } }
export class Rate extends Metric { constructor(name: string) { super(name, 'rate'); } }
export class Trend extends Metric { constructor(name: string, _isTime?: boolean) { super(name, 'trend'); } }

export default { Counter, Gauge, Rate, Trend };
