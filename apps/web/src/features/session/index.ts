export { getSelf } from './api/get-self';
export { sessionKeys } from './api/keys';
export { login, normaliseCredentials } from './api/login';
export { logout } from './api/logout';
export { updateSelfLanguage } from './api/update-self-language';
export { useLogin } from './hooks/use-login';
export { useLogout } from './hooks/use-logout';
export { areaOf, displayNameOf, useIsSignedIn, useSelf } from './hooks/use-session';
