import type {
  ActivitySettingsInput,
  ContentActivityKind,
  SubscriptionMode,
} from '@trilha/contracts/learning';

/**
 * The demo's learning content, as a Brazilian retail training team would publish it. Files are named by
 * `DemoFileName` and made or read once by the seeder (see learning-demo.ts).
 */

export type ClientSlug = 'aurora' | 'nimbus';

export type DemoFileName =
  | 'guide.pdf'
  | 'video.mp4'
  | 'audio.mp3'
  | 'hls.zip'
  | 'html-lesson.html'
  | 'scorm12.zip'
  | 'scorm2004.zip'
  | 'flash.swf'
  | 'planogram.png'
  | 'sign-kit.zip'
  | 'models.xlsx'
  | 'discounts.xlsx'
  | 'follow-up.xlsx'
  | 'shift-planner.xlsx'
  | 'probing-script.docx'
  | 'practical-checklist.docx'
  | 'acceptable-use.docx'
  | 'rewrite-exercise.docx'
  | 'journey.pptx'
  | 'lineup.pptx';

interface DemoActivityOf<K extends ContentActivityKind> {
  kind: K;
  title: string;
  description: string;
  settings?: ActivitySettingsInput<K>;
  /** The file uploaded for it, with the name the author's file had. */
  file?: { source: DemoFileName; name: string };
  requiresPrevious?: boolean;
  requiresAuthorization?: boolean;
}
/** One activity of a demo course, its settings those of its kind. */
export type DemoActivity = { [K in ContentActivityKind]: DemoActivityOf<K> }[ContentActivityKind];

export interface DemoCourse {
  key: string;
  client: ClientSlug;
  /** A file of demo-assets/covers. */
  cover: string;
  title: string;
  description: string;
  workloadMinutes: number;
  category: string;
  tags: string[];
  mode?: SubscriptionMode;
  prerequisites?: string[];
  isPublic?: boolean;
  /** Audience limits by area and group names of the client. */
  audience?: { areas: string[]; groups: string[] };
  modules: { title: string; activities: DemoActivity[] }[];
}

export interface DemoTrail {
  key: string;
  client: ClientSlug;
  title: string;
  description: string;
  category: string;
  tags: string[];
  mode?: SubscriptionMode;
  sequential: boolean;
  courses: string[];
  colors: [string, string, string];
}

export interface DemoTaxonomy {
  areas: string[];
  groups: string[];
  categories: string[];
  tags: string[];
  /** Where learner@demo.example belongs. */
  learner: { areas: string[]; groups: string[] };
}

/** Public videos: Big Buck Bunny (Blender Foundation, CC BY 3.0) on YouTube, and a public Vimeo video. */
const YOUTUBE_ID = 'aqz-KE-bpKQ';
const VIMEO_ID = '76979871';
const SLIDESHARE_EMBED = 'https://www.slideshare.net/slideshow/embed_code/16220047';

export const taxonomies: Record<ClientSlug, DemoTaxonomy> = {
  aurora: {
    areas: ['Lojas físicas', 'E-commerce', 'Gerência regional', 'Centro de distribuição'],
    groups: ['Consultores de vendas', 'Líderes de loja', 'Novos colaboradores'],
    categories: ['Atendimento', 'Vendas', 'Loja', 'Carreira', 'Liderança', 'Comportamento', 'Fidelização'],
    tags: ['Onboarding', 'Obrigatório', 'Microlearning', 'Novo', 'Visual merchandising', 'Podcast'],
    learner: { areas: ['Lojas físicas'], groups: ['Consultores de vendas', 'Novos colaboradores'] },
  },
  nimbus: {
    areas: ['Varejo parceiro', 'Distribuidores'],
    groups: ['Promotores', 'Vendedores de loja parceira'],
    categories: ['Produtos', 'Compliance'],
    tags: ['Onboarding', 'Obrigatório', 'Premium'],
    learner: { areas: ['Varejo parceiro'], groups: ['Vendedores de loja parceira'] },
  },
};

