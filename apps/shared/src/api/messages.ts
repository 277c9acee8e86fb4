// The messages people see, word for word.
export const AN_ERROR_OCCURRED = 'An error occurred';
/** The fallback on the alternative (provider-prefixed) upload path. */
export const AN_ERROR_OCCURRED_UPLOAD = 'An error occurred 4';
export const COULD_NOT_GET_INVOICES = 'Could not get invoices';
export const GET_USER_DATA_FAILED = 'Something went wrong...getUserData';
export const CERTIFICATE_CONFIG_SAVED = 'Certificate configuration saved';
export const CERTIFICATE_CONFIG_NOT_SAVED = 'Certificate configuration failed to save';

// Generic transport messages ("come from the transport layer"); worded as the old
// client's transport worded them, so that support scripts and screenshots still match.
export const NETWORK_ERROR = 'Network Error';
export const REQUEST_ABORTED = 'Request aborted';
export const timeoutExceeded = (ms: number) => `timeout of ${ms}ms exceeded`;
export const requestFailed = (status: number) => `Request failed with status code ${status}`;
