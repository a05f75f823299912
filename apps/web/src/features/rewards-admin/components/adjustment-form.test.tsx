import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RewardAccountItem } from '@trilha/contracts/rewards/ledger';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { AdjustmentForm } from './adjustment-form';

const account: RewardAccountItem = {
  userId: 41,
  name: 'Bruno Souza',
  email: 'bruno@aurora.example',
  points: 1000,
  held: 200,
  available: 800,
  xp: 350,
};

function renderForm() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <AdjustmentForm account={account} />
    </AppProviders>,
  );
}

const adjustments = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((c) => c.url === '/api/admin/rewards/adjustments');
const keyOf = (call: { init?: RequestInit }) => new Headers(call.init?.headers).get('Idempotency-Key');

function fill(amount: string, reason: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Quantidade/ }), { target: { value: amount } });
  fireEvent.change(screen.getByRole('textbox', { name: /Motivo/ }), { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: 'Revisar ajuste' }));
}

describe('the adjustment form', () => {
  it('asks for a reason before anything is sent', async () => {
    const { calls } = mockApi();
    renderForm();
    fill('150', ' ab ');
    expect(await screen.findByText('Escreva o motivo com 3 a 500 caracteres.')).toBeTruthy();
    fill('0', 'Bônus da campanha');
    expect(await screen.findByText(/Informe um número inteiro diferente de zero/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adjustments(calls)).toHaveLength(0);
  });

  it('states the resulting balance and sends one Idempotency-Key for the submission, however often it is confirmed', async () => {
    const { calls } = mockApi((url) =>
      url === '/api/admin/rewards/adjustments' ? json({ entryId: 9, balance: 1150 }) : undefined,
    );
    renderForm();
    fill('150', 'Bônus da campanha de novembro');
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar ajuste' });
    expect(within(dialog).getByText('Creditar 150 pontos para Bruno Souza.')).toBeTruthy();
    expect(within(dialog).getByTestId('resulting-balance').textContent).toBe(
      'Saldo de pontos: 1.000 → 1.150',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar ajuste' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    // The notification slides in after the answer: on a busy machine that takes longer than the default wait.
    expect(
      await screen.findByText('Ajuste feito. Saldo de pontos de Bruno Souza: 1.150.', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();

    const sent = adjustments(calls);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const key = keyOf(sent[0]!);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.every((c) => keyOf(c) === key)).toBe(true);
    expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({
      userId: 41,
      ledger: 'points',
      amount: 150,
      reason: 'Bônus da campanha de novembro',
    });

    // The next submission is another adjustment: it gets a key of its own.
    fill('10', 'Outro ajuste');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar ajuste' })).getByRole('button', {
        name: 'Confirmar ajuste',
      }),
    );
    await waitFor(() => expect(adjustments(calls).length).toBeGreaterThan(sent.length));
    expect(keyOf(adjustments(calls).at(-1)!)).not.toBe(key);
  });

  it('tells an insufficient balance in words and retries with the same key', async () => {
    const { calls } = mockApi((url) =>
      url === '/api/admin/rewards/adjustments'
        ? json({ error: { code: 'REWARDS_INSUFFICIENT_POINTS', message: 'Insufficient points' } }, 409)
        : undefined,
    );
    renderForm();
    fill('-900', 'Estorno de pedido duplicado');
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar ajuste' });
    expect(within(dialog).getByText('Debitar 900 pontos de Bruno Souza.')).toBeTruthy();
    expect(within(dialog).getByText(/Só há 800 pontos disponíveis/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar ajuste' }));
    expect(await within(dialog).findByText('Saldo de pontos insuficiente.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar ajuste' }));
    await waitFor(() => expect(adjustments(calls)).toHaveLength(2));
    expect(keyOf(adjustments(calls)[0]!)).toBe(keyOf(adjustments(calls)[1]!));
  });
});
