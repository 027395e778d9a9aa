/** '2 minutes ago', 'yesterday', '3 days ago': how long ago a moment was, in English. */
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    const amount = Math.round(seconds / size);
    if (amount >= 1 && seconds >= size * 0.9) return format.format(-amount, unit);
  }
  return format.format(-1, 'minute');
}
