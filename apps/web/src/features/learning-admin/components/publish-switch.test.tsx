import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { PublishSwitch } from './publish-switch';

function renderSwitch(published: boolean, enrollmentCount: number) {
  const onChange = vi.fn();
  render(
    <AppProviders env="test">
      <PublishSwitch
        published={published}
        enrollmentCount={enrollmentCount}
        pending={false}
        onChange={onChange}
      />
    </AppProviders>,
  );
  return onChange;
}

describe('the publish switch', () => {
  it('asks before unpublishing a course with learners and says what they will see', async () => {
    const onChange = renderSwitch(true, 3);
    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Despublicar este curso?' });
    expect(dialog.textContent).toContain('3 pessoas estão inscritas neste curso');
    expect(dialog.textContent).toContain('deixa de aparecer no catálogo');
    expect(dialog.textContent).toContain('verá “não encontrado”');
    expect(dialog.textContent).toContain('progresso e as notas de cada pessoa são mantidos');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Manter publicado' }));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Despublicar' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('says one learner in the singular, in every language', async () => {
    renderSwitch(true, 1);
    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('1 pessoa está inscrita');
    for (const [lang, text] of [
      ['en-US', 'Unpublish this course?'],
      ['es', '¿Despublicar este curso?'],
      ['fr', 'Dépublier ce cours ?'],
    ] as const) {
      await i18n.changeLanguage(lang);
      expect(await screen.findByRole('dialog', { name: text })).toBeTruthy();
    }
    await i18n.changeLanguage('pt-BR');
  });

  it('unpublishes a course nobody is enrolled in, and publishes, without asking', () => {
    const off = renderSwitch(true, 0);
    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    expect(off).toHaveBeenCalledExactlyOnceWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('publishes without asking', () => {
    const on = renderSwitch(false, 5);
    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    expect(on).toHaveBeenCalledExactlyOnceWith(true);
  });
});
