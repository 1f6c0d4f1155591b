import { z } from 'zod';

/** Shown when the captcha was not solved. */
export const CAPTCHA_REQUIRED_MESSAGE = "Prove you're not a robot";
/** The widget's payload is base64 of a small JSON object (~300 characters); far more is not it. */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4000;
export const CAPTCHA_ALGORITHMS = ['SHA-256', 'SHA-384', 'SHA-512'] as const;
export type CaptchaAlgorithm = (typeof CAPTCHA_ALGORITHMS)[number];

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The solved captcha the client sends (`altchaPayload`): a non-empty base64 string of at most
 * 4,000 characters. Missing, empty or not base64 gives "Prove you're not a robot"; the server
 * still verifies its content and signature.
 */
export const captchaPayloadSchema = z
  .string({ error: CAPTCHA_REQUIRED_MESSAGE })
  .max(CAPTCHA_PAYLOAD_MAX_LENGTH, 'The captcha payload is too long')
  // The pattern needs one character at least, so '' fails once, here.
  .regex(BASE64, CAPTCHA_REQUIRED_MESSAGE);

/**
 * The challenge the server hands the widget (`GET /altcha`). `challenge` is the hex digest
 * (64–128 characters for the allowed algorithms; the spec's floor is 40); `salt` may carry
 * parameters such as `?expires=`; `maxnumber` is optional in the protocol, ours sends 1,000,000.
 * Unknown keys are kept, as newer widget versions add some.
 */
export const captchaChallengeSchema = z.looseObject({
  algorithm: z.enum(CAPTCHA_ALGORITHMS, {
    error: 'The captcha algorithm must be SHA-256, SHA-384 or SHA-512',
  }),
  challenge: z.string({ error: 'The captcha challenge must be 40 to 1000 characters' }).min(40).max(1000),
  salt: z.string({ error: 'The captcha salt must be 10 to 1000 characters' }).min(10).max(1000),
  signature: z.string({ error: 'The captcha signature must be 1 to 1000 characters' }).min(1).max(1000),
  maxnumber: z.int({ error: 'The captcha max number must be a positive integer' }).positive().optional(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
