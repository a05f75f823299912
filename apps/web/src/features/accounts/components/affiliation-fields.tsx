import { Checkbox, Fieldset, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AffiliationOptions } from '@trilha/contracts/accounts';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../lib/form-errors';
import { legendStyles } from './public-card';

export interface AffiliationValue {
  companyId: number | null;
  brandIds: number[];
  retailChainIds: number[];
  storeIds: number[];
}
/** The form's errors of these fields (an array field's error is read by its message alone). */
export type AffiliationErrors = Partial<Record<keyof AffiliationValue, { message?: string } | undefined>>;
const message = (error: { message?: string } | undefined) => fieldMessage(error as FieldError | undefined);

/**
 * Company/agency (exactly one), its brands (one or more) and the stores of each retail chain chosen, as
 * the register and complete-register forms ask them. Changing the company drops the brands of the
 * previous one, and leaving a chain drops its stores, so what is sent always fits together.
 */
export function AffiliationFields({
  options,
  value,
  onChange,
  errors,
}: {
  options: AffiliationOptions;
  value: AffiliationValue;
  onChange: (next: AffiliationValue) => void;
  errors: AffiliationErrors;
}) {
  const { t } = useTranslation('accounts');
  const company = options.companies.find((c) => c.id === value.companyId);
  const storeError = message(errors.storeIds);
  const chosenChains = options.retailChains.filter((c) => value.retailChainIds.includes(c.id));
  const storeOf = (chain: (typeof chosenChains)[number]) =>
    value.storeIds.filter((id) => chain.stores.some((s) => s.id === id));
  // A store error that no chain without a store can carry (a store the server refused) shows below them.
  const looseStoreError = storeError && chosenChains.every((c) => storeOf(c).length) ? storeError : null;
  return (
    <Fieldset legend={t('register.affiliation')} variant="unstyled" styles={legendStyles}>
      <Stack gap="sm">
        <Select
          label={t('fields.company')}
          description={t('fields.companyHint')}
          required
          searchable
          data={options.companies.map((c) => ({
            value: String(c.id),
            label: `${c.name} (${t(`kinds.${c.kind}`)})`,
          }))}
          value={value.companyId ? String(value.companyId) : null}
          onChange={(v) => {
            const companyId = v ? Number(v) : null;
            const next = options.companies.find((c) => c.id === companyId);
            onChange({
              ...value,
              companyId,
              brandIds: value.brandIds.filter((id) => next?.brands.some((b) => b.id === id)),
            });
          }}
          error={message(errors.companyId)}
        />
        {company ? (
          <Checkbox.Group
            label={t('fields.brands', { company: company.name })}
            required
            value={value.brandIds.map(String)}
            onChange={(v) => onChange({ ...value, brandIds: v.map(Number) })}
            error={message(errors.brandIds)}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
              {company.brands.map((b) => (
                <Checkbox key={b.id} value={String(b.id)} label={b.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ) : null}
        <Checkbox.Group
          label={t('fields.chains')}
          required
          value={value.retailChainIds.map(String)}
          onChange={(v) => {
            const chainIds = v.map(Number);
            const kept = new Set(
              options.retailChains
                .filter((c) => chainIds.includes(c.id))
                .flatMap((c) => c.stores.map((s) => s.id)),
            );
            onChange({
              ...value,
              retailChainIds: chainIds,
              storeIds: value.storeIds.filter((id) => kept.has(id)),
            });
          }}
          error={message(errors.retailChainIds)}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
            {options.retailChains.map((c) => (
              <Checkbox key={c.id} value={String(c.id)} label={c.name} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {chosenChains.map((chain) => {
          const mine = storeOf(chain);
          return (
            <Checkbox.Group
              key={chain.id}
              label={t('fields.storesOf', { chain: chain.name })}
              required
              value={mine.map(String)}
              onChange={(v) =>
                onChange({
                  ...value,
                  storeIds: [
                    ...value.storeIds.filter((id) => !chain.stores.some((s) => s.id === id)),
                    ...v.map(Number),
                  ],
                })
              }
              error={storeError && !mine.length ? storeError : undefined}
            >
              <Stack gap={6} mt="xs">
                {chain.stores.map((s) => (
                  <Checkbox
                    key={s.id}
                    value={String(s.id)}
                    label={s.city ? `${s.name} — ${s.city}/${s.state ?? ''}` : s.name}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          );
        })}
        {looseStoreError ? (
          <Text c="red.8" fz="sm" role="alert">
            {looseStoreError}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
