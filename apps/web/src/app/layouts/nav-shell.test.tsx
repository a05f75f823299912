import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { AppProviders } from '../providers';
import { NavShell } from './nav-shell';

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <NavShell
            navId="test-navigation"
            navLabel="Navegação de teste"
            brand={<span>Marca</span>}
            actions={<button type="button">Menu do usuário</button>}
            actionsGap="xs"
            navigation={(close) => (
              <>
                <Link to="/other">Outra tela</Link>
                <button type="button" onClick={close}>
                  Fechar daqui
                </button>
              </>
            )}
          />
        ),
        children: [
          { path: '/', element: <h1>Início</h1> },
          { path: '/other', element: <h1>Outra</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// The burger shows below the `sm` breakpoint only (jsdom applies its hiding), so it is found by its label.
const burger = () => screen.getByLabelText(/menu de navegação/, { selector: 'button' });

describe('NavShell', () => {
  it('frames the screen: skip link, header with brand and actions, the named navigation, the main content', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' }).getAttribute('href')).toBe(
      `#${MAIN_CONTENT_ID}`,
    );
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Marca');
    expect(screen.getByRole('button', { name: 'Menu do usuário' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navegação de teste' });
    expect(nav.id).toBe('test-navigation');
    expect(screen.getByRole('main').id).toBe(MAIN_CONTENT_ID);
    expect(screen.getByRole('heading', { name: 'Início' })).toBeTruthy();
  });

  it('opens and closes the navigation with the burger, which says which it does', () => {
    renderShell();
    expect(burger().getAttribute('aria-label')).toBe('Abrir o menu de navegação');
    expect(burger().getAttribute('aria-expanded')).toBe('false');
    expect(burger().getAttribute('aria-controls')).toBe('test-navigation');
    fireEvent.click(burger());
    expect(burger().getAttribute('aria-label')).toBe('Fechar o menu de navegação');
    expect(burger().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar daqui' }));
    expect(burger().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the navigation when the route changes', async () => {
    const router = renderShell();
    fireEvent.click(burger());
    expect(burger().getAttribute('aria-expanded')).toBe('true');
    await act(() => router.navigate('/other'));
    expect(await screen.findByRole('heading', { name: 'Outra' })).toBeTruthy();
    expect(burger().getAttribute('aria-expanded')).toBe('false');
    expect(burger().getAttribute('aria-label')).toBe('Abrir o menu de navegação');
  });
});
