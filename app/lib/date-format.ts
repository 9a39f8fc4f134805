/**
 * Intl.DateTimeFormat, made once per locale and options. Building a formatter costs far more than
 * using one (it profiled at a tenth of /newsfeed's render when every post card built its own), and
 * the calendar formats hundreds of dates per page on slow devices.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
