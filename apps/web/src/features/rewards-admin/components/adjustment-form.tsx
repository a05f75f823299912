import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LedgerKind, RewardAccountItem } from '@trilha/contracts/rewards/ledger';
import { ADJUSTMENT_MAX } from '@trilha/contracts/rewards/ledger';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage, formatDate } from '../../../lib/i18n';
import { useAdjustment } from '../api/rewards-admin';

interface Draft {
  ledger: LedgerKind;
  amount: number | '';
  reason: string;
  /** YYYY-MM-DD, the last day the credited points can be spent. */
  expiresOn: string;
}

interface Pending {
  ledger: LedgerKind;
  amount: number;
  reason: string;
  expiresAt?: string;
  /** Made once per submission and kept for its retries, so the server applies it once. */
  key: string;
}

const blank: Draft = { ledger: 'points', amount: '', reason: '', expiresOn: '' };

/** The end of the chosen day in the viewer's zone, as the instant the lot expires. */
function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, 23, 59, 59).toISOString();
}

/**
 * A manual credit or debit of points or XP, with its reason; a confirmation tells the balance it leaves
 * before anything is sent.
 */
export function AdjustmentForm({ account }: { account: RewardAccountItem }) {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const n = (v: number) => new Intl.NumberFormat(language, { signDisplay: 'auto' }).format(v);
  const adjust = useAdjustment();
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'reason' | 'expiresOn', string>>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const today = new Date().toISOString().slice(0, 10);
  const isCredit = typeof draft.amount === 'number' && draft.amount > 0;
  const expiryApplies = draft.ledger === 'points' && isCredit;

  const review = () => {
    const next: typeof errors = {};
    const amount = draft.amount;
    if (
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount === 0 ||
      Math.abs(amount) > ADJUSTMENT_MAX
    )
      next.amount = t('accounts.adjust.amountInvalid', { max: n(ADJUSTMENT_MAX) });
    const reason = draft.reason.trim();
    if (reason.length < 3 || reason.length > 500) next.reason = t('accounts.adjust.reasonInvalid');
    if (
      expiryApplies &&
      draft.expiresOn &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(draft.expiresOn) || draft.expiresOn <= today)
    )
      next.expiresOn = t('accounts.adjust.expiryInvalid');
    setErrors(next);
    if (Object.keys(next).length || typeof amount !== 'number') return;
    setPending({
      ledger: draft.ledger,
      amount,
      reason,
      ...(expiryApplies && draft.expiresOn ? { expiresAt: endOfDay(draft.expiresOn) } : {}),
      key: crypto.randomUUID(),
    });
  };

  const confirm = async () => {
    if (!pending) return;
    const { key, ...body } = pending;
    try {
      const result = await adjust.mutateAsync({ body: { userId: account.userId, ...body }, key });
      notifications.show({
        color: 'teal',
        message: t(`accounts.adjust.done.${pending.ledger}`, {
          name: account.name,
          balance: n(result.balance),
        }),
      });
      setPending(null);
      setDraft(blank);
      adjust.reset();
    } catch {
      // The confirmation stays open with the reason; confirming again resends the same key.
    }
  };

  const current = pending ? (pending.ledger === 'points' ? account.points : account.xp) : 0;
  const after = pending ? current + pending.amount : 0;
  const short = pending?.ledger === 'points' && pending.amount < 0 && -pending.amount > account.available;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        review();
      }}
      noValidate
      aria-label={t('accounts.adjust.title')}
    >
      <Stack gap="sm">
        <SegmentedControl
          value={draft.ledger}
          onChange={(v) => setDraft({ ...draft, ledger: v as LedgerKind })}
          data={[
            { value: 'points', label: t('ledgers.points') },
            { value: 'xp', label: t('ledgers.xp') },
          ]}
          aria-label={t('accounts.adjust.ledger')}
        />
        <NumberInput
          label={t('accounts.adjust.amount')}
          description={t('accounts.adjust.amountHint')}
          value={draft.amount}
          onChange={(v) => setDraft({ ...draft, amount: typeof v === 'number' ? v : '' })}
          allowDecimal={false}
          thousandSeparator
          required
          error={errors.amount}
        />
        <Textarea
          label={t('accounts.adjust.reason')}
          description={t('accounts.adjust.reasonHint')}
          value={draft.reason}
          onChange={(e) => setDraft({ ...draft, reason: e.currentTarget.value })}
          maxLength={500}
          rows={3}
          required
          error={errors.reason}
        />
        {expiryApplies ? (
          <DateField
            label={t('accounts.adjust.expiry')}
            description={t('accounts.adjust.expiryHint')}
            value={draft.expiresOn}
            onChange={(v) => setDraft({ ...draft, expiresOn: v })}
            error={errors.expiresOn}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit">{t('accounts.adjust.review')}</Button>
        </Group>
      </Stack>
      <Modal
        opened={pending !== null}
        onClose={() => {
          setPending(null);
          adjust.reset();
        }}
        title={t('accounts.adjust.confirmTitle')}
        centered
      >
        {pending ? (
          <Stack gap="md">
            <Text>
              {t(`accounts.adjust.confirm.${pending.ledger}.${pending.amount > 0 ? 'credit' : 'debit'}`, {
                name: account.name,
                amount: n(Math.abs(pending.amount)),
              })}
            </Text>
            <Text fw={600} data-testid="resulting-balance">
              {t(`accounts.adjust.resulting.${pending.ledger}`, { from: n(current), to: n(after) })}
            </Text>
            {pending.expiresAt ? (
              <Text fz="sm">
                {t('accounts.adjust.expiresOn', { date: formatDate(pending.expiresAt, language) })}
              </Text>
            ) : null}
            <Text fz="sm" c="dimmed">
              {t('accounts.adjust.reasonSaid', { reason: pending.reason })}
            </Text>
            {short ? (
              <Alert color="orange">
                {t('accounts.adjust.shortWarning', { available: n(account.available) })}
              </Alert>
            ) : null}
            {adjust.isError ? (
              <Alert color="red" role="alert">
                {apiErrorText(adjust.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setPending(null);
                  adjust.reset();
                }}
              >
                {t('actions.cancel')}
              </Button>
              <Button
                color={pending.amount < 0 ? 'red' : undefined}
                loading={adjust.isPending}
                onClick={() => void confirm()}
              >
                {t('accounts.adjust.confirmButton')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </form>
  );
}
