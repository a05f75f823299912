import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { BadgeForm } from './badge-form';

function renderForm() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const onSave = vi.fn(() => Promise.resolve());
  render(
    <AppProviders env="test">
      <BadgeForm badge={null} onSave={onSave} onCancel={() => undefined} />
    </AppProviders>,
  );
  return onSave;
}

/** A Mantine select's input (the one that opens the list), by its label. */
const selectInput = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;

async function choose(label: string | RegExp, option: string) {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the badge form', () => {
  it('requires the name in Portuguese, not in the other languages', async () => {
    mockApi();
    const onSave = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Criar medalha' }));
    expect(await screen.findByText('Informe o nome da medalha em português.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /^Nome/ }), {
      target: { value: 'Primeiros passos' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Criar medalha' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // Blank languages are left out: learners of those languages read the Portuguese texts.
    expect(onSave).toHaveBeenCalledWith(
      {
        texts: { 'pt-BR': { name: 'Primeiros passos', description: '' } },
        criterion: 'manual',
        criterionRefId: null,
        criterionCount: null,
        active: true,
      },
      null,
    );
  });

  it('asks for what the criterion names and counts, and sends only those', async () => {
    const { calls } = mockApi((url) =>
      url === '/api/admin/badges/choices?kind=category'
        ? json({
            items: [
              { id: 5, title: 'Segurança' },
              { id: 6, title: 'Vendas' },
            ],
          })
        : undefined,
    );
    const onSave = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Especialista' } });
    await choose('Critério', 'Concluir cursos de uma categoria');
    expect(screen.getByText(/Conquistada ao concluir a quantidade de cursos/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Criar medalha' }));
    expect(await screen.findByText('Escolha o curso, a trilha ou a categoria do critério.')).toBeTruthy();
    expect(screen.getByText('Informe a quantidade exigida pelo critério.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/admin/badges/choices?kind=category')).toBe(true),
    );
    await choose(/^Categoria/, 'Vendas');
    fireEvent.change(screen.getByRole('textbox', { name: /Quantidade de cursos/ }), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Criar medalha' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ criterion: 'category_courses', criterionRefId: 6, criterionCount: 3 }),
      null,
    );

    // A counting criterion without a target: the picker goes, the count stays.
    await choose('Critério', 'Alcançar XP');
    expect(screen.queryAllByLabelText(/^Categoria/)).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /XP necessário/ }), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar medalha' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ criterion: 'xp', criterionRefId: null, criterionCount: 500 }),
      null,
    );
  });
});
