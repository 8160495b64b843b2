import {
  type CaptchaPayload,
  COUNTRIES,
  CURRENCIES,
  type Currency,
  type PasswordRule,
  passwordRules,
  RegistrationPersonalSchema,
  type RegistrationRequest,
  RegistrationRequestSchema,
  type RegistrationResult,
  SALUTATIONS,
  TENANT_SLUG_PATTERN,
} from '@kerf/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  List,
  Loader,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { schemaErrors } from '../../../components/form';
import { countryName, PhoneField } from '../../../components/inputs';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import {
  CaptchaField,
  MachineListField,
  PriceSummary,
  useContractConditions,
  useCuttingWidths,
  usePrice,
  useRegisterShop,
  useTenantIdAvailability,
} from '../../../features/website';
import { isApiError } from '../../../lib/api';
import { languageOf, useLocale } from '../../../lib/i18n';
import classes from './registration.module.css';

type Values = Omit<RegistrationRequest, 'captcha' | 'language'>;
type Country = (typeof COUNTRIES)[number];

const STEP_FIELDS: string[][] = [
  [
    'salutation',
    'firstName',
    'lastName',
    'email',
    'emailConfirmation',
    'phone',
    'company',
    'shopName',
    'tenantId',
    'username',
    'password',
    'passwordConfirmation',
  ],
  ['machines'],
  ['address', 'deliveryAddress', 'taxNumber', 'vatNumber', 'currency', 'acceptTerms', 'acceptPrivacy'],
];

/**
 * A phone number inside a sentence: one unbreakable run (no "+49" left at a line's end), isolated
 * left to right so that Arabic text does not move its plus sign.
 */
const unbrokenPhone = (phone: string) => `\u2066${phone.replace(/ /g, '\u00a0')}\u2069`;

const emptyAddress = (country: Country = 'DE') => ({
  street: '',
  streetNumber: '',
  zip: '',
  city: '',
  country,
});

const PASSWORD_RULES: PasswordRule[] = ['length', 'lowercase', 'uppercase', 'digit', 'special'];

