export { sessionKeys } from './api/keys';
export { getSelf, updateSelfLanguage } from './api/session';
export { useLogin } from './hooks/use-login';
export { useLogout } from './hooks/use-logout';
export { areaOf, displayNameOf, useIsSignedIn, useSelf } from './hooks/use-session';
