import type { LanguageCode } from '@trilha/contracts/session';
import { fillPlaceholders } from '../../lib/messages';

/**
 * The messages the platform sends, per language. `{{name}}` placeholders take the send call's params.
 * E-mail templates have a subject; SMS and WhatsApp use the body alone, so code templates stay short.
 */
export const templateNames = [
  'set_password',
  'recover_password',
  'recovery_code',
  'phone_verification_code',
  'registration_received',
  'registration_approved',
  'support_ticket_received',
  'account_deletion_requested',
  /** An inbox notification the user asked to get by e-mail too (notifications module). */
  'notification',
] as const;
export type TemplateName = (typeof templateNames)[number];

interface Template {
  subject: string;
  body: string;
}

type Catalog = Record<TemplateName, Template>;

const ptBR: Catalog = {
  set_password: {
    subject: 'Crie sua senha de acesso',
    body:
      'Olá, {{name}}!\n\nSua conta foi criada. Para definir sua senha, acesse o link abaixo:\n{{link}}\n\n' +
      'O link vale por {{hours}} horas e pode ser usado uma única vez. Se você não pediu este acesso, ignore esta mensagem.',
  },
  recover_password: {
    subject: 'Recuperação de senha',
    body:
      'Olá, {{name}}!\n\nRecebemos um pedido para redefinir a sua senha. Para criar uma nova, acesse o link abaixo:\n{{link}}\n\n' +
      'O link vale por {{hours}} horas e pode ser usado uma única vez. Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
  },
  recovery_code: {
    subject: 'Código de recuperação de senha',
    body: 'Seu código para redefinir a senha é {{code}}. Ele vale por {{minutes}} minutos. Não compartilhe este código.',
  },
  phone_verification_code: {
    subject: 'Código de verificação do telefone',
    body: 'Seu código de verificação é {{code}}. Ele vale por {{minutes}} minutos. Não compartilhe este código.',
  },
  registration_received: {
    subject: 'Recebemos o seu cadastro',
    body: 'Olá, {{name}}!\n\nRecebemos o seu cadastro. Ele será analisado pela equipe do programa e você receberá um e-mail assim que for aprovado.',
  },
  registration_approved: {
    subject: 'Seu cadastro foi aprovado',
    body: 'Olá, {{name}}!\n\nSeu cadastro foi aprovado. Você já pode entrar na plataforma:\n{{link}}',
  },
  support_ticket_received: {
    subject: 'Recebemos sua mensagem — protocolo {{protocol}}',
    body:
      'Olá, {{name}}!\n\nRecebemos sua mensagem e registramos o protocolo {{protocol}}. ' +
      'Nossa equipe responderá em até {{workingDays}} dias úteis.',
  },
  account_deletion_requested: {
    subject: 'Pedido de exclusão de conta recebido',
    body:
      'Olá, {{name}}!\n\nRecebemos o seu pedido de exclusão de conta. Ele será processado pela equipe do programa em até 7 dias úteis. ' +
      'Até lá, o seu acesso fica suspenso.',
  },
  notification: {
    subject: '{{title}}',
    body:
      'Olá, {{name}}!\n\n{{text}}\n\nVeja na plataforma:\n{{link}}\n\n' +
      'Você recebe este e-mail porque pediu para ser avisado também por e-mail. Para mudar, acesse Perfil › Preferências › Notificações:\n{{settings}}',
  },
};

