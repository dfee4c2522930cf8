/**
 * Opening hours as staff type them on a store ('Mon-Sun 10:30 am - 8:30 pm', 'Mon-Sat 11:00 am - 8:00 pm, Sun
 * closed') read as minutes of each weekday, and the day's 60-minute appointment slots. Text that cannot be read
 * falls back to DEFAULT_HOURS every day, which is also the video desk's day.
 */
export const DEFAULT_HOURS = { open: 10 * 60 + 30, close: 19 * 60 + 30 } as const;
export const SLOT_MINUTES = 60;

type Day = { open: number; close: number } | null;
/** Index as Date.getUTCDay(): 0 Sunday … 6 Saturday. */
export type WeekHours = readonly Day[];

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const dayIndex = (s: string) => DAYS.indexOf(s.slice(0, 3).toLowerCase());
const TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?`;
const SEGMENT = new RegExp(String.raw`^([a-z]{3,9})(?:\s*(?:-|–|to)\s*([a-z]{3,9}))?\s*:?\s*(?:(closed)|${TIME}\s*(?:-|–|to)\s*${TIME})$`, 'i');

function minutes(h: string, m: string | undefined, half: string | undefined): number | null {
  let hour = Number(h);
  const minute = Number(m ?? '0');
  if (hour > 24 || minute > 59) return null;
  const ampm = half?.toLowerCase();
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    if (ampm === 'pm' && hour !== 12) hour += 12;
    if (ampm === 'am' && hour === 12) hour = 0;
  }
  return hour * 60 + minute;
}

export const DEFAULT_WEEK: WeekHours = Array.from({ length: 7 }, () => ({ ...DEFAULT_HOURS }));

/** The week's hours from the store's text; DEFAULT_WEEK when no part of it can be read. */
export function parseHours(text: string | null | undefined): WeekHours {
  const week: Day[] = Array.from({ length: 7 }, () => null);
  let understood = false;
  for (const part of (text ?? '').split(/[,;]/)) {
    const m = SEGMENT.exec(part.trim());
    if (!m) continue;
    const from = dayIndex(m[1]!);
    const to = m[2] ? dayIndex(m[2]) : from;
    if (from < 0 || to < 0) continue;
    let hours: Day = null;
    if (!m[3]) {
      const open = minutes(m[4]!, m[5], m[6]);
      const close = minutes(m[7]!, m[8], m[9]);
      if (open === null || close === null || close <= open) continue;
      hours = { open, close };
    }
    for (let d = from, n = 0; n < 7; d = (d + 1) % 7, n++) {
      week[d] = hours;
      if (d === to) break;
    }
    understood = true;
  }
  return understood ? week : DEFAULT_WEEK;
}

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** The slots ('HH:MM') of a date (YYYY-MM-DD) in a week's hours: every whole hour from opening that ends by closing. */
export function slotsOn(week: WeekHours, date: string): string[] {
  const day = week[new Date(`${date}T00:00:00Z`).getUTCDay()];
  if (!day) return [];
  const slots: string[] = [];
  for (let start = day.open; start + SLOT_MINUTES <= day.close; start += SLOT_MINUTES) slots.push(hhmm(start));
  return slots;
}

/** The moment a slot begins (India is UTC+5:30, no summer time). */
export function slotStart(date: string, slot: string): Date {
  return new Date(Date.parse(`${date}T${slot}:00+05:30`));
}

/** A date (YYYY-MM-DD) plus n days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
