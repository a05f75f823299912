import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { Countdown, formatClock } from './countdown';

function renderCountdown(secondsLeft: number, onExpire = vi.fn()) {
  render(
    <AppProviders env="test">
      <Countdown secondsLeft={secondsLeft} onExpire={onExpire} />
    </AppProviders>,
  );
  return onExpire;
}

const tick = (seconds: number) => act(() => void vi.advanceTimersByTime(seconds * 1000));
const announcement = () => screen.getByTestId('countdown-announcement').textContent;
const shown = () => screen.getByRole('timer').getAttribute('aria-label');

describe('the countdown of a timed attempt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-25T02:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the time as minutes and seconds, with hours when there are any', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(59.2)).toBe('1:00');
    expect(formatClock(305)).toBe('5:05');
    expect(formatClock(3_725)).toBe('1:02:05');
  });

  it('counts down from the server’s seconds and reads out 5 minutes and 1 minute left, once each', () => {
    const onExpire = renderCountdown(302);
    expect(shown()).toBe('Tempo restante: 5:02');
    expect(announcement()).toBe('');
    tick(1);
    expect(shown()).toBe('Tempo restante: 5:01');
    expect(announcement()).toBe('');
    tick(1);
    expect(announcement()).toBe('Restam 5 minutos.');
    tick(200);
    expect(shown()).toBe('Tempo restante: 1:40');
    expect(announcement()).toBe('Restam 5 minutos.');
    tick(40);
    expect(announcement()).toBe('Resta 1 minuto.');
    expect(onExpire).not.toHaveBeenCalled();
    tick(60);
    expect(shown()).toBe('Tempo restante: 0:00');
    expect(announcement()).toBe('O tempo acabou. Enviando suas respostas.');
    expect(onExpire).toHaveBeenCalledTimes(1);
    tick(10);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('follows the clock, not the number of ticks, when the tab was asleep', () => {
    const onExpire = renderCountdown(120);
    // The timers of a background tab are late: the clock moved 90 s while one tick ran.
    vi.setSystemTime(new Date('2026-11-25T02:01:30.000Z'));
    tick(1);
    expect(shown()).toBe('Tempo restante: 0:29');
    expect(announcement()).toBe('Resta 1 minuto.');
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('does not read out a milestone an attempt resumed after', () => {
    renderCountdown(45);
    tick(2);
    expect(announcement()).toBe('');
  });
});