const enUS: Catalog = {
  set_password: {
    subject: 'Create your password',
    body:
      'Hello, {{name}}!\n\nYour account has been created. To set your password, open the link below:\n{{link}}\n\n' +
      'The link is valid for {{hours}} hours and works only once. If you did not ask for this access, ignore this message.',
  },
  recover_password: {
    subject: 'Password recovery',
    body:
      'Hello, {{name}}!\n\nWe received a request to reset your password. To create a new one, open the link below:\n{{link}}\n\n' +
      'The link is valid for {{hours}} hours and works only once. If you did not make this request, ignore this message: your password stays the same.',
  },
  recovery_code: {
    subject: 'Password recovery code',
    body: 'Your password reset code is {{code}}. It is valid for {{minutes}} minutes. Do not share this code.',
  },
  phone_verification_code: {
    subject: 'Phone verification code',
    body: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share this code.',
  },
  registration_received: {
    subject: 'We received your registration',
    body: 'Hello, {{name}}!\n\nWe received your registration. The program team will review it and you will get an e-mail as soon as it is approved.',
  },
  registration_approved: {
    subject: 'Your registration was approved',
    body: 'Hello, {{name}}!\n\nYour registration was approved. You can now sign in:\n{{link}}',
  },
  support_ticket_received: {
    subject: 'We received your message — ticket {{protocol}}',
    body:
      'Hello, {{name}}!\n\nWe received your message and registered ticket {{protocol}}. ' +
      'Our team will answer within {{workingDays}} working days.',
  },
  account_deletion_requested: {
    subject: 'Account deletion request received',
    body:
      'Hello, {{name}}!\n\nWe received your request to delete your account. The program team will process it within 7 working days. ' +
      'Until then, your access is suspended.',
  },
  notification: {
    subject: '{{title}}',
    body:
      'Hello, {{name}}!\n\n{{text}}\n\nSee it on the platform:\n{{link}}\n\n' +
      'You get this e-mail because you asked to be told by e-mail too. To change that, go to Profile › Preferences › Notifications:\n{{settings}}',
  },
};

const es: Catalog = {
  set_password: {
    subject: 'Crea tu contraseña de acceso',
    body:
      '¡Hola, {{name}}!\n\nTu cuenta fue creada. Para definir tu contraseña, abre el enlace a continuación:\n{{link}}\n\n' +
      'El enlace es válido por {{hours}} horas y funciona una sola vez. Si no solicitaste este acceso, ignora este mensaje.',
  },
  recover_password: {
    subject: 'Recuperación de contraseña',
    body:
      '¡Hola, {{name}}!\n\nRecibimos una solicitud para restablecer tu contraseña. Para crear una nueva, abre el enlace a continuación:\n{{link}}\n\n' +
      'El enlace es válido por {{hours}} horas y funciona una sola vez. Si no hiciste esta solicitud, ignora este mensaje: tu contraseña sigue igual.',
  },
  recovery_code: {
    subject: 'Código de recuperación de contraseña',
    body: 'Tu código para restablecer la contraseña es {{code}}. Es válido por {{minutes}} minutos. No compartas este código.',
  },
  phone_verification_code: {
    subject: 'Código de verificación del teléfono',
    body: 'Tu código de verificación es {{code}}. Es válido por {{minutes}} minutos. No compartas este código.',
  },
  registration_received: {
    subject: 'Recibimos tu registro',
    body: '¡Hola, {{name}}!\n\nRecibimos tu registro. El equipo del programa lo revisará y recibirás un correo en cuanto sea aprobado.',
  },
  registration_approved: {
    subject: 'Tu registro fue aprobado',
    body: '¡Hola, {{name}}!\n\nTu registro fue aprobado. Ya puedes ingresar a la plataforma:\n{{link}}',
  },
  support_ticket_received: {
    subject: 'Recibimos tu mensaje — protocolo {{protocol}}',
    body:
      '¡Hola, {{name}}!\n\nRecibimos tu mensaje y registramos el protocolo {{protocol}}. ' +
      'Nuestro equipo responderá en un plazo de {{workingDays}} días hábiles.',
  },
  account_deletion_requested: {
    subject: 'Solicitud de eliminación de cuenta recibida',
    body:
      '¡Hola, {{name}}!\n\nRecibimos tu solicitud de eliminación de cuenta. El equipo del programa la procesará en un plazo de 7 días hábiles. ' +
      'Hasta entonces, tu acceso queda suspendido.',
  },
  notification: {
    subject: '{{title}}',
    body:
      '¡Hola, {{name}}!\n\n{{text}}\n\nMíralo en la plataforma:\n{{link}}\n\n' +
      'Recibes este correo porque pediste que te avisáramos también por correo. Para cambiarlo, ve a Perfil › Preferencias › Notificaciones:\n{{settings}}',
  },
};

