import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { senceErrorCodes, type SenceErrorCode } from '@trilha/contracts/errors-sence';
import {
  SENCE_CODE_MAX,
  SENCE_CODE_MIN,
  SENCE_CODE_PATTERN,
  SENCE_COURSE_CODE_MIN,
  SENCE_WINDOW_MINUTES,
  type SenceStart,
} from '@trilha/contracts/sence';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useLatestSence, useStartSence } from '../api/sence';

type Problem = 'required' | 'tooShort' | 'tooLong' | 'characters';

/** The same rule the API checks (contracts/sence.ts), told field by field. */
function problemOf(value: string, min: number): Problem | null {
  const code = value.trim();
  if (!code) return 'required';
  if (code.length < min) return 'tooShort';
  if (code.length > SENCE_CODE_MAX) return 'tooLong';
  if (!SENCE_CODE_PATTERN.test(code)) return 'characters';
  return null;
}

const isSenceError = (code: string | null): code is SenceErrorCode =>
  code !== null && (senceErrorCodes as readonly string[]).includes(code);

/** A real form posted to the authority: the browser leaves the app for the authority's login. */
function AuthorityForm({ start }: { start: SenceStart }) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, [start]);
  return (
    <form ref={ref} method="post" action={start.action} hidden data-testid="sence-authority-form">
      {Object.entries(start.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}

/** What the authority answered, back from its login (`?result=success` or `?result=error&error=CODE`). */
function ResultView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('sence');
  const [params] = useSearchParams();
  const latest = useLatestSence();
  const session = latest.data?.session ?? null;
  if (params.get('result') === 'success') {
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck aria-hidden />}
        title={t('result.successTitle')}
        role="status"
        aria-live="polite"
      >
        <Stack gap="sm">
          <Text fz="sm">{t('result.successText', { courseCode: session?.courseCode ?? '' })}</Text>
          <Group>
            <Button variant="light" onClick={onRetry}>
              {t('result.newEntry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const given = params.get('error');
  const code: SenceErrorCode = isSenceError(given) ? given : 'SENCE_RESPONSE_INVALID';
  const authorityCode = session?.error === code ? session.authorityCode : null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('result.errorTitle')}
      role="alert"
      aria-live="assertive"
    >
      <Stack gap="sm">
        <Text fz="sm" data-testid="sence-error">
          {errorText(code)}
        </Text>
        {authorityCode && (
          <Text fz="xs" c="dimmed">
            {t('result.authorityCode', { code: authorityCode })}
          </Text>
        )}
        <Group>
          <Button onClick={onRetry}>{t('result.retry')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The SENCE entry screen (docs/sence.md): the two codes, then the authority's login, then its answer. */
export default function SencePage() {
  const { t } = useTranslation('sence');
  const { t: tr } = useTranslation('routes');
  const [params, setParams] = useSearchParams();
  const start = useStartSence();
  const latest = useLatestSence();
  const [senceCode, setSenceCode] = useState('');
  const [courseCode, setCourseCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  const [posting, setPosting] = useState<SenceStart | null>(null);
  const showResult = params.has('result') && !posting;

  // Coming back to try again, the codes of the last entry are already there.
  const last = latest.data?.session;
  if (last && !prefilled) {
    setPrefilled(true);
    setSenceCode(last.senceCode);
    setCourseCode(last.courseCode);
  }

  const senceProblem = problemOf(senceCode, SENCE_CODE_MIN);
  const courseProblem = problemOf(courseCode, SENCE_COURSE_CODE_MIN);
  const message = (problem: Problem | null, min: number) =>
    touched && problem ? t(`validation.${problem}`, { min, max: SENCE_CODE_MAX }) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (senceProblem || courseProblem) return;
    try {
      setPosting(await start.mutateAsync({ senceCode: senceCode.trim(), courseCode: courseCode.trim() }));
    } catch {
      // The error is shown below from the mutation's state.
    }
  };

  const failure = start.error instanceof ApiError ? start.error.code : start.error ? 'INTERNAL' : null;

  return (
    <Stack gap="md" maw={560} mx="auto" w="100%">
      <Title order={1}>{tr('sence')}</Title>
      {showResult ? (
        <ResultView
          onRetry={() => {
            start.reset();
            setParams({}, { replace: true });
          }}
        />
      ) : (
        <Card withBorder padding="lg" radius="md">
          <form onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby="sence-intro sence-window">
            <Stack gap="md">
              <Text fz="sm" id="sence-intro">
                {t('intro')}
              </Text>
              <Text fz="sm" fw={600} id="sence-window">
                {t('window', { minutes: SENCE_WINDOW_MINUTES })}
              </Text>
              <TextInput
                label={t('senceCode')}
                description={t('senceCodeHint', { min: SENCE_CODE_MIN })}
                value={senceCode}
                onChange={(e) => setSenceCode(e.currentTarget.value)}
                error={message(senceProblem, SENCE_CODE_MIN)}
                errorProps={{ 'aria-live': 'polite' }}
                required
                autoComplete="off"
                maxLength={SENCE_CODE_MAX + 10}
                inputMode="text"
              />
              <TextInput
                label={t('courseCode')}
                description={t('courseCodeHint', { min: SENCE_COURSE_CODE_MIN })}
                value={courseCode}
                onChange={(e) => setCourseCode(e.currentTarget.value)}
                error={message(courseProblem, SENCE_COURSE_CODE_MIN)}
                errorProps={{ 'aria-live': 'polite' }}
                required
                autoComplete="off"
                maxLength={SENCE_CODE_MAX + 10}
              />
              {failure && (
                <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                  {errorText(failure)}
                </Alert>
              )}
              <Button type="submit" fullWidth loading={start.isPending || posting !== null}>
                {t('submit')}
              </Button>
              {posting && (
                <Text fz="sm" c="dimmed" role="status" aria-live="polite">
                  {t('redirecting')}
                </Text>
              )}
            </Stack>
          </form>
        </Card>
      )}
      {posting && <AuthorityForm start={posting} />}
    </Stack>
  );
}
