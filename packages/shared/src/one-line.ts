/**
 * Line breaks, tabs and other control characters in a one-line field (a name, a phone number, a
 * product) become one space. Such a field is shown on one line (an email header, a line of the
 * staff email), where a typed line break would start a line of its own: a fake `Bcc:` line, say.
 * Normalised rather than refused: a name pasted with a line break is still the visitor's name.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
export const toOneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
