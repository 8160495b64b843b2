import { LoginPage } from './login-page';

export { LoginPage };
export const Component = LoginPage;
