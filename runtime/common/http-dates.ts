// HTTP dates (RFC 9110 §5.6.7): what Last-Modified sends, and what If-Modified-Since, If-Unmodified-Since and
// If-Range carry back. They have no fraction of a second, so a validator's date is compared to the second.

/** An IMF-fixdate is 29 characters; anything much longer is no HTTP-date, and is not handed to Date.parse. */
const LONGEST_DATE = 64;

/** `date` to the whole second below, as an HTTP-date carries it. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** A date field's time in ms; undefined when it is missing or no date, which a recipient ignores (RFC 9110 §13.1.3). */
export function httpDate(field: string | undefined): number | undefined {
  if (field === undefined || field.length > LONGEST_DATE) return undefined;
  const time = Date.parse(field);
  return Number.isNaN(time) ? undefined : time;
}
