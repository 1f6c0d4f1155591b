/** The landing dialogs, for the landing page and any other screen that wants them. */
export type { InfoTopic, LandingDialog, LandingDialogs } from '../landing/dialog-context';
export { useLandingDialogs } from '../landing/dialog-context';
export { LandingDialogsProvider } from '../landing/landing-dialogs-provider';
export { InfoDialog, type InfoDialogProps } from './info-dialog';
export { ContactDialog, UNDER_CONSTRUCTION_TEXT, UnderConstructionDialog } from './notice-dialogs';
export { INFO_TOPICS, TOPIC_HEADINGS } from './topics/headings';
