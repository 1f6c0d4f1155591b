import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../../lib/api';
import { CaptchaSession } from './captcha-session';

/** A form's captcha session (see CaptchaSession), its challenges fetched with the app's client. */
export function useCaptcha(client: ApiClient) {
  const [session] = useState(
    () => new CaptchaSession({ fetchChallenge: () => client.request({ path: 'altcha' }) }),
  );
  useEffect(() => session.dispose, [session]);
  const status = useSyncExternalStore(session.subscribe, session.getStatus);
  return { status, start: session.start, take: session.take };
}

export type Captcha = ReturnType<typeof useCaptcha>;