const fr: Catalog = {
  set_password: {
    subject: 'Créez votre mot de passe',
    body:
      'Bonjour {{name}},\n\nVotre compte a été créé. Pour définir votre mot de passe, ouvrez le lien ci-dessous :\n{{link}}\n\n' +
      'Le lien est valable {{hours}} heures et ne fonctionne qu’une seule fois. Si vous n’avez pas demandé cet accès, ignorez ce message.',
  },
  recover_password: {
    subject: 'Récupération du mot de passe',
    body:
      'Bonjour {{name}},\n\nNous avons reçu une demande de réinitialisation de votre mot de passe. Pour en créer un nouveau, ouvrez le lien ci-dessous :\n{{link}}\n\n' +
      'Le lien est valable {{hours}} heures et ne fonctionne qu’une seule fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste le même.',
  },
  recovery_code: {
    subject: 'Code de récupération du mot de passe',
    body: 'Votre code de réinitialisation est {{code}}. Il est valable {{minutes}} minutes. Ne partagez pas ce code.',
  },
  phone_verification_code: {
    subject: 'Code de vérification du téléphone',
    body: 'Votre code de vérification est {{code}}. Il est valable {{minutes}} minutes. Ne partagez pas ce code.',
  },
  registration_received: {
    subject: 'Nous avons reçu votre inscription',
    body: 'Bonjour {{name}},\n\nNous avons reçu votre inscription. L’équipe du programme va l’examiner et vous recevrez un e-mail dès qu’elle sera approuvée.',
  },
  registration_approved: {
    subject: 'Votre inscription a été approuvée',
    body: 'Bonjour {{name}},\n\nVotre inscription a été approuvée. Vous pouvez maintenant vous connecter :\n{{link}}',
  },
  support_ticket_received: {
    subject: 'Nous avons reçu votre message — ticket {{protocol}}',
    body:
      'Bonjour {{name}},\n\nNous avons reçu votre message et enregistré le ticket {{protocol}}. ' +
      'Notre équipe répondra sous {{workingDays}} jours ouvrés.',
  },
  account_deletion_requested: {
    subject: 'Demande de suppression de compte reçue',
    body:
      'Bonjour {{name}},\n\nNous avons reçu votre demande de suppression de compte. L’équipe du programme la traitera sous 7 jours ouvrés. ' +
      'D’ici là, votre accès est suspendu.',
  },
  notification: {
    subject: '{{title}}',
    body:
      'Bonjour {{name}},\n\n{{text}}\n\nÀ voir sur la plateforme :\n{{link}}\n\n' +
      'Vous recevez cet e-mail parce que vous avez demandé à être prévenu aussi par e-mail. Pour changer cela, allez dans Profil › Préférences › Notifications :\n{{settings}}',
  },
};

const catalogs: Record<LanguageCode, Catalog> = { 'pt-BR': ptBR, 'en-US': enUS, es, fr };

export function isTemplateName(name: string): name is TemplateName {
  return (templateNames as readonly string[]).includes(name);
}

/**
 * The placeholders of each template that carry a secret (a password link, a one-time code). The
 * outbox keeps the message with these hidden; only the recipient's copy carries them.
 */
export const secretParams: Partial<Record<TemplateName, readonly string[]>> = {
  set_password: ['link'],
  recover_password: ['link'],
  recovery_code: ['code'],
  phone_verification_code: ['code'],
};

/** What stands in the outbox for a hidden secret. */
export const HIDDEN_SECRET = '[••••••]';

/** The params with every secret of the template replaced by HIDDEN_SECRET. */
export function maskSecrets(
  name: TemplateName,
  params: Record<string, string | number>,
): Record<string, string | number> {
  const secrets = secretParams[name] ?? [];
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, secrets.includes(key) ? HIDDEN_SECRET : value]),
  );
}

/** Subject and text of a template in a language, with its placeholders filled. */
export function renderTemplate(
  name: TemplateName,
  lang: LanguageCode,
  params: Record<string, string | number>,
): { subject: string; body: string } {
  const template = (catalogs[lang] ?? ptBR)[name];
  return {
    subject: fillPlaceholders(template.subject, params),
    body: fillPlaceholders(template.body, params),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The HTML part of an e-mail: the text, escaped, with its links clickable and its lines kept. */
export function textToHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((block) => {
    const html = escapeHtml(block)
      .replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>');
    return `<p>${html}</p>`;
  });
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">${paragraphs.join('')}</body></html>`;
}
