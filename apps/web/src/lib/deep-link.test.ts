import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../test/fixtures';
import { handleDeepLink, installDeepLinkHandler, parseDeepLink, setDeepLinkNavigator } from './deep-link';
import { useCommonStore } from './session-store';

describe('deep links from the native app', () => {
  afterEach(() => setDeepLinkNavigator(null));

  it.each([
    ['https://app.example.com/trails/3?tab=x&token=abc', { path: '/trails/3?tab=x', token: 'abc' }],
    ['trilha://online-courses/5?token=t1', { path: '/online-courses/5', token: 't1' }],
    ['trilha://home', { path: '/home', token: null }],
    ['/news/2', { path: '/news/2', token: null }],
  ])('reads %s', (url, expected) => {
    expect(parseDeepLink(url)).toEqual(expected);
  });

  it('on iOS stores the token and the path and goes to login', () => {
    const navigate = vi.fn();
    setDeepLinkNavigator(navigate);
    useCommonStore.setState({ accessToken: 'a', session: session() });
    expect(handleDeepLink('trilha://webinars/9?token=tok', { platform: 'ios' })).toBe('/');
    expect(navigate).toHaveBeenCalledWith('/');
    expect(useCommonStore.getState()).toMatchObject({
      accessToken: null,
      session: null,
      redirectPath: '/webinars/9',
      pendingToken: 'tok',
    });
  });

  it('elsewhere opens the path with the token for the guards', () => {
    const navigate = vi.fn();
    setDeepLinkNavigator(navigate);
    expect(handleDeepLink('https://x.example/news/1?a=1&token=tok', { platform: 'android' })).toBe(
      '/news/1?a=1&token=tok',
    );
    expect(handleDeepLink('trilha://news', { platform: 'android' })).toBe('/news');
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('is exposed to the shell as window.__trilhaDeepLink', () => {
    const navigate = vi.fn();
    installDeepLinkHandler(navigate);
    window.__trilhaDeepLink?.('/home', { platform: 'web' });
    expect(navigate).toHaveBeenCalledWith('/home');
  });
});
