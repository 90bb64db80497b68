import { z } from 'zod';
import { authMessages } from '../../domain/auth-messages.ts';
import { EMAIL } from '../../domain/checkout-rules.ts';
import { compactPhone, E164 } from '../../domain/phone.ts';
import { isPlainLine, PLAIN_LINE } from '../../domain/plain-text.ts';
import { MAX_PASSWORD } from './passwords.ts';

/** An account's fields as every call that takes them reads them: the auth routes and the owner's account command. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isPlainLine, PLAIN_LINE)
  .max(254)
  .refine((e) => EMAIL.test(e), authMessages.email);
export const phoneField = z
  .string()
  .max(40)
  .transform(compactPhone)
  .refine((p) => E164.test(p), authMessages.phone);
export const passwordField = z.string().max(MAX_PASSWORD * 4, authMessages.passwordTooLong);
export const codeField = z.string().trim().max(12);
export const nameField = z.string().trim().refine(isPlainLine, PLAIN_LINE).min(2, authMessages.name).max(120);