const guide = { source: 'guide.pdf', name: 'Guia rápido do vendedor.pdf' } as const;

export const courses: DemoCourse[] = [
  // ---------------------------------------------------------------------------------------- Aurora
  {
    key: 'atendimento',
    client: 'aurora',
    cover: 'atendimento-que-encanta.jpg',
    title: 'Atendimento que encanta',
    description:
      'Os fundamentos do atendimento Aurora: receber bem, entender o que o cliente procura e encerrar cada visita com uma boa lembrança da loja. Comece por aqui se você acabou de chegar ao time.',
    workloadMinutes: 45,
    category: 'Atendimento',
    tags: ['Onboarding', 'Obrigatório'],
    isPublic: true,
    modules: [
      {
        title: 'Boas-vindas',
        activities: [
          {
            kind: 'video',
            title: 'Boas-vindas da equipe de treinamento',
            description: 'Um recado rápido sobre como o programa funciona e onde encontrar cada conteúdo.',
            settings: { durationSeconds: 20 },
            file: { source: 'video.mp4', name: 'boas-vindas.mp4' },
          },
          {
            kind: 'pdf',
            title: 'Guia rápido do vendedor',
            description:
              'Quatro páginas com o essencial do dia a dia na loja. Leia até o fim e guarde para consultar no balcão.',
            file: guide,
          },
        ],
      },
      {
        title: 'Na prática',
        activities: [
          {
            kind: 'scorm',
            title: 'Atendimento ao cliente no varejo',
            description:
              'Três telas curtas e um quiz de três perguntas. Você precisa acertar 60% para ser aprovado.',
            file: { source: 'scorm12.zip', name: 'atendimento-ao-cliente-scorm12.zip' },
          },
        ],
      },
    ],
  },
  {
    key: 'vendas',
    client: 'aurora',
    cover: 'vendas-consultivas.jpg',
    title: 'Vendas consultivas',
    description:
      'Como transformar uma pergunta de preço em uma conversa sobre necessidades: sondagem, escuta ativa e uma recomendação que o cliente entende e valoriza.',
    workloadMinutes: 60,
    category: 'Vendas',
    tags: ['Microlearning', 'Podcast'],
    modules: [
      {
        title: 'Escutar antes de oferecer',
        activities: [
          {
            kind: 'youtube',
            title: 'Animação: uma boa história prende a atenção',
            description:
              'Big Buck Bunny (Blender Foundation, licença CC BY 3.0). Repare como a história apresenta o personagem, o problema e a virada: a mesma estrutura de uma boa apresentação de produto.',
            settings: { videoId: YOUTUBE_ID, durationSeconds: 596 },
          },
          {
            kind: 'audio',
            title: 'Podcast: perguntas abertas que destravam a venda',
            description: 'Episódio curto para ouvir no caminho para a loja.',
            settings: { durationSeconds: 20 },
            file: { source: 'audio.mp3', name: 'podcast-perguntas-abertas.mp3' },
          },
          {
            kind: 'slideshare',
            title: 'Slides: o funil da venda consultiva',
            description: 'Apresentação de apoio com as etapas do funil e exemplos de perguntas.',
            settings: { embedUrl: SLIDESHARE_EMBED },
          },
          {
            kind: 'file',
            title: 'Desafio do módulo: seu roteiro de sondagem',
            description:
              'Liberado depois que você concluir as atividades anteriores deste módulo. Baixe, preencha e leve para a conversa com seu líder.',
            file: { source: 'probing-script.docx', name: 'Roteiro de sondagem.docx' },
            requiresPrevious: true,
          },
        ],
      },
      {
        title: 'Recomendar e fechar',
        activities: [
          {
            kind: 'vimeo',
            title: 'Vídeo: apresente uma novidade em um minuto',
            description: 'Observe o ritmo: benefício primeiro, detalhe técnico só quando o cliente pede.',
            settings: { videoId: VIMEO_ID },
          },
        ],
      },
    ],
  },
  {
    key: 'negociacao',
    client: 'aurora',
    cover: 'tecnicas-de-negociacao.jpg',
    title: 'Técnicas de negociação',
    description:
      'Negociar sem perder margem: preparar a conversa, ancorar o valor, responder a pedidos de desconto e fechar acordos bons para o cliente e para a loja. Pré-requisito: Vendas consultivas.',
    workloadMinutes: 50,
    category: 'Vendas',
    tags: ['Obrigatório'],
    prerequisites: ['vendas'],
    modules: [
      {
        title: 'Preparação',
        activities: [
          {
            kind: 'video',
            title: 'Ancoragem de valor na prática',
            description: 'Uma negociação real de balcão, comentada passo a passo.',
            settings: { durationSeconds: 20 },
            file: { source: 'video.mp4', name: 'ancoragem-de-valor.mp4' },
          },
          {
            kind: 'file',
            title: 'Calculadora de desconto e margem',
            description: 'Planilha para simular até onde o desconto ainda vale a pena.',
            file: { source: 'discounts.xlsx', name: 'Calculadora de desconto e margem.xlsx' },
          },
        ],
      },
      {
        title: 'Fechamento',
        activities: [
          {
            kind: 'audio',
            title: 'Podcast: quando dizer não',
            description: 'Como recusar um pedido sem perder o cliente.',
            settings: { durationSeconds: 20 },
            file: { source: 'audio.mp3', name: 'podcast-quando-dizer-nao.mp3' },
          },
        ],
      },
    ],
  },
  {
    key: 'merchandising',
    client: 'aurora',
    cover: 'merchandising-no-ponto-de-venda.jpg',
    title: 'Merchandising no ponto de venda',
    description:
      'Vitrine, gôndola e sinalização que vendem sozinhas: os cinco princípios do merchandising Aurora, o planograma da gôndola de entrada e o kit de cartazes para imprimir.',
    workloadMinutes: 40,
    category: 'Loja',
    tags: ['Visual merchandising'],
    modules: [
      {
        title: 'Vitrine e gôndola',
        activities: [
          {
            kind: 'html',
            title: 'Lição: 5 princípios do merchandising',
            description: 'Lição interativa com um checklist para usar na sua loja.',
            file: { source: 'html-lesson.html', name: 'index.html' },
          },
          {
            kind: 'wowza',
            title: 'Aula gravada: montagem da vitrine de verão',
            description:
              'Transmissão da aula ao vivo de montagem da vitrine, gravada pelo time de visual merchandising.',
            settings: { durationSeconds: 10 },
            file: { source: 'hls.zip', name: 'aula-vitrine-de-verao.zip' },
          },
          {
            kind: 'file',
            title: 'Planograma da gôndola de entrada',
            description: 'Onde cada família de produtos fica na gôndola de entrada.',
            file: { source: 'planogram.png', name: 'planograma-gondola-de-entrada.png' },
          },
          {
            kind: 'file',
            title: 'Kit de sinalização para impressão',
            description: 'Etiqueta de preço e cartaz A4 de oferta, prontos para imprimir.',
            file: { source: 'sign-kit.zip', name: 'kit-de-sinalizacao.zip' },
          },
        ],
      },
      {
        title: 'Material de arquivo',
        activities: [
          {
            kind: 'flash',
            title: 'Simulador de gôndola (versão antiga)',
            description:
              'Este simulador foi feito em Flash, que os navegadores não executam mais. O arquivo original fica disponível para consulta enquanto preparamos a nova versão.',
            file: { source: 'flash.swf', name: 'simulador-de-gondola.swf' },
          },
        ],
      },
      {
        title: 'Avaliação prática',
        activities: [
          {
            kind: 'file',
            title: 'Checklist da avaliação prática na loja',
            description:
              'Seu instrutor libera esta etapa depois de acompanhar a montagem da vitrine na sua loja.',
            file: { source: 'practical-checklist.docx', name: 'Checklist da avaliação prática.docx' },
            requiresAuthorization: true,
          },
        ],
      },
    ],
  },
  {
    key: 'experiencia',
    client: 'aurora',
    cover: 'experiencia-do-cliente.jpg',
    title: 'Experiência do cliente',
    description:
      'A jornada do cliente Aurora, da vitrine ao pós-venda, e os momentos em que uma atitude simples faz toda a diferença. Materiais para baixar e consultar quando quiser.',
    workloadMinutes: 30,
    category: 'Atendimento',
    tags: ['Novo'],
    modules: [
      {
        title: 'A jornada do cliente',
        activities: [
          {
            kind: 'ppt',
            title: 'Apresentação: a jornada do cliente Aurora',
            description: 'Os cinco momentos da jornada e o que fazer em cada um.',
            file: { source: 'journey.pptx', name: 'Jornada do cliente Aurora.pptx' },
          },
          {
            kind: 'file',
            title: 'Guia rápido do vendedor (para imprimir)',
            description: 'A versão em PDF do guia, para deixar no balcão.',
            file: guide,
          },
          {
            kind: 'file',
            title: 'Vídeo para baixar: a recepção na loja',
            description: 'Para assistir sem internet, no celular.',
            file: { source: 'video.mp4', name: 'recepcao-na-loja.mp4' },
          },
          {
            kind: 'file',
            title: 'Áudio para baixar: três dicas de atendimento',
            description: 'Para ouvir no caminho para a loja.',
            file: { source: 'audio.mp3', name: 'tres-dicas-de-atendimento.mp3' },
          },
        ],
      },
    ],
  },
  {
    key: 'pos-venda',
    client: 'aurora',
    cover: 'pos-venda-e-fidelizacao.jpg',
    title: 'Pós-venda e fidelização',
    description:
      'A venda não termina no caixa. Como acompanhar o cliente depois da compra, resolver trocas com agilidade e transformar compradores em clientes fiéis. Inscrição feita pela liderança.',
    workloadMinutes: 35,
    category: 'Fidelização',
    tags: ['Obrigatório'],
    mode: 'assigned',
    modules: [
      {
        title: 'Depois da venda',
        activities: [
          {
            kind: 'pdf',
            title: 'Guia: o que fazer nos primeiros 7 dias',
            description: 'Leia a parte de pós-venda do guia do vendedor.',
            file: guide,
          },
          {
            kind: 'file',
            title: 'Planilha de acompanhamento de clientes',
            description: 'Modelo para registrar contatos de pós-venda da sua carteira.',
            file: { source: 'follow-up.xlsx', name: 'Acompanhamento de clientes.xlsx' },
          },
        ],
      },
    ],
  },
  {
    key: 'lideranca',
    client: 'aurora',
    cover: 'lideranca-de-loja.jpg',
    title: 'Liderança de loja',
    description:
      'Para gerentes e líderes: rotina de abertura, metas do dia, feedback e desenvolvimento do time. Exclusivo para a gerência regional.',
    workloadMinutes: 90,
    category: 'Liderança',
    tags: ['Obrigatório'],
    audience: { areas: ['Gerência regional'], groups: ['Líderes de loja'] },
    modules: [
      {
        title: 'Rotina do líder',
        activities: [
          {
            kind: 'video',
            title: 'A reunião de abertura em 10 minutos',
            description: 'O roteiro da reunião diária que alinha metas e prioridades.',
            settings: { durationSeconds: 20 },
            file: { source: 'video.mp4', name: 'reuniao-de-abertura.mp4' },
          },
          {
            kind: 'pdf',
            title: 'Guia do líder: acompanhamento do time',
            description: 'Como usar o guia do vendedor nas conversas de desenvolvimento.',
            file: guide,
          },
        ],
      },
    ],
  },
  {
    key: 'cnv',
    client: 'aurora',
    cover: 'comunicacao-nao-violenta.jpg',
    title: 'Comunicação não violenta',
    description:
      'Observar sem julgar, reconhecer sentimentos e fazer pedidos claros: conversas difíceis com clientes e colegas ficam mais leves. Vagas por turma: inscreva-se para começar.',
    workloadMinutes: 25,
    category: 'Comportamento',
    tags: ['Podcast'],
    mode: 'enrollment',
    modules: [
      {
        title: 'Os quatro passos',
        activities: [
          {
            kind: 'audio',
            title: 'Podcast: observar sem julgar',
            description: 'O primeiro passo da comunicação não violenta, com exemplos do balcão.',
            settings: { durationSeconds: 20 },
            file: { source: 'audio.mp3', name: 'podcast-observar-sem-julgar.mp3' },
          },
          {
            kind: 'file',
            title: 'Exercício: reescreva a frase',
            description: 'Dez frases do dia a dia para reescrever com os quatro passos.',
            file: { source: 'rewrite-exercise.docx', name: 'Exercício - reescreva a frase.docx' },
          },
        ],
      },
    ],
  },
  {
    key: 'tempo',
    client: 'aurora',
    cover: 'gestao-do-tempo.jpg',
    title: 'Gestão do tempo',
    description:
      'Planeje o turno em cinco minutos, proteja o tempo de atendimento e feche o dia sem pendências. Microlearning para fazer no intervalo.',
    workloadMinutes: 20,
    category: 'Carreira',
    tags: ['Microlearning'],
    modules: [
      {
        title: 'Seu turno, seu plano',
        activities: [
          {
            kind: 'vimeo',
            title: 'Vídeo: um minuto para planejar o turno',
            description: 'Veja como priorizar antes de a loja abrir.',
            settings: { videoId: VIMEO_ID },
          },
          {
            kind: 'file',
            title: 'Planner semanal do turno',
            description: 'Planilha para organizar tarefas, pausas e metas da semana.',
            file: { source: 'shift-planner.xlsx', name: 'Planner semanal do turno.xlsx' },
          },
        ],
      },
    ],
  },

  // ---------------------------------------------------------------------------------------- Nimbus
  {
    key: 'notebooks',
    client: 'nimbus',
    cover: 'notebooks-para-o-dia-a-dia.jpg',
    title: 'Notebooks para o dia a dia',
    description:
      'Processador, memória, armazenamento e tela explicados para quem vende: como indicar o notebook Nimbus certo para estudar, trabalhar ou jogar.',
    workloadMinutes: 40,
    category: 'Produtos',
    tags: ['Onboarding'],
    isPublic: true,
    modules: [
      {
        title: 'Conheça a linha',
        activities: [
          {
            kind: 'scorm',
            title: 'Conhecimento de produto: notebooks',
            description: 'Quatro telas e um quiz rápido. Aprovação com 60%.',
            file: { source: 'scorm2004.zip', name: 'conhecimento-de-produto-scorm2004.zip' },
          },
          {
            kind: 'ppt',
            title: 'Apresentação: linha Nimbus 2025',
            description: 'Os modelos da linha, para quem é cada um e os argumentos de venda.',
            file: { source: 'lineup.pptx', name: 'Linha Nimbus 2025.pptx' },
          },
          {
            kind: 'file',
            title: 'Tabela comparativa de modelos',
            description: 'Configurações e preços sugeridos de cada modelo, lado a lado.',
            file: { source: 'models.xlsx', name: 'Tabela comparativa de modelos.xlsx' },
          },
        ],
      },
    ],
  },
  {
    key: 'premium',
    client: 'nimbus',
    cover: 'produtos-premium.jpg',
    title: 'Produtos premium',
    description:
      'A linha premium Nimbus: acabamento, desempenho e garantia estendida. Como apresentar o valor para o cliente que compara só o preço. Pré-requisito: Notebooks para o dia a dia.',
    workloadMinutes: 30,
    category: 'Produtos',
    tags: ['Premium'],
    prerequisites: ['notebooks'],
    modules: [
      {
        title: 'Valor percebido',
        activities: [
          {
            kind: 'video',
            title: 'Unboxing do modelo premium',
            description: 'O que o cliente vê ao abrir a caixa, e como usar isso na demonstração.',
            settings: { durationSeconds: 20 },
            file: { source: 'video.mp4', name: 'unboxing-premium.mp4' },
          },
          {
            kind: 'youtube',
            title: 'Animação: mostrar em vez de explicar',
            description:
              'Big Buck Bunny (Blender Foundation, CC BY 3.0): uma história contada sem nenhuma palavra.',
            settings: { videoId: YOUTUBE_ID, durationSeconds: 596 },
          },
        ],
      },
    ],
  },
  {
    key: 'seguranca',
    client: 'nimbus',
    cover: 'seguranca-da-informacao.jpg',
    title: 'Segurança da informação',
    description:
      'Senhas, dados de clientes e golpes comuns no varejo: o que todo vendedor de loja parceira precisa saber. Obrigatório; inscreva-se para começar.',
    workloadMinutes: 25,
    category: 'Compliance',
    tags: ['Obrigatório'],
    mode: 'enrollment',
    modules: [
      {
        title: 'No dia a dia',
        activities: [
          {
            kind: 'vimeo',
            title: 'Vídeo: senhas fortes em um minuto',
            description: 'Como criar e guardar senhas sem complicação.',
            settings: { videoId: VIMEO_ID },
          },
          {
            kind: 'file',
            title: 'Política de uso aceitável',
            description: 'O documento oficial, para ler e guardar.',
            file: { source: 'acceptable-use.docx', name: 'Política de uso aceitável.docx' },
          },
        ],
      },
    ],
  },
];

