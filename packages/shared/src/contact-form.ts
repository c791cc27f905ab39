/**
 * What the contact form says once an inquiry is stored, in the app's thank-you panel and on the
 * page the server answers the form with when the app is not running: the same words either way.
 */
export const INQUIRY_THANKS_TITLE = 'Thank you for your inquiry!';
export const INQUIRY_THANKS_TEXT = 'We will get back to you soon.';
/** Follows "Your reference number is KPM-…." on both. */
export const INQUIRY_REFERENCE_HINT = 'Please quote it when you call or write to us.';
export const INQUIRY_SEND_ANOTHER = 'Send another request';
