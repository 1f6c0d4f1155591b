import { z } from 'zod';
import { captchaPayloadSchema } from './captcha.js';
import { newPasswordSchema, nicknameSchema, otpCodeSchema, signInPasswordSchema } from './credentials.js';

/** Note the typographic apostrophe (U+2019), as the spec writes it. */
export const PASSWORDS_MISMATCH_MESSAGE = 'The passwords don’t match';

/** The sign-in form's fields; the OTP code and captcha are collected by the dialog after it. */
export const signInFormSchema = z.object({ nickname: nicknameSchema, password: signInPasswordSchema });
export type SignInForm = z.infer<typeof signInFormSchema>;

/** Body of `POST` sign-in. */
export const signInBodySchema = z.strictObject({
  nickname: nicknameSchema,
  password: signInPasswordSchema,
  otpToken: otpCodeSchema,
  altchaPayload: captchaPayloadSchema,
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/**
 * The update-password form. The mismatch is reported on `confirmNewPassword`, and is checked even
 * when another field is invalid, so the form shows every problem at once.
 */
export const updatePasswordFormSchema = z
  .object({
    nickname: nicknameSchema,
    newPassword: newPasswordSchema,
    confirmNewPassword: z.string({ error: PASSWORDS_MISMATCH_MESSAGE }),
  })
  .refine((form) => form.newPassword === form.confirmNewPassword, {
    message: PASSWORDS_MISMATCH_MESSAGE,
    path: ['confirmNewPassword'],
    when: ({ value }) => {
      const form = value as { newPassword?: unknown; confirmNewPassword?: unknown } | null;
      return typeof form?.newPassword === 'string' && typeof form.confirmNewPassword === 'string';
    },
  });
export type UpdatePasswordForm = z.infer<typeof updatePasswordFormSchema>;

/** Body of the public password update: the OTP code proves the user holds the secret. */
export const updatePasswordBodySchema = z.strictObject({
  nickname: nicknameSchema,
  newPassword: newPasswordSchema,
  otpToken: otpCodeSchema,
  altchaPayload: captchaPayloadSchema,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;
