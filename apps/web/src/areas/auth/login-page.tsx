import { type CaptchaPayload, LoginRequestSchema } from '@kerf/contracts';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconLogin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ErrorAlert } from '../../components/errors';
import { helpText, useContractForm } from '../../components/form';
import { PublicLayout, usePageTitle } from '../../components/layout';
import { areaOf, useIsSignedIn, useLogin, useSelf } from '../../features/session';
import { CaptchaField } from '../../features/website';
import { ApiError, tokenStore } from '../../lib/api';

/**
 * Whether the server asked for a captcha (issue 31): other people's failed sign-ins locked this
 * account or this network's address; a solved proof of work lets the right password through. A
 * browser that signed into the account before is never asked (its device cookie).
 */
function asksForCaptcha(error: unknown) {
  return (
    error instanceof ApiError &&
    error.code === 'authentication.TOO_MANY_ATTEMPTS' &&
    error.details?.captchaRequired === true
  );
}

interface LoginState {
  returnTo?: string;
}

/** product.md §2 "Login": client, username, password; the account's area opens afterwards. */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const state = (useLocation().state ?? {}) as LoginState;
  const isSignedIn = useIsSignedIn();
  const self = useSelf();
  const mutation = useLogin(state.returnTo);
  const form = useContractForm(LoginRequestSchema, {
    initialValues: { tenant: '', username: '', password: '' },
  });
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaPayload | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaShown = captchaAsked || asksForCaptcha(mutation.error);

  if (isSignedIn && self.data && !mutation.isPending)
    return <Navigate to={`/${areaOf(self.data)}`} replace />;

  const endReason = isSignedIn ? null : tokenStore.endReason();
  const notice =
    endReason === 'ended'
      ? t('session.ended')
      : endReason === 'disabled'
        ? t('session.disabled')
        : endReason === 'logged-out'
          ? t('session.loggedOut')
          : null;

  return (
    <PublicLayout>
      <Container size={460} py={{ base: 'lg', sm: 64 }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <form
            noValidate
            aria-labelledby="login-title"
            onSubmit={form.onSubmit((values) => {
              mutation.mutate(captchaShown && captcha ? { ...values, captcha } : values, {
                onError: (error) => {
                  if (asksForCaptcha(error)) setCaptchaAsked(true);
                },
              });
              // a solution is good for one attempt: the next one gets a fresh challenge
              if (captchaShown && captcha) setCaptchaRound((round) => round + 1);
            })}
          >
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} id="login-title">
                  {t('login.title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('login.intro')}
                </Text>
              </Stack>
              {notice && !mutation.error && (
                <Alert color="steel" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
                  {notice}
                </Alert>
              )}
              <TextInput
                label={t('login.tenant')}
                description={t('login.tenantHelp')}
                autoComplete="organization"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                required
                size="md"
                data-autofocus
                {...form.getInputProps('tenant')}
              />
              <TextInput
                label={t('login.username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                required
                size="md"
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={t('login.password')}
                description={helpText(t, 'caseSensitive')}
                autoComplete="current-password"
                dir="ltr"
                required
                size="md"
                visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                {...form.getInputProps('password')}
              />
              {mutation.error && <ErrorAlert error={mutation.error} />}
              {captchaShown && (
                <Stack gap={6} data-testid="login-captcha">
                  <Text size="sm">{t('login.captchaNeeded')}</Text>
                  <CaptchaField onChange={setCaptcha} resetKey={captchaRound} />
                </Stack>
              )}
              <Button
                type="submit"
                size="md"
                fullWidth
                disabled={captchaShown && !captcha}
                loading={mutation.isPending}
                leftSection={<IconLogin size={18} aria-hidden className="mirror-in-rtl" />}
              >
                {t('login.submit')}
              </Button>
              <Text size="sm" ta="center">
                {t('login.noAccount')}{' '}
                <Anchor component={Link} to="/register">
                  {t('login.register')}
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
