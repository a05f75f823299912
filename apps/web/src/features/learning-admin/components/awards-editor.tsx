import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGift } from '@tabler/icons-react';
import {
  certificateTargetTypes,
  type Award,
  type AwardBody,
  type AwardTargetType,
} from '@trilha/contracts/rewards/awards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { useAward, useBadgeChoices, useSaveAward } from '../api/awards';

interface Draft {
  points: number | '';
  /** null: the client's term for learning points. */
  pointsValidityDays: number | '' | null;
  xp: number | '';
  badgeId: number | null;
  certificate: boolean;
  /** null: never expires. */
  certificateValidityMonths: number | '' | null;
}

const draftOf = (award: Award | null): Draft => ({
  points: award?.points ?? 0,
  pointsValidityDays: award?.pointsValidityDays ?? null,
  xp: award?.xp ?? 0,
  badgeId: award?.badgeId ?? null,
  certificate: award?.certificate ?? false,
  certificateValidityMonths: award?.certificateValidityMonths ?? null,
});

const whole = (v: number | '', min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function Form({ type, id, award }: { type: AwardTargetType; id: number; award: Award | null }) {
  const { t } = useTranslation('learning-admin');
  const language = currentLanguage();
  const n = (v: number) => new Intl.NumberFormat(language).format(v);
  const save = useSaveAward(type, id);
  const badges = useBadgeChoices(language);
  const [draft, setDraft] = useState(() => draftOf(award));
  const canCertify = (certificateTargetTypes as readonly string[]).includes(type);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const problems = {
    points: !whole(draft.points, 0, 1_000_000),
    pointsValidityDays: draft.pointsValidityDays !== null && !whole(draft.pointsValidityDays, 1, 3650),
    xp: !whole(draft.xp, 0, 1_000_000),
    certificateValidityMonths:
      draft.certificate &&
      draft.certificateValidityMonths !== null &&
      !whole(draft.certificateValidityMonths, 1, 120),
  };
  const valid = !Object.values(problems).some(Boolean);
  const points = typeof draft.points === 'number' ? draft.points : 0;
  const xp = typeof draft.xp === 'number' ? draft.xp : 0;
  const badgeName = badges.data?.find((b) => b.id === draft.badgeId)?.name;

  // One sentence of what a learner gets, from what the form says now.
  const gifts: string[] = [];
  if (points > 0) {
    gifts.push(
      typeof draft.pointsValidityDays === 'number'
        ? t('awards.says.pointsFor', { count: points, n: n(points), days: n(draft.pointsValidityDays) })
        : t('awards.says.points', { count: points, n: n(points) }),
    );
  }
  if (xp > 0) gifts.push(t('awards.says.xp', { n: n(xp) }));
  if (draft.badgeId !== null)
    gifts.push(badgeName ? t('awards.says.badge', { name: badgeName }) : t('awards.says.someBadge'));
  if (canCertify && draft.certificate) {
    gifts.push(
      typeof draft.certificateValidityMonths === 'number'
        ? t('awards.says.certificateFor', {
            count: draft.certificateValidityMonths,
            n: n(draft.certificateValidityMonths),
          })
        : t('awards.says.certificate'),
    );
  }
  const sentence = gifts.length
    ? t(`awards.says.gets.${type}`, {
        list: new Intl.ListFormat(language, { type: 'conjunction' }).format(gifts),
      })
    : t(`awards.says.nothing.${type}`);

  const submit = async () => {
    if (!valid) return;
    const body: AwardBody = {
      points,
      pointsValidityDays: typeof draft.pointsValidityDays === 'number' ? draft.pointsValidityDays : null,
      xp,
      badgeId: draft.badgeId,
      certificate: canCertify && draft.certificate,
      certificateValidityMonths:
        canCertify && draft.certificate && typeof draft.certificateValidityMonths === 'number'
          ? draft.certificateValidityMonths
          : null,
    };
    try {
      await save.mutateAsync(body);
      notifications.show({ color: 'teal', message: t('awards.saved') });
    } catch {
      // The alert below tells why.
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void submit();
      }}
      noValidate
      aria-label={t('awards.title')}
    >
      <Stack gap="md">
        <Alert
          color="blue"
          variant="light"
          icon={<IconGift size={18} aria-hidden />}
          data-testid="awards-sentence"
        >
          {sentence}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('awards.points')}
            value={draft.points}
            onChange={(v) => set({ points: typeof v === 'number' ? v : '' })}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator
            error={problems.points ? t('awards.amountInvalid') : undefined}
          />
          <NumberInput
            label={t('awards.xp')}
            value={draft.xp}
            onChange={(v) => set({ xp: typeof v === 'number' ? v : '' })}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator
            error={problems.xp ? t('awards.amountInvalid') : undefined}
          />
        </SimpleGrid>
        {points > 0 ? (
          <Radio.Group
            label={t('awards.validity')}
            value={draft.pointsValidityDays === null ? 'default' : 'days'}
            onChange={(v) => set({ pointsValidityDays: v === 'default' ? null : 365 })}
          >
            <Group gap="md" mt={6} align="center">
              <Radio value="default" label={t('awards.validityDefault')} />
              <Radio value="days" label={t('awards.validityDays')} />
              {draft.pointsValidityDays !== null ? (
                <NumberInput
                  aria-label={t('awards.validityDaysLabel')}
                  value={draft.pointsValidityDays}
                  onChange={(v) => set({ pointsValidityDays: typeof v === 'number' ? v : '' })}
                  min={1}
                  max={3650}
                  allowDecimal={false}
                  allowNegative={false}
                  w={120}
                  error={problems.pointsValidityDays ? t('awards.daysInvalid') : undefined}
                />
              ) : null}
            </Group>
          </Radio.Group>
        ) : null}
        <Select
          label={t('awards.badge')}
          placeholder={badges.isPending ? t('states.loading') : t('awards.noBadge')}
          data={(badges.data ?? [])
            .filter((b) => b.active || b.id === draft.badgeId)
            .map((b) => ({ value: String(b.id), label: b.name }))}
          value={draft.badgeId === null ? null : String(draft.badgeId)}
          onChange={(v) => set({ badgeId: v ? Number(v) : null })}
          clearable
          searchable
          nothingFoundMessage={t('awards.noBadges')}
          error={badges.isError ? apiErrorText(badges.error) : undefined}
        />
        {canCertify ? (
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm">
              <Switch
                label={t('awards.certificate')}
                checked={draft.certificate}
                onChange={(e) => set({ certificate: e.currentTarget.checked })}
              />
              {draft.certificate ? (
                <Radio.Group
                  label={t('awards.certificateValidity')}
                  value={draft.certificateValidityMonths === null ? 'never' : 'months'}
                  onChange={(v) => set({ certificateValidityMonths: v === 'never' ? null : 24 })}
                >
                  <Group gap="md" mt={6} align="center">
                    <Radio value="never" label={t('awards.certificateNever')} />
                    <Radio value="months" label={t('awards.certificateMonths')} />
                    {draft.certificateValidityMonths !== null ? (
                      <NumberInput
                        aria-label={t('awards.certificateMonthsLabel')}
                        value={draft.certificateValidityMonths}
                        onChange={(v) => set({ certificateValidityMonths: typeof v === 'number' ? v : '' })}
                        min={1}
                        max={120}
                        allowDecimal={false}
                        allowNegative={false}
                        w={120}
                        error={problems.certificateValidityMonths ? t('awards.monthsInvalid') : undefined}
                      />
                    ) : null}
                  </Group>
                </Radio.Group>
              ) : null}
            </Stack>
          </Paper>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!valid} data-testid="awards-save">
            {t('awards.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * What finishing an activity, course or trail gives: points (with their validity), XP, a badge and, for
 * courses and trails, a certificate; with one sentence of what a learner will get.
 */
export function AwardsEditor({ type, id }: { type: AwardTargetType; id: number }) {
  const { t } = useTranslation('learning-admin');
  const award = useAward(type, id);
  if (award.isPending) return <Loader size="sm" aria-label={t('states.loading')} />;
  if (award.isError)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text fz="sm">{apiErrorText(award.error)}</Text>
          <Button size="compact-sm" variant="white" onClick={() => void award.refetch()}>
            {t('awards.retry')}
          </Button>
        </Group>
      </Alert>
    );
  return <Form type={type} id={id} award={award.data.award} />;
}
