import { describe, expect, it } from 'vitest';
import { questionBody, type Question } from '@trilha/contracts/assessments/questions';
import { parseAiken, writeAiken } from './aiken';

describe('Aiken import', () => {
  it('reads stems, options lettered A. or A), and the ANSWER line, with or without blank lines', () => {
    const file = [
      'Qual é a capital do Brasil?',
      'A. Rio de Janeiro',
      'B. Brasília',
      'C) Salvador',
      'ANSWER: B',
      'Quanto é 2 + 2?',
      'A) 3',
      'B) 4',
      'answer: b',
      '',
      '',
      'Que cor tem o céu?',
      'A. Azul',
      'B. Verde',
      'ANSWER: A',
    ].join('\r\n');
    const { questions, refused } = parseAiken(file);
    expect(refused).toEqual([]);
    expect(questions.map((q) => q.line)).toEqual([1, 6, 12]);
    expect(questions[0]!.body).toEqual({
      kind: 'single_choice',
      stem: 'Qual é a capital do Brasil?',
      options: [
        { text: 'Rio de Janeiro', correct: false },
        { text: 'Brasília', correct: true },
        { text: 'Salvador', correct: false },
      ],
    });
    expect(questions[1]!.body).toMatchObject({ options: [{ correct: false }, { correct: true }] });
    for (const q of questions) expect(questionBody.safeParse(q.body).success).toBe(true);
  });

  it('refuses a question without its ANSWER line and an answer letter with no option, keeping the others', () => {
    const file = [
      'Sem resposta', // 1
      'A. x',
      'B. y',
      '',
      'Letra errada', // 5
      'A. x',
      'B. y',
      'ANSWER: D',
      '',
      'Boa', // 10
      'A. sim',
      'B. não',
      'ANSWER: A',
      '',
      'Uma só opção', // 15
      'A. única',
      'ANSWER: A',
      '',
      'Última sem resposta', // 19
      'A. x',
    ].join('\n');
    const { questions, refused } = parseAiken(file);
    expect(questions.map((q) => q.line)).toEqual([10, 15]);
    expect(refused).toEqual([
      { line: 1, reason: 'ASSESSMENT_IMPORT_AIKEN_NO_ANSWER', excerpt: 'Sem resposta' },
      { line: 5, reason: 'ASSESSMENT_IMPORT_AIKEN_BAD_LETTER', excerpt: 'Letra errada' },
      { line: 19, reason: 'ASSESSMENT_IMPORT_AIKEN_NO_ANSWER', excerpt: 'Última sem resposta' },
    ]);
    // One option parses; the bank's rule (two at least) refuses it when the service checks it.
    const one = questionBody.safeParse(questions[1]!.body);
    expect(one.success).toBe(false);
    expect(one.error?.issues[0]?.message).toBe('ASSESSMENT_OPTIONS_TOO_FEW');
  });
});

describe('Aiken export', () => {
  const common = {
    id: 1,
    categoryId: null,
    categoryName: null,
    title: '',
    generalFeedback: 'perdido em Aiken',
    points: 1,
    tags: [],
    media: null,
    translations: {},
    createdAt: '',
    updatedAt: '',
  };
  it('writes single-choice questions on one line each, skips the other kinds, and reads back', () => {
    const questions: Question[] = [
      {
        ...common,
        kind: 'single_choice',
        stem: 'Duas\nlinhas',
        options: [
          { text: 'um', correct: false, feedback: '' },
          { text: 'dois', correct: true, feedback: '' },
        ],
      },
      { ...common, kind: 'essay', stem: 'Redação' },
    ];
    const { text, written, skipped } = writeAiken(questions);
    expect([written, skipped]).toEqual([1, 1]);
    expect(text).toBe('Duas linhas\nA. um\nB. dois\nANSWER: B\n');
    expect(parseAiken(text).questions[0]!.body).toMatchObject({
      stem: 'Duas linhas',
      options: [
        { text: 'um', correct: false },
        { text: 'dois', correct: true },
      ],
    });
  });
});
