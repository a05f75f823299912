import type { AnswerInput, AnswerSaved } from '@trilha/contracts/assessments/attempts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** How long an answer waits for more typing before it is sent. */
export const SAVE_DELAY_MS = 600;

/**
 * Saves answers as the learner goes: each question's latest answer is sent once the typing pauses, one
 * request at a time per question so an older answer never lands after a newer one. `flush` sends what
 * is waiting and resolves once everything was saved (or rejects with the first failure).
 */
export function useAnswerSaver(
  save: (index: number, answer: AnswerInput | null) => Promise<AnswerSaved>,
  onSaved: (saved: AnswerSaved) => void,
) {
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);
  const pending = useRef(new Map<number, AnswerInput | null>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const chains = useRef(new Map<number, Promise<void>>());
  const failed = useRef(new Map<number, AnswerInput | null>());
  const latest = useRef({ save, onSaved });
  useEffect(() => {
    latest.current = { save, onSaved };
  }, [save, onSaved]);

  const inFlight = () => [...chains.current.values()];

  const send = useCallback((index: number) => {
    const timer = timers.current.get(index);
    if (timer) clearTimeout(timer);
    timers.current.delete(index);
    if (!pending.current.has(index)) return chains.current.get(index) ?? Promise.resolve();
    const answer = pending.current.get(index) ?? null;
    pending.current.delete(index);
    setState('saving');
    const previous = chains.current.get(index) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        try {
          const saved = await latest.current.save(index, answer);
          failed.current.delete(index);
          latest.current.onSaved(saved);
        } catch (e) {
          failed.current.set(index, answer);
          setError(e);
          setState('error');
          throw e;
        }
      });
    chains.current.set(index, next);
    void next
      .finally(() => {
        if (chains.current.get(index) === next) chains.current.delete(index);
        if (chains.current.size === 0 && pending.current.size === 0 && failed.current.size === 0)
          setState('saved');
      })
      .catch(() => undefined);
    return next;
  }, []);

  const change = useCallback(
    (index: number, answer: AnswerInput | null) => {
      pending.current.set(index, answer);
      failed.current.delete(index);
      const timer = timers.current.get(index);
      if (timer) clearTimeout(timer);
      timers.current.set(
        index,
        setTimeout(() => void send(index).catch(() => undefined), SAVE_DELAY_MS),
      );
      setState('saving');
    },
    [send],
  );

  /** Sends every waiting and failed answer now and waits for all of them. */
  const flush = useCallback(async () => {
    for (const [index, answer] of failed.current) {
      if (!pending.current.has(index)) pending.current.set(index, answer);
    }
    const indexes = [...new Set([...pending.current.keys(), ...timers.current.keys()])];
    await Promise.all([...indexes.map((i) => send(i)), ...inFlight()]);
    setError(null);
  }, [send]);

  /** Drops whatever waits (the attempt is over). */
  const cancel = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    pending.current.clear();
    failed.current.clear();
  }, []);

  useEffect(() => cancel, [cancel]);

  return { state, error, change, flush, cancel };
}
