import { NEW_PASSWORD_MESSAGE, type UpdatePasswordForm, updatePasswordFormSchema } from '@balancer/core';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { TextField } from '../../components/ui/text-field';
import { AuthForm, useFormFields } from './auth-form';
import { AuthScreen } from './auth-screen';
import { NicknameField } from './nickname-field';
import type { SignInNotice } from './sign-in-page';
import { useOtpSubmit } from './use-otp-submit';

export const PASSWORD_UPDATED_NOTICE = 'Your password was updated. Sign in with your new password.';
const EMPTY: UpdatePasswordForm = { nickname: '', newPassword: '', confirmNewPassword: '' };

export function UpdatePasswordPage() {
  const { updatePassword } = useAuth();
  const navigate = useNavigate();
  const flow = useOtpSubmit<UpdatePasswordForm>({
    send: ({ nickname, newPassword }, otpToken, altchaPayload) =>
      updatePassword({ nickname, newPassword, otpToken, altchaPayload }),
    // Sign-in next, for the same account: its nickname filled in.
    onSuccess: ({ nickname }) =>
      navigate('/auth/sign-in', {
        state: { notice: PASSWORD_UPDATED_NOTICE, nickname } satisfies SignInNotice,
      }),
  });
  const { bind, onSubmit } = useFormFields(updatePasswordFormSchema, EMPTY, flow);

  return (
    <AuthScreen title="Update your password" text="Set a password you haven't used elsewhere">
      <AuthForm
        flow={flow}
        onSubmit={onSubmit}
        submitLabel="Update password"
        other={{ to: '/auth/sign-in', label: 'Sign in' }}
        errorTitle="Password Update Error"
      >
        <NicknameField {...bind('nickname')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_MESSAGE}
          {...bind('newPassword')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...bind('confirmNewPassword')}
        />
      </AuthForm>
    </AuthScreen>
  );
}
