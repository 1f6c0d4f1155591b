import { NICKNAME_PATTERN, type SignInForm, signInFormSchema } from '@balancer/core';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { TextField } from '../../components/ui/text-field';
import { AuthForm, useFormFields } from './auth-form';
import { AuthScreen } from './auth-screen';
import { NicknameField } from './nickname-field';
import { returnPathOf, type SignInNotice } from './return-to';
import { useOtpSubmit } from './use-otp-submit';

export type { SignInNotice };

/** The nickname handed over in the navigation state (a password update's), if it is one. */
function nicknameOf(state: unknown): string {
  const nickname = (state as SignInNotice | null)?.nickname;
  return typeof nickname === 'string' && NICKNAME_PATTERN.test(nickname) ? nickname : '';
}

export function SignInPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const { state } = useLocation();
  const notice = (state as SignInNotice | null)?.notice;
  const nickname = nicknameOf(state);
  const flow = useOtpSubmit<SignInForm>({
    send: (form, otpToken, altchaPayload) => signIn({ ...form, otpToken, altchaPayload }),
    // Back to the page that asked for the sign-in (a deep link), else the dashboard.
    onSuccess: () => navigate(returnPathOf(state), { replace: true }),
  });
  const { bind, onSubmit } = useFormFields(signInFormSchema, { nickname, password: '' }, flow);

  return (
    <AuthScreen title="Sign in" text="Enter your credentials to log into your account">
      {notice && (
        <p
          role="status"
          className="rounded-md border border-increase/40 bg-teal-50 p-3 text-sm text-increase"
        >
          {notice}
        </p>
      )}
      <AuthForm
        flow={flow}
        onSubmit={onSubmit}
        submitLabel="Sign in"
        other={{ to: '/auth/update-password', label: 'Update password' }}
        errorTitle="Authentication Error"
      >
        <NicknameField {...bind('nickname')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          // With the nickname filled in (after a password update), the password is what is left.
          autoFocus={nickname !== ''}
          {...bind('password')}
        />
      </AuthForm>
      <p className="text-center text-sm text-neutral-600">
        First time here? Set your password through the ‘Update password’ section first, with the one-time code
        from your authenticator app.
      </p>
    </AuthScreen>
  );
}
