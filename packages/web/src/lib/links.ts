/**
 * The project's public addresses. The code host's repository is the one the version checker's
 * default release source (UPDATE_SOURCE_URL) points at.
 */
export const CODE_HOST_URL = 'https://github.com/balancer-bot/balancer';
export const SOURCE_CODE_URL = CODE_HOST_URL;
export const ISSUES_URL = `${CODE_HOST_URL}/issues`;
/** A placeholder (.invalid never resolves): operators and maintainers set their real address here. */
export const CONTACT_EMAIL = 'contact@balancer.invalid';