export const trails: DemoTrail[] = [
  {
    key: 'consultor',
    client: 'aurora',
    title: 'Trilha do consultor de vendas',
    description:
      'Do primeiro atendimento ao pós-venda: os quatro cursos que todo consultor Aurora faz no primeiro trimestre, um depois do outro.',
    category: 'Vendas',
    tags: ['Onboarding'],
    sequential: true,
    courses: ['atendimento', 'vendas', 'negociacao', 'pos-venda'],
    colors: ['#0b7285', '#1098ad', '#99e9f2'],
  },
  {
    key: 'loja',
    client: 'aurora',
    title: 'Excelência na loja',
    description:
      'Experiência do cliente, vitrine e gestão do turno: a trilha para quem quer ver a loja vendendo mais. Inscreva-se e faça no seu ritmo.',
    category: 'Loja',
    tags: ['Visual merchandising'],
    mode: 'enrollment',
    sequential: false,
    courses: ['experiencia', 'merchandising', 'tempo'],
    colors: ['#d9480f', '#f76707', '#ffd8a8'],
  },
  {
    key: 'especialista',
    client: 'nimbus',
    title: 'Especialista Nimbus',
    description: 'Conheça a linha de notebooks e depois a linha premium: a formação completa de produto.',
    category: 'Produtos',
    tags: ['Premium'],
    sequential: true,
    courses: ['notebooks', 'premium'],
    colors: ['#5f3dc4', '#7950f2', '#d0bfff'],
  },
  {
    key: 'primeiros-passos',
    client: 'nimbus',
    title: 'Primeiros passos na Nimbus',
    description: 'Segurança da informação e a linha de produtos: o começo de todo vendedor parceiro.',
    category: 'Compliance',
    tags: ['Onboarding', 'Obrigatório'],
    sequential: false,
    courses: ['seguranca', 'notebooks'],
    colors: ['#1864ab', '#1c7ed6', '#a5d8ff'],
  },
];
