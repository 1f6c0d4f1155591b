/** Service worker registration duration: the install prompt waits this long (ms). */
export const SW_REGISTRATION_DURATION_MS = 5000;
/** The install prompt's countdown before it hides (ms). */
export const INSTALL_PROMPT_COUNTDOWN_MS = 3000;
/** The update toast appears after half the registration duration: 5000 / 2 ms. */
export const UPDATE_TOAST_DELAY_MS = SW_REGISTRATION_DURATION_MS / 2;
/** How long the update toast stays (ms). */
export const UPDATE_TOAST_DURATION_MS = 15_000;
