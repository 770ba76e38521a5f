/** A day (YYYY-MM-DD) from the form as the API's instant: its start, or (`end`) the next day's start, UTC. */
export function dayInstant(day: string, end = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (end) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
