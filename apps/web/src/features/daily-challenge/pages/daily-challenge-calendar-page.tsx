import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconEraser,
  IconPencil,
} from '@tabler/icons-react';
import {
  DAILY_CHALLENGE_AWARD_MAX,
  DAILY_CHALLENGE_DEFAULT_AWARD,
  type DailyCalendarDay,
} from '@trilha/contracts/daily-challenge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useChallengeQuestions, useClearDay, useDailyCalendar, useScheduleDay } from '../api/daily-challenge';
import classes from './daily-challenge-calendar-page.module.css';

const pad = (n: number) => String(n).padStart(2, '0');
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
};
const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
};
const validMonth = (value: string | null) => (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null);

/** The dialog that picks a bank question (and the award) for one day. */
function DayEditor({
  month,
  day,
  label,
  current,
  onClose,
}: {
  month: string;
  day: string;
  label: string;
  current: DailyCalendarDay | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('daily-challenge');
  const [search, setSearch] = useState('');
  const [questionId, setQuestionId] = useState<string | null>(
    current?.scheduled ? String(current.questionId) : null,
  );
  const [points, setPoints] = useState<number>(current?.points ?? DAILY_CHALLENGE_DEFAULT_AWARD.points);
  const [xp, setXp] = useState<number>(current?.xp ?? DAILY_CHALLENGE_DEFAULT_AWARD.xp);
  const questions = useChallengeQuestions(search, true);
  const save = useScheduleDay(month);
  const data = (questions.data ?? []).map((q) => ({ value: String(q.id), label: q.title || q.stem }));
  if (current && questionId === String(current.questionId) && !data.some((d) => d.value === questionId))
    data.unshift({ value: questionId, label: current.stem });

  return (
    <Modal opened onClose={onClose} title={t('admin.edit', { day: label })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!questionId) return;
          save.mutate({ day, body: { questionId: Number(questionId), points, xp } }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('admin.question')}
            placeholder={t('admin.search')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={data}
            value={questionId}
            onChange={setQuestionId}
            nothingFoundMessage={questions.isFetching ? <Loader size="xs" /> : undefined}
            required
          />
          <Group grow>
            <NumberInput
              label={t('admin.points')}
              min={0}
              max={DAILY_CHALLENGE_AWARD_MAX}
              allowDecimal={false}
              value={points}
              onChange={(v) => setPoints(typeof v === 'number' ? v : 0)}
            />
            <NumberInput
              label={t('admin.xp')}
              min={0}
              max={DAILY_CHALLENGE_AWARD_MAX}
              allowDecimal={false}
              value={xp}
              onChange={(v) => setXp(typeof v === 'number' ? v : 0)}
            />
          </Group>
          {save.isError ? (
            <Alert color="red" role="alert">
              {apiErrorText(save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={!questionId} loading={save.isPending}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/content/daily-challenge: the month's days, each with its bank question (or a draw), editable. */
export default function DailyChallengeCalendarPage() {
  const { t, i18n } = useTranslation('daily-challenge');
  const can = useCan('learning.author');
  const [params, setParams] = useSearchParams();
  const month = validMonth(params.get('month')) ?? thisMonth();
  const calendar = useDailyCalendar(month);
  const clear = useClearDay(month);
  const [editing, setEditing] = useState<string | null>(null);
  if (!can) return <Text role="alert">{t('admin.forbidden')}</Text>;

  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const byDay = new Map((calendar.data?.days ?? []).map((d) => [d.day, d]));
  const monthText = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)));
  // "novembro de 2026" → "Novembro de 2026" (a CSS capitalize would also raise "De").
  const monthName = monthText.charAt(0).toLocaleUpperCase(i18n.language) + monthText.slice(1);
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const weekdays = t('admin.weekdays').split(',');

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Button
          component={Link}
          to="/admin/content"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('admin.back')}
        </Button>
        <Title order={1} fz={{ base: 28, sm: 34 }} mt="xs">
          {t('admin.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('admin.intro')}
        </Text>
      </div>
      <Group justify="space-between">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('admin.previous')}
          onClick={() => setParams({ month: shiftMonth(month, -1) })}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Title order={2} fz="h3" aria-live="polite">
          {monthName}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('admin.next')}
          onClick={() => setParams({ month: shiftMonth(month, 1) })}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {calendar.isError ? (
        <Alert color="red" role="alert">
          {t('admin.error')}
        </Alert>
      ) : null}
      {clear.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(clear.error)}
        </Alert>
      ) : null}
      <div className={classes.grid} aria-hidden>
        {weekdays.map((w) => (
          <div key={w} className={classes.weekday}>
            {w}
          </div>
        ))}
      </div>
      <ol className={classes.grid} aria-label={monthName}>
        {Array.from({ length: firstWeekday }, (_, i) => (
          <li key={`blank-${i}`} className={classes.blank} aria-hidden />
        ))}
        {Array.from({ length: days }, (_, i) => {
          const day = `${month}-${pad(i + 1)}`;
          const entry = byDay.get(day);
          const locked = (entry?.answers ?? 0) > 0;
          return (
            <li key={day} className={classes.day} data-testid={`day-${day}`}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text fw={700} fz="sm" aria-label={dayLabel(day)}>
                  {i + 1}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('admin.edit', { day: dayLabel(day) })}
                    disabled={locked}
                    onClick={() => setEditing(day)}
                  >
                    <IconPencil size={14} aria-hidden />
                  </ActionIcon>
                  {entry && !locked ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('admin.clearDay', { day: dayLabel(day) })}
                      loading={clear.isPending && clear.variables === day}
                      onClick={() => clear.mutate(day)}
                    >
                      <IconEraser size={14} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              </Group>
              {entry ? (
                <>
                  <Text fz="xs" className={classes.stem}>
                    {entry.stem}
                  </Text>
                  <Group gap={4}>
                    {!entry.scheduled ? (
                      <Badge size="xs" variant="light" color="gray">
                        {t('admin.drawn')}
                      </Badge>
                    ) : null}
                    {locked ? (
                      <Badge size="xs" variant="light">
                        {t('admin.answers', { count: entry.answers })}
                      </Badge>
                    ) : null}
                  </Group>
                </>
              ) : (
                <Text fz="xs" c="dimmed">
                  {t('admin.empty')}
                </Text>
              )}
            </li>
          );
        })}
      </ol>
      {editing ? (
        <DayEditor
          key={editing}
          month={month}
          day={editing}
          label={dayLabel(editing)}
          current={byDay.get(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
