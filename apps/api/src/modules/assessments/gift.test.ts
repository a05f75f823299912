import { describe, expect, it } from 'vitest';
import { questionBody, type Question } from '@trilha/contracts/assessments/questions';
import { parseGift, writeGift } from './gift';

/** A file as Moodle users write them: comments, titles, categories, every kind GIFT has. */
const moodleFile = String.raw`// Banco de questões: Treinamento de vendas
// exportado do Moodle

$CATEGORY: $course$/top/Vendas

// [tag:produtos] [tag:básico]
::Q1 Capital::Qual é a capital do Brasil? {
  =Brasília#Isso mesmo.
  ~Rio de Janeiro#Foi capital até 1960.
  ~São Paulo
  ####A capital mudou em 1960.
}

::Q2 Primos::Quais números são primos? {
  ~%50%2#Sim, o único primo par.
  ~%50%3
  ~%-100%4#Não: 2 × 2.
}

::Q3 VF::O cliente sempre tem razão. {F#Leia a política de trocas.#Certo: nem sempre.}

::Q4 VF curto::Nossa loja abre aos domingos.{TRUE}

::Q5 Curta::Qual é a cor da nossa marca? {=azul =azul-marinho}

::Q6 Associação::Associe o produto à categoria. {
  =Tinta acrílica -> Paredes
  =Verniz -> Madeira
  =Esmalte sintético -> Metal
}

::Q7 Pi::Quanto vale pi com duas casas? {#3.14:0.005}

::Q8 Intervalo::Quantos dias tem o prazo de troca (entre 7 e 30)? {#7..30}

::Q9 Redação::Descreva um atendimento que deu certo. {}

// Texto em HTML: as marcas somem, o texto fica.
::Q10 HTML::[html]<p>Qual o <b>desconto</b> máximo&nbsp;permitido?</p> {=10%#<i>Correto</i> ~20% ~30%}

::Q11 Escapes::Quanto é 1 \= 1? Use \{chaves\}, \~til\~, \#cerquilha e dois\: pontos. {=verdadeiro ~falso}

::Q12 Markdown::[markdown]Qual **produto** é lavável? {=Tinta premium ~Cal}

::Q13 Numérica com resposta::Em que ano abrimos? {#=1998:0#Fundada em 1998.}
`;

describe('GIFT import', () => {
  it('reads a real-looking file of every kind, with titles, categories, comments and tags', () => {
    const { questions, refused } = parseGift(moodleFile);
    expect(refused).toEqual([]);
    expect(questions.map((q) => [q.line, q.body.title, q.body.kind])).toEqual([
      [7, 'Q1 Capital', 'single_choice'],
      [14, 'Q2 Primos', 'multiple_choice'],
      [20, 'Q3 VF', 'true_false'],
      [22, 'Q4 VF curto', 'true_false'],
      [24, 'Q5 Curta', 'short_answer'],
      [26, 'Q6 Associação', 'matching'],
      [32, 'Q7 Pi', 'numeric'],
      [34, 'Q8 Intervalo', 'numeric'],
      [36, 'Q9 Redação', 'essay'],
      [39, 'Q10 HTML', 'single_choice'],
      [41, 'Q11 Escapes', 'single_choice'],
      [43, 'Q12 Markdown', 'single_choice'],
      [45, 'Q13 Numérica com resposta', 'numeric'],
    ]);
    for (const q of questions) expect(questionBody.safeParse(q.body).success, q.body.title).toBe(true);
    const [q1, q2, q3, q4, q5, q6, q7, q8, , q10, q11, , q13] = questions.map((q) => q.body);
    expect(questions[0]!.category).toBe('Vendas');
    expect(q1).toMatchObject({
      stem: 'Qual é a capital do Brasil?',
      generalFeedback: 'A capital mudou em 1960.',
      tags: ['produtos', 'básico'],
      options: [
        { text: 'Brasília', correct: true, feedback: 'Isso mesmo.' },
        { text: 'Rio de Janeiro', correct: false, feedback: 'Foi capital até 1960.' },
        { text: 'São Paulo', correct: false, feedback: '' },
      ],
    });
    expect(q2).toMatchObject({
      options: [
        { text: '2', weight: 50, feedback: 'Sim, o único primo par.' },
        { text: '3', weight: 50 },
        { text: '4', weight: -100, feedback: 'Não: 2 × 2.' },
      ],
    });
    // GIFT's first feedback is for a wrong answer, the second for the right one.
    expect(q3).toMatchObject({
      answer: false,
      feedbackTrue: 'Leia a política de trocas.',
      feedbackFalse: 'Certo: nem sempre.',
    });
    expect(q4).toMatchObject({ answer: true, feedbackTrue: '', feedbackFalse: '' });
    expect(q5).toMatchObject({ answers: ['azul', 'azul-marinho'] });
    expect(q6).toMatchObject({
      pairs: [
        { left: 'Tinta acrílica', right: 'Paredes' },
        { left: 'Verniz', right: 'Madeira' },
        { left: 'Esmalte sintético', right: 'Metal' },
      ],
    });
    expect(q7).toMatchObject({ answer: { mode: 'value', value: 3.14, tolerance: 0.005 } });
    expect(q8).toMatchObject({ answer: { mode: 'range', min: 7, max: 30 } });
    expect(q10).toMatchObject({
      stem: 'Qual o desconto máximo permitido?',
      options: [{ text: '10%', correct: true, feedback: 'Correto' }, { text: '20%' }, { text: '30%' }],
    });
    expect(q11!.stem).toBe('Quanto é 1 = 1? Use {chaves}, ~til~, #cerquilha e dois: pontos.');
    expect(q13).toMatchObject({
      answer: { mode: 'value', value: 1998, tolerance: 0 },
      generalFeedback: 'Fundada em 1998.',
    });
  });

  it('refuses broken and unsupported questions with their line, and keeps the good ones', () => {
    const file = [
      'Pergunta boa {=sim ~não}', // 1
      '',
      'Chave aberta {=a ~b', // 3
      '',
      'Sem resposta certa {~a ~b}', // 5
      '',
      'Só uma descrição, sem respostas.', // 7
      '',
      'A capital do Brasil é {=Brasília ~Rio} desde 1960.', // 9
      '',
      'Número torto {#abc}', // 11
      '',
      'Associação torta {=a -> b =c}', // 13
      '',
      'Crédito parcial {=a ~%50%b ~c}', // 15
      '',
      'Duas chaves {=a {=b}}', // 17
      '',
      '::Sem enunciado:: {=a ~b}', // 19
    ].join('\n');
    const { questions, refused } = parseGift(file);
    expect(questions.map((q) => q.line)).toEqual([1, 19]);
    expect(refused.map((r) => [r.line, r.reason])).toEqual([
      [3, 'ASSESSMENT_IMPORT_UNCLOSED_BRACE'],
      [5, 'ASSESSMENT_IMPORT_NO_CORRECT_ANSWER'],
      [7, 'ASSESSMENT_IMPORT_DESCRIPTION_ONLY'],
      [9, 'ASSESSMENT_IMPORT_MISSING_WORD'],
      [11, 'ASSESSMENT_IMPORT_BAD_NUMBER'],
      [13, 'ASSESSMENT_IMPORT_BAD_MATCHING'],
      [15, 'ASSESSMENT_IMPORT_UNSUPPORTED'],
      [17, 'ASSESSMENT_IMPORT_UNCLOSED_BRACE'],
    ]);
    expect(refused[0]!.excerpt).toBe('Chave aberta {=a ~b');
    // An empty stem parses, and the bank's own checks refuse it (the service reports it).
    expect(questionBody.safeParse(questions[1]!.body).success).toBe(false);
  });

  it('reads Windows line endings, a byte order mark and blank runs', () => {
    const { questions } = parseGift('\uFEFF// x\r\n\r\n\r\nUm {=a ~b}\r\n\r\nDois {T}\r\n');
    expect(questions.map((q) => [q.line, q.body.kind])).toEqual([
      [4, 'single_choice'],
      [6, 'true_false'],
    ]);
  });
});

