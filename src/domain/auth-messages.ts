/**
 * The words of the auth answers (spec §7: success, authToken, user, errorCode,
 * errorMessage; §8 session expiry). The same for a known and an unknown identifier, so
 * an answer never tells whether someone has an account.
 */
export const authMessages = {
  confirmEmail: 'We sent a confirmation link to this e-mail address. Open it to finish signing up.',
  invalidCredentials: 'The e-mail address or password is not correct.',
  invalidCode: 'This code has expired or was used already. Please ask for a new one.',
  sessionExpired: 'Your session has expired. Please re-login into your account.',
  passwordTooShort: 'The password must have at least 8 characters.',
  passwordTooLong: 'The password is too long.',
  passwordCommon: 'This password is used by many people. Please choose another one.',
  name: 'Please enter at least 2 letters.',
  email: 'Please enter a valid e-mail address.',
} as const;

export type AuthErrorCode = 'confirm_email' | 'invalid_credentials' | 'invalid_code' | 'session_expired' | 'bad_request';
