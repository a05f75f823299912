import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';

export type GameSound = 'right' | 'wrong' | 'win' | 'lose';

/** Notes of each sound (Hz), played one after the other. */
const tunes: Record<GameSound, number[]> = {
  right: [660, 880],
  wrong: [220, 180],
  win: [523, 659, 784, 1047],
  lose: [392, 330, 262],
};

let audio: AudioContext | null = null;

function playTune(notes: number[]) {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  audio ??= new Context();
  const start = audio.currentTime;
  notes.forEach((frequency, i) => {
    const oscillator = audio!.createOscillator();
    const gain = audio!.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, start + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.12 + 0.11);
    oscillator.connect(gain).connect(audio!.destination);
    oscillator.start(start + i * 0.12);
    oscillator.stop(start + i * 0.12 + 0.12);
  });
}

/**
 * The games' sounds: off until the learner turns them on (a shop floor is no place for surprise beeps);
 * the choice is remembered on this device. Short synthesized notes, no files to download.
 */
export function useGameSound() {
  const [enabled, setEnabled] = useLocalStorage<boolean>({
    key: 'trilha.games.sound',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const play = useCallback(
    (sound: GameSound) => {
      if (enabled) playTune(tunes[sound]);
    },
    [enabled],
  );
  return { enabled, setEnabled, play };
}