/** Every password rule at once, each marked met or not while the password is typed (product.md §5). */
function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation();
  const met = passwordRules(value);
  return (
    <List size="xs" spacing={2} listStyleType="none" data-testid="password-rules" aria-live="polite">
      {PASSWORD_RULES.map((rule) => (
        <List.Item
          key={rule}
          data-met={met[rule]}
          icon={
            met[rule] ? (
              <IconCheck size={14} color="var(--mantine-color-green-8)" aria-hidden />
            ) : (
              <IconX size={14} color="var(--mantine-color-gray-7)" aria-hidden />
            )
          }
        >
          <Text span size="xs" c={met[rule] ? undefined : 'dimmed'}>
            {t(`moneyWebsite.registration.rules.${rule}`)}
            <VisuallyHidden>
              {met[rule] ? t('moneyWebsite.registration.ruleMet') : t('moneyWebsite.registration.ruleOpen')}
            </VisuallyHidden>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** product.md §2 registration: 4 steps (personal data, machines, payment, overview), then done or error. */
function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  usePageTitle(t('registration.title'));
  const [step, setStep] = useState(0);
  const [captcha, setCaptcha] = useState<CaptchaPayload | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<'taken' | 'other' | null>(null);
  const [result, setResult] = useState<RegistrationResult | null>(null);
  const [differentDelivery, setDifferentDelivery] = useState(false);
  // On a phone the stepper names only the current step (four labels do not fit in one row).
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  // On a phone the steps are numbers only: the step's own heading right below names it, and a long
  // name beside the current number ("Persoonsgegevens") pushed the last step onto a second row.
  const stepLabel = (label: string) => (narrow ? undefined : label);

  /**
   * Step 1 checked field by field as it is typed (and on leaving a field): the contract's rules, the
   * confirmations against what they confirm, every unmet password rule at once.
   */
  function personalErrors(current: Values): Record<string, string> {
    const errors = schemaErrors(RegistrationPersonalSchema, current, t);
    const unmet = PASSWORD_RULES.filter((rule) => !passwordRules(current.password)[rule]);
    // the list under the field names each rule not met yet; the error only says that some are
    if (unmet.length > 0) errors.password = t('moneyWebsite.registration.rulesUnmet');
    if (!current.emailConfirmation) errors.emailConfirmation = t('fields.REQUIRED');
    else if (current.email.trim().toLowerCase() !== current.emailConfirmation.trim().toLowerCase())
      errors.emailConfirmation = t('moneyWebsite.registration.emailsDiffer');
    if (!current.passwordConfirmation) errors.passwordConfirmation = t('fields.REQUIRED');
    else if (current.password !== current.passwordConfirmation)
      errors.passwordConfirmation = t('moneyWebsite.registration.passwordsDiffer');
    return errors;
  }

  const form = useForm<Values>({
    validateInputOnBlur: STEP_FIELDS[0]!,
    validateInputOnChange: ['email', 'emailConfirmation', 'password', 'passwordConfirmation'],
    validate: (current) => personalErrors(current),
    initialValues: {
      salutation: 'MS',
      firstName: '',
      lastName: '',
      email: '',
      emailConfirmation: '',
      phone: '',
      company: '',
      shopName: '',
      tenantId: '',
      username: '',
      password: '',
      passwordConfirmation: '',
      machines: [{ manufacturer: '', model: '', count: 1 }],
      address: emptyAddress(),
      deliveryAddress: null,
      taxNumber: '',
      vatNumber: '',
      currency: 'EUR',
      acceptTerms: false,
      acceptPrivacy: false,
    },
  });
  const values = form.getValues();

  const widths = useCuttingWidths();
  const conditions = useContractConditions('DE');
  const registerShop = useRegisterShop();
  const supportPhone = conditions.data?.supportPhone ?? '';
  const supportEmail = conditions.data?.supportEmail ?? '';

  const [tenantId] = useDebouncedValue(values.tenantId.trim().toLowerCase(), 350);
  const tenantIdValid = tenantId.length >= 2 && TENANT_SLUG_PATTERN.test(tenantId);
  const availability = useTenantIdAvailability(tenantId, { enabled: tenantIdValid });

  const priceRequest = {
    country: values.address.country,
    currency: values.currency,
    vatNumber: values.vatNumber || null,
    machines: values.machines,
  };
  const machinesComplete = values.machines.every((m) => m.manufacturer && m.model && m.count > 0);
  const price = usePrice(priceRequest, { enabled: step >= 2 && machinesComplete });

  /** The contract checks the step's fields (the captcha comes last, on submit). */
  function validateStep(index: number) {
    const errors = {
      ...schemaErrors(RegistrationRequestSchema, { ...form.getValues(), language: 'ENGLISH' }, t),
      // the whole request's confirmations are checked only once every field is valid: step 1's own
      ...(index === 0 ? personalErrors(form.getValues()) : {}),
    };
    const fields = STEP_FIELDS[index]!;
    const own = Object.fromEntries(
      Object.entries(errors).filter(([path]) => fields.includes(path.split('.')[0]!)),
    );
    if (index === 0 && availability.data && !availability.data.available)
      own.tenantId = t('registration.tenantTaken');
    form.setErrors(own);
    return Object.keys(own).length === 0;
  }

  const next = () => {
    if (validateStep(step)) setStep((current) => current + 1);
  };

  async function submit() {
    if (!captcha) return;
    for (const index of [0, 1, 2]) {
      if (!validateStep(index)) {
        setStep(index);
        return;
      }
    }
    setSending(true);
    setFailure(null);
    try {
      const answer = await registerShop.mutateAsync({
        ...form.getValues(),
        language: languageOf(locale),
        captcha,
      });
      setResult(answer);
      setStep(4);
    } catch (error) {
      setCaptchaRound((round) => round + 1);
      if (isApiError(error) && error.code === 'service.knives.TENANT_ID_TAKEN') {
        setFailure('taken');
        form.setFieldError('tenantId', t('registration.tenantTaken'));
      } else if (isApiError(error) && error.code === 'validation.INVALID_INPUT') {
        const fields = error.details?.fields ?? [];
        for (const field of fields)
          form.setFieldError(field.field, t(`fields.${field.code}`, { limit: field.limit }));
        const first = STEP_FIELDS.findIndex((names) =>
          fields.some((f) => names.includes(f.field.split('.')[0]!)),
        );
        if (first >= 0) setStep(first);
        else setFailure('other');
      } else setFailure('other');
    } finally {
      setSending(false);
    }
  }

  const countries = COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) }));
  const address = (prefix: 'address' | 'deliveryAddress') => (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('registration.street')}
          required
          autoComplete="address-line1"
          style={narrow ? undefined : { gridColumn: 'span 2' }}
          {...form.getInputProps(`${prefix}.street`)}
        />
        <TextInput
          label={t('registration.streetNumber')}
          required
          {...form.getInputProps(`${prefix}.streetNumber`)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('registration.zip')}
          required
          autoComplete="postal-code"
          {...form.getInputProps(`${prefix}.zip`)}
        />
        <TextInput
          label={t('registration.city')}
          required
          autoComplete="address-level2"
          {...form.getInputProps(`${prefix}.city`)}
        />
        <Select
          label={t('registration.country')}
          data={countries}
          allowDeselect={false}
          {...form.getInputProps(`${prefix}.country`)}
        />
      </SimpleGrid>
    </>
  );

  const availabilityHint: ReactNode = !tenantIdValid ? (
    t('registration.tenantIdHint')
  ) : availability.isFetching ? (
    <Group gap={6} component="span">
      <Loader size={12} aria-hidden /> {t('registration.tenantChecking')}
    </Group>
  ) : availability.data?.available ? (
    // the text in the hint's own colour, the mark in green: green text this small fails contrast
    <Text span inherit data-testid="tenant-available">
      <IconCheck size={12} color="var(--mantine-color-green-8)" aria-hidden />{' '}
      {t('registration.tenantAvailable')}
    </Text>
  ) : availability.data ? (
    <Text span c="red.9" size="xs" data-testid="tenant-taken">
      <IconX size={12} aria-hidden /> {t('registration.tenantTaken')}
    </Text>
  ) : null;

  if (result) {
    return (
      <WebsiteLayout>
        <Container size={720} py={{ base: 32, sm: 56 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="registration-done">
            <Stack gap="md">
              {/* the mark stays beside the title: on a phone it was left alone on a line above it */}
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconCircleCheck
                  size={32}
                  color="var(--mantine-color-green-7)"
                  style={{ flex: 'none', marginTop: 2 }}
                  aria-hidden
                />
                <Title order={1}>{t('registration.done.title')}</Title>
              </Group>
              <Text>{t('registration.done.tenant')}</Text>
              <Text fz={{ base: 22, sm: 28 }} fw={700} translate="no" data-testid="done-tenant-id">
                {result.tenantId}
              </Text>
              <Text>{t('registration.done.invoice', { number: result.invoiceNumber })}</Text>
              <Title order={2} size="h4">
                {t('registration.done.nextTitle')}
              </Title>
              <ol>
                <li>
                  {t('registration.done.next1', { tenant: result.tenantId, username: result.username })}
                </li>
                <li>{t('registration.done.next2')}</li>
                <li>{t('registration.done.next3')}</li>
              </ol>
              <Text size="sm">
                {t('registration.done.support', { phone: unbrokenPhone(supportPhone), email: supportEmail })}
              </Text>
              <Group>
                <Button component={Link} to="/login">
                  {t('website.login')}
                </Button>
                <Button component={Link} to="/" variant="default">
                  {t('registration.backHome')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Container>
      </WebsiteLayout>
    );
  }

  return (
    <WebsiteLayout>
      <Container size={880} py={{ base: 24, sm: 48 }}>
        <Stack gap="lg">
          <Title order={1}>{t('registration.title')}</Title>
          <Stepper
            active={step}
            onStepClick={(index) => index < step && setStep(index)}
            size="sm"
            allowNextStepsSelect={false}
          >
            <Stepper.Step
              label={stepLabel(t('registration.steps.personal'))}
              aria-label={t('registration.steps.personal')}
            />
            <Stepper.Step
              label={stepLabel(t('registration.steps.machines'))}
              aria-label={t('registration.steps.machines')}
            />
            <Stepper.Step
              label={stepLabel(t('registration.steps.payment'))}
              aria-label={t('registration.steps.payment')}
            />
            <Stepper.Step
              label={stepLabel(t('registration.steps.overview'))}
              aria-label={t('registration.steps.overview')}
            />
          </Stepper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            {step === 0 && (
              <Stack gap="md">
                <Title order={2} size="h3">
                  {t('registration.steps.personal')}
                </Title>
                <Select
                  label={t('websiteForms.salutation')}
                  data={SALUTATIONS.map((value) => ({
                    value,
                    label: t(`websiteForms.salutations.${value}`),
                  }))}
                  allowDeselect={false}
                  w={{ base: '100%', xs: 200 }}
                  {...form.getInputProps('salutation')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('websiteForms.firstName')}
                    required
                    autoComplete="given-name"
                    {...form.getInputProps('firstName')}
                  />
                  <TextInput
                    label={t('websiteForms.lastName')}
                    required
                    autoComplete="family-name"
                    {...form.getInputProps('lastName')}
                  />
                  <TextInput
                    label={t('websiteForms.email')}
                    type="email"
                    required
                    autoComplete="email"
                    {...form.getInputProps('email')}
                    onChange={(event) => {
                      form.getInputProps('email').onChange(event);
                      if (form.getValues().emailConfirmation) form.validateField('emailConfirmation');
                    }}
                  />
                  <TextInput
                    label={t('registration.emailConfirmation')}
                    type="email"
                    required
                    autoComplete="email"
                    {...form.getInputProps('emailConfirmation')}
                  />
                  {/* a row of its own: in half a row the country's name ("Deutschland (+49)") was cut off */}
                  <Box style={{ gridColumn: '1 / -1' }}>
                    <PhoneField
                      label={t('websiteForms.phone')}
                      value={values.phone}
                      onChange={(value) => form.setFieldValue('phone', value)}
                      error={form.errors.phone}
                    />
                  </Box>
                  <TextInput
                    label={t('registration.company')}
                    required
                    autoComplete="organization"
                    {...form.getInputProps('company')}
                  />
                  <TextInput
                    label={t('registration.shopName')}
                    required
                    {...form.getInputProps('shopName')}
                  />
                  <TextInput
                    label={t('registration.tenantId')}
                    required
                    autoCapitalize="none"
                    spellCheck={false}
                    // the field's error says "taken" itself: the live hint would repeat it
                    description={form.errors.tenantId ? undefined : availabilityHint}
                    // hints under the field, so that it lines up with its neighbour in the grid
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...form.getInputProps('tenantId')}
                  />
                  <TextInput
                    label={t('registration.username')}
                    required
                    autoCapitalize="none"
                    autoComplete="username"
                    {...form.getInputProps('username')}
                  />
                  <PasswordInput
                    visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                    label={t('registration.password')}
                    required
                    autoComplete="new-password"
                    description={<PasswordRules value={values.password} />}
                    // a list is no paragraph's content
                    descriptionProps={{ component: 'div' }}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...form.getInputProps('password')}
                    onChange={(event) => {
                      form.getInputProps('password').onChange(event);
                      if (form.getValues().passwordConfirmation) form.validateField('passwordConfirmation');
                    }}
                  />
                  <PasswordInput
                    visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                    label={t('registration.passwordConfirmation')}
                    required
                    autoComplete="new-password"
                    {...form.getInputProps('passwordConfirmation')}
                  />
                </SimpleGrid>
              </Stack>
            )}
            {step === 1 && (
              <Stack gap="md">
                <Title order={2} size="h3">
                  {t('registration.steps.machines')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('registration.machinesIntro')}
                </Text>
                {widths.isError ? (
                  <Alert color="red" role="alert">
                    {t('registration.errors.machines')}
                  </Alert>
                ) : widths.data ? (
                  <MachineListField
                    value={values.machines}
                    onChange={(lines) => form.setFieldValue('machines', lines)}
                    models={widths.data.models}
                    errors={form.errors as Record<string, string>}
                  />
                ) : (
                  <Skeleton h={120} />
                )}
              </Stack>
            )}
            {step === 2 && (
              <Stack gap="md">
                <Title order={2} size="h3">
                  {t('registration.steps.payment')}
                </Title>
                <Text fw={600}>{t('registration.invoiceAddress')}</Text>
                {address('address')}
                <Checkbox
                  label={t('registration.differentDelivery')}
                  checked={differentDelivery}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setDifferentDelivery(on);
                    form.setFieldValue('deliveryAddress', on ? emptyAddress(values.address.country) : null);
                  }}
                />
                {differentDelivery && values.deliveryAddress && address('deliveryAddress')}
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput label={t('registration.taxNumber')} {...form.getInputProps('taxNumber')} />
                  <TextInput
                    label={t('registration.vatNumber')}
                    description={t('registration.vatHint')}
                    {...form.getInputProps('vatNumber')}
                  />
                  <Select
                    label={t('websiteForms.currency')}
                    data={CURRENCIES.map((code) => ({ value: code, label: code }))}
                    allowDeselect={false}
                    {...form.getInputProps('currency')}
                    onChange={(value) => form.setFieldValue('currency', (value ?? 'EUR') as Currency)}
                  />
                </SimpleGrid>
                {price.isError ? (
                  <Alert color="red" role="alert">
                    {t('registration.errors.price')}
                  </Alert>
                ) : price.data ? (
                  <PriceSummary price={price.data} />
                ) : (
                  <Skeleton h={160} />
                )}
                <Checkbox
                  label={
                    <>
                      {t('registration.acceptTerms')}{' '}
                      <Anchor component={Link} to="/terms" target="_blank" inherit>
                        {t('website.nav.terms')}
                      </Anchor>
                    </>
                  }
                  {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
                />
                <Checkbox
                  label={
                    <>
                      {t('registration.acceptPrivacy')}{' '}
                      <Anchor component={Link} to="/privacy" target="_blank" inherit>
                        {t('website.nav.privacy')}
                      </Anchor>
                    </>
                  }
                  {...form.getInputProps('acceptPrivacy', { type: 'checkbox' })}
                />
              </Stack>
            )}
            {step === 3 && (
              <Stack gap="md">
                <Title order={2} size="h3">
                  {t('registration.steps.overview')}
                </Title>
                <Table variant="vertical" layout="fixed" withTableBorder className={classes.overview}>
                  <Table.Tbody>
                    {[
                      [t('registration.company'), values.company],
                      [t('registration.shopName'), values.shopName],
                      [
                        t('registration.contact'),
                        `${t(`websiteForms.salutations.${values.salutation}`)} ${values.firstName} ${values.lastName}`,
                      ],
                      [t('websiteForms.email'), values.email],
                      [t('websiteForms.phone'), values.phone],
                      [t('registration.tenantId'), values.tenantId.toLowerCase()],
                      [t('registration.username'), values.username.toLowerCase()],
                      [
                        t('registration.invoiceAddress'),
                        `${values.address.street} ${values.address.streetNumber}, ${values.address.zip} ${values.address.city}, ${countryName(values.address.country, i18n.language)}`,
                      ],
                      ...(values.deliveryAddress
                        ? [
                            [
                              t('moneyWebsite.registration.deliveryAddress'),
                              `${values.deliveryAddress.street} ${values.deliveryAddress.streetNumber}, ${values.deliveryAddress.zip} ${values.deliveryAddress.city}, ${countryName(values.deliveryAddress.country, i18n.language)}`,
                            ],
                          ]
                        : []),
                      [t('registration.taxNumber'), values.taxNumber || t('moneyWebsite.registration.none')],
                      [t('registration.vatNumber'), values.vatNumber || t('moneyWebsite.registration.none')],
                      [t('websiteForms.currency'), values.currency],
                      [
                        t('registration.steps.machines'),
                        values.machines.map((m) => `${m.count} × ${m.manufacturer} ${m.model}`).join(', '),
                      ],
                    ].map(([label, value]) => (
                      <Table.Tr key={label}>
                        <Table.Th w={{ sm: 220 }}>{label}</Table.Th>
                        <Table.Td style={{ overflowWrap: 'anywhere' }} dir="auto">
                          {value}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {price.data && <PriceSummary price={price.data} />}
                <Text size="sm" c="dimmed">
                  {t('registration.binding')}
                </Text>
                <CaptchaField onChange={setCaptcha} resetKey={captchaRound} />
              </Stack>
            )}
            {/* beside the button that was pressed: on a phone the top of the form is out of sight */}
            {failure === 'taken' && (
              <Alert
                mt="xl"
                color="red"
                icon={<IconAlertTriangle aria-hidden />}
                role="alert"
                data-testid="registration-taken"
                title={t('registration.errors.takenTitle')}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('registration.errors.taken')}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      setStep(0);
                      setFailure(null);
                    }}
                  >
                    {t('registration.errors.backToStep1')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {failure === 'other' && (
              <Alert
                mt="xl"
                color="red"
                icon={<IconAlertTriangle aria-hidden />}
                role="alert"
                title={t('registration.errors.failedTitle')}
              >
                {t('registration.errors.failed', { phone: unbrokenPhone(supportPhone) })}
              </Alert>
            )}
            <Group justify="space-between" mt="xl">
              {step > 0 ? (
                <Button variant="default" onClick={() => setStep(step - 1)}>
                  {t('registration.back')}
                </Button>
              ) : (
                <span />
              )}
              {step < 3 ? (
                <Button onClick={next}>{t('registration.next')}</Button>
              ) : (
                <Button onClick={() => void submit()} loading={sending} disabled={!captcha}>
                  {t('registration.submit')}
                </Button>
              )}
            </Group>
          </Paper>
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = RegistrationPage;
