import type { CaptchaPayload } from '@kerf/contracts';
import { Button, Group, Loader, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptchaChallenge } from '../api/captcha';

type State = 'verifying' | 'verified' | 'error';

/**
 * The self-hosted proof of work (ALTCHA protocol, altcha-lib): fetches a signed challenge and solves
 * it in the browser while the visitor fills in the form; the server verifies the solution when the
 * form is sent. No third party, no cookie, no puzzle to click; a live region says what it is doing.
 */
export function CaptchaField({
  onChange,
  resetKey,
}: {
  onChange: (payload: CaptchaPayload | null) => void;
  resetKey?: number;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('verifying');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const solve = useCallback(async (signal: AbortSignal) => {
    setState('verifying');
    onChangeRef.current(null);
    try {
      const challenge = await fetchCaptchaChallenge();
      const controller = new AbortController();
      signal.addEventListener('abort', () => controller.abort());
      const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
      if (signal.aborted) return;
      if (!solution) throw new Error('not solved');
      onChangeRef.current({
        challenge,
        solution: { counter: solution.counter, derivedKey: solution.derivedKey },
      });
      setState('verified');
    } catch {
      if (!signal.aborted) setState('error');
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey asks for a fresh challenge after each use
  useEffect(() => {
    const controller = new AbortController();
    void solve(controller.signal);
    return () => controller.abort();
  }, [solve, resetKey]);

  return (
    <Paper withBorder p="sm" radius="sm" data-testid="captcha" data-state={state}>
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        {state === 'verifying' && <Loader size="sm" aria-hidden />}
        {state === 'verified' && (
          <ThemeIcon color="green" variant="light" aria-hidden>
            <IconShieldCheck size={18} />
          </ThemeIcon>
        )}
        {state === 'error' && (
          <ThemeIcon color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={18} />
          </ThemeIcon>
        )}
        <Text size="sm" style={{ flex: 1 }}>
          {t(`websiteForms.captcha.${state}`)}
        </Text>
        {state === 'error' && (
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              const controller = new AbortController();
              void solve(controller.signal);
            }}
          >
            {t('websiteForms.captcha.retry')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
