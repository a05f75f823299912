import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { formatWorkload } from './catalog-card';

type Translate = (key: string, options: Record<string, unknown>) => string;
const t: Translate = (key, options) => (i18n.t as Translate)(key, { ns: 'learning', ...options });

describe('counts on the learning screens', () => {
  afterAll(async () => {
    await initI18n('pt-BR');
  });

  it.each([
    ['pt-BR', '1 concluído', '2 concluídos', '1 de 1 atividade', '2 de 3 atividades'],
    ['en-US', '1 finished', '2 finished', '1 of 1 activity', '2 of 3 activities'],
    ['es', '1 finalizado', '2 finalizados', '1 de 1 actividad', '2 de 3 actividades'],
    ['fr', '1 terminé', '2 terminés', '1 sur 1 activité', '2 sur 3 activités'],
  ] as const)('%s: singular and plural', async (language, one, two, ofOne, ofThree) => {
    await initI18n(language);
    expect(t('list.finished', { count: 1 })).toBe(one);
    expect(t('list.finished', { count: 2 })).toBe(two);
    expect(t('progress.activities', { done: 1, count: 1 })).toBe(ofOne);
    expect(t('progress.activities', { done: 2, count: 3 })).toBe(ofThree);
  });

  it('says "none" instead of a zero count', async () => {
    await initI18n('pt-BR');
    expect(t('list.courseCount', { count: 0 })).toBe('Nenhum curso');
    expect(t('progress.activities', { done: 0, count: 0 })).toBe('Nenhuma atividade');
  });

  it('writes workloads in whole hours and minutes', async () => {
    await initI18n('pt-BR');
    const w = (minutes: number) => formatWorkload(minutes, (key, o) => t(key, o));
    expect(w(45)).toBe('45 minutos');
    expect(w(60)).toBe('1 hora');
    expect(w(90)).toBe('1 hora 30 minutos');
    expect(w(121)).toBe('2 horas 1 minuto');
  });
});
