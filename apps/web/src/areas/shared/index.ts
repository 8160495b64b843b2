/** The frame every role area shares: shell (header, navigation, sign-in guard) and the back button. */
export { AreaShell } from './area-shell';
export { BackButton } from './back-button';