describe('GIFT export', () => {
  const base = {
    id: 1,
    categoryId: 1,
    categoryName: 'Geral',
    title: '',
    generalFeedback: '',
    points: 1,
    tags: [],
    media: null,
    translations: {},
    createdAt: '',
    updatedAt: '',
  };
  const questions: Question[] = [
    {
      ...base,
      kind: 'single_choice',
      title: 'Com: dois pontos',
      stem: 'Linha 1\nLinha 2 com {chaves} = ~ # \\ e //',
      generalFeedback: 'geral',
      points: 2.5,
      tags: ['a', 'b c'],
      options: [
        { text: 'certa', correct: true, feedback: 'fb #1' },
        { text: 'errada', correct: false, feedback: '' },
      ],
    },
    { ...base, kind: 'essay', stem: '// parece comentário', generalFeedback: 'Só geral' },
    { ...base, kind: 'essay', stem: '[html] não é formato' },
    {
      ...base,
      categoryName: 'Outra',
      kind: 'true_false',
      stem: 'Verdade?',
      answer: true,
      feedbackTrue: '',
      feedbackFalse: 'Não',
    },
    { ...base, kind: 'numeric', stem: 'Negativo', answer: { mode: 'range', min: -5.5, max: -1 } },
    { ...base, kind: 'ordering', stem: 'Ordene', items: ['1', '2'] },
  ];

  it('writes what it reads back, grouped by category, and counts what GIFT cannot hold', () => {
    const { text, written, skipped } = writeGift(questions);
    expect([written, skipped]).toEqual([5, 1]);
    expect(text.split('\n')[0]).toContain('1 ordering question(s) skipped');
    const { questions: back, refused } = parseGift(text);
    expect(refused).toEqual([]);
    expect(back.map((q) => q.category)).toEqual(['Geral', 'Geral', 'Geral', 'Outra', 'Geral']);
    for (const [i, q] of back.entries()) {
      const {
        id: _i,
        categoryId: _c,
        categoryName: _n,
        createdAt: _a,
        updatedAt: _u,
        ...want
      } = questions[i]!;
      const got = questionBody.parse(q.body);
      expect({ ...got, categoryId: undefined }).toEqual({ ...want, categoryId: undefined });
    }
  });
});

describe('GIFT import of hostile files', () => {
  it('reads a megabyte of repeated specials in linear time', () => {
    const mib = 1024 * 1024;
    const cases: [string, string][] = [
      [`Q {T${'a#'.repeat(mib / 2)}}`, 'ASSESSMENT_IMPORT_UNSUPPORTED'],
      [`[html]${'<'.repeat(mib)} {=a ~b}`, ''],
      [`Q {#${'..'.repeat(mib / 2)}\n}`, 'ASSESSMENT_IMPORT_BAD_NUMBER'],
      [`Q {${'~'.repeat(mib)}}`, 'ASSESSMENT_IMPORT_NO_CORRECT_ANSWER'],
      [`${'{'.repeat(mib)}`, 'ASSESSMENT_IMPORT_UNCLOSED_BRACE'],
      [`[html]${' '.repeat(mib)}x {=a ~b}`, ''],
    ];
    for (const [file, reason] of cases) {
      const { questions, refused } = parseGift(file);
      expect(refused.map((r) => r.reason)).toEqual(reason ? [reason] : []);
      expect(questions.length + refused.length).toBe(1);
    }
  });
});
