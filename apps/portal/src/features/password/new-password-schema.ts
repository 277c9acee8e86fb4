import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from './password-rules';

export const newPasswordSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });

/** The signed-in change of one's own password also names the current one. */
export const updatePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });
