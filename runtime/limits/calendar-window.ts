/** The calendar windows limits count in (UTC). */
export type CalendarPeriod = 'month' | 'hour' | 'day';

/** The window a moment falls in: its id (part of the counter key) and the seconds until it ends. */
export function calendarWindow(period: CalendarPeriod, now: Date): { id: string; secondsLeft: number } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  const hour = now.getUTCHours();
  let end: number;
  let id: string;
  if (period === 'month') {
    end = Date.UTC(year, month + 1, 1);
    id = `${year}-${String(month + 1).padStart(2, '0')}`;
  } else if (period === 'day') {
    end = Date.UTC(year, month, day + 1);
    id = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  } else {
    end = Date.UTC(year, month, day, hour + 1);
    id = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}`;
  }
  return { id, secondsLeft: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}
