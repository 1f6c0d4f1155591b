/**
 * The landing dialogs (info topics, contact, under construction): the landing page and the
 * signed-in side menu open them. Shipped code imports dialog-context and
 * landing-dialogs-provider directly, so the dialogs themselves stay in their lazy chunk.
 */
export type { InfoTopic, LandingDialog, LandingDialogs } from './dialog-context';
export { useLandingDialogs } from './dialog-context';
export { InfoDialog, type InfoDialogProps } from './info-dialog';
export { LandingDialogsProvider } from './landing-dialogs-provider';
export { ContactDialog, UNDER_CONSTRUCTION_TEXT, UnderConstructionDialog } from './notice-dialogs';
export { INFO_TOPICS, TOPIC_HEADINGS } from './topics/headings';
