import type { Clock } from '../../core/shared/clock';

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
