import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBody } from '@trilha/contracts/errors';
import {
  adminCertificate,
  adminCertificatesPage,
  adminCertificatesQuery,
  badgeCredentialParams,
  certificateCodeParams,
  certificateParams,
  certificateTemplate,
  certificateTemplateBody,
  credentialResponse,
  issuerJwks,
  issuerParams,
  legacyTrailCertificateBody,
  legacyTrailCertificateResponse,
  myCertificates,
  publicCertificate,
  revokeCertificateBody,
} from '@trilha/contracts/rewards/certificates';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { readSmallUpload } from '../../lib/image-upload';
import { checkUpload, imageRefusal, readImage, tooLarge, uploadRefused } from '../../lib/uploads';
import { mediaCache } from '../media/media';
import type { CertificatesService } from './certificates.service';
import type { Credentials } from './credentials';

const tags = ['rewards'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const pdfBytes = z.string().describe('the certificate, application/pdf');

/** Logos: at most 2 MB uploaded, at most 4096 px a side decoded, kept as a PNG fitting 1200 × 400. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_MAX_SIDE = 4096;
const LOGO_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** PDF bytes as they are: Fastify sends a Buffer without its serializer. */
const sendPdf = (reply: FastifyReply, bytes: Uint8Array) =>
  reply.type('application/pdf').send(Buffer.from(bytes));

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

/** Public routes that anyone may call: a tighter limit than the API's default, per address. */
const publicLimit = { max: 60, timeWindow: 60_000 };

export function registerCertificateRoutes(
  app: App,
  deps: CoreDeps,
  service: CertificatesService,
  credentials: Credentials,
) {
  const { requireClient, requireCapability } = deps.guards;
  const managers = requireCapability('rewards.manage');

  // Learner ----------------------------------------------------------------------------------------

  app.get(
    '/api/rewards/certificates',
    {
      preHandler: requireClient,
      schema: { tags, summary: "The caller's certificates", response: { 200: myCertificates, ...errors } },
    },
    async (request) => service.listMine(request.tenant!.clientId, request.auth!.userId),
  );

  app.get(
    '/api/rewards/certificates/:id/pdf',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "One of the caller's certificates as a PDF (attachment)",
        params: certificateParams,
        produces: ['application/pdf'],
        response: { 200: pdfBytes, ...errors },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await service.pdfOfMine(
        request.tenant!.clientId,
        request.auth!.userId,
        request.params.id,
      );
      reply.header('Content-Disposition', attachment(fileName));
      reply.header('Cache-Control', 'private, no-store');
      return sendPdf(reply, bytes);
    },
  );

  app.get(
    '/api/rewards/certificates/:id/credential',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "One of the caller's certificates as an Open Badges 3.0 credential (VC-JWT)",
        params: certificateParams,
        response: { 200: credentialResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.certificateCredential(request.tenant!.clientId, request.auth!.userId, request.params.id);
    },
  );

  app.get(
    '/api/rewards/badges/:badgeId/credential',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'A badge the caller earned as an Open Badges 3.0 credential (VC-JWT)',
        params: badgeCredentialParams,
        response: { 200: credentialResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.badgeCredential(
        request.tenant!.clientId,
        request.auth!.userId,
        request.params.badgeId,
        request.lang,
      );
    },
  );

  // The spec's get_trail_user_result_certificate: form-encoded, bearer; answers where the PDF is.
  app.post(
    '/get_trail_user_result_certificate/',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "The caller's certificate of a trail (legacy path): where its PDF is, and its code",
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: legacyTrailCertificateBody,
        response: { 200: legacyTrailCertificateResponse, ...errors },
      },
    },
    async (request) => {
      const { id, code } = await service.ownTrailCertificate(
        request.tenant!.clientId,
        request.auth!.userId,
        request.body.trail_id,
      );
      return { certificate_url: `/api/rewards/certificates/${id}/pdf`, code };
    },
  );

  // Public -----------------------------------------------------------------------------------------

  app.get(
    '/api/public/certificates/:code',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Verifies a certificate by its code',
        security: [],
        params: certificateCodeParams,
        response: { 200: publicCertificate, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.publicByCode(request.params.code);
    },
  );

  app.get(
    '/api/public/issuers/:clientId/jwks.json',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags,
        summary: "An issuer's public keys (JWKS) for its credentials",
        security: [],
        params: issuerParams,
        response: { 200: issuerJwks, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return credentials.jwks(await existingClient(request.params.clientId));
    },
  );

  // did:web resolves `did:web:<host>:issuers:<id>` to https://<host>/issuers/<id>/did.json. Outside /api the
  // app's limit lets requests through (the web app's files), so this route turns it back on for itself.
  app.get(
    '/issuers/:clientId/did.json',
    {
      config: { access: 'public', rateLimit: { ...publicLimit, allowList: () => false } },
      schema: {
        tags,
        summary: "An issuer's did:web document",
        security: [],
        params: issuerParams,
        response: { 200: z.record(z.string(), z.unknown()), 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      reply.type('application/did+json');
      return credentials.didDocument(await existingClient(request.params.clientId));
    },
  );

  async function existingClient(clientId: number) {
    if (!(await service.clientExists(clientId))) throw new AppError('NOT_FOUND', 404);
    return clientId;
  }

  // Back office ------------------------------------------------------------------------------------

  app.get(
    '/api/admin/certificates/template',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The client's certificate template (the default one when none was saved)",
        response: { 200: certificateTemplate, ...errors },
      },
    },
    async (request) => service.templateView(request.tenant!.clientId),
  );

  app.put(
    '/api/admin/certificates/template',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "Saves the client's certificate template",
        body: certificateTemplateBody,
        response: { 200: certificateTemplate, ...errors },
      },
    },
    async (request) => service.saveTemplate(request.tenant!.clientId, request.auth!.userId, request.body),
  );

  app.post(
    '/api/admin/certificates/template/logo',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Uploads the template logo (multipart file: PNG, JPEG or WebP, up to 2 MB), kept as PNG',
        consumes: ['multipart/form-data'],
        response: { 200: certificateTemplate, 413: errorBody, 415: errorBody, ...errors },
      },
    },
    async (request) => {
      const { data } = await readSmallUpload(request, LOGO_MAX_BYTES, {
        missing: () => new AppError('CERTIFICATE_LOGO_MISSING', 400, { details: [{ path: 'file' }] }),
        tooLarge: () => tooLarge(LOGO_MAX_BYTES),
      });
      const { mime } = await checkUpload(data, ['image'], LOGO_MAX_BYTES, 'file');
      // A GIF is an image too, but an animated logo has no place on paper.
      if (!LOGO_MIMES.has(mime)) throw uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415);
      let png: Buffer;
      try {
        const image = readImage(data).rotate();
        const meta = await readImage(data).metadata();
        if ((meta.width ?? 0) > LOGO_MAX_SIDE || (meta.height ?? 0) > LOGO_MAX_SIDE) {
          throw new AppError('UPLOAD_IMAGE_TOO_MANY_PIXELS', 400, {
            details: { field: 'file', megapixels: (LOGO_MAX_SIDE * LOGO_MAX_SIDE) / 1_000_000 },
            params: { megapixels: (LOGO_MAX_SIDE * LOGO_MAX_SIDE) / 1_000_000 },
          });
        }
        png = await image
          .resize(1200, 400, { fit: 'inside', withoutEnlargement: true })
          .png({ compressionLevel: 9 })
          .toBuffer();
      } catch (error) {
        throw imageRefusal(error);
      }
      return service.saveLogo(request.tenant!.clientId, request.auth!.userId, png);
    },
  );

  app.post(
    '/api/admin/certificates/template/preview',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A draft template drawn with sample learner data (application/pdf)',
        body: certificateTemplateBody,
        produces: ['application/pdf'],
        response: { 200: pdfBytes, ...errors },
      },
    },
    async (request, reply) => {
      const bytes = await service.preview(request.tenant!.clientId, request.body, request.lang);
      reply.header('Content-Disposition', 'inline; filename="certificate-preview.pdf"');
      reply.header('Cache-Control', 'no-store');
      return sendPdf(reply, bytes);
    },
  );

  app.get(
    '/api/admin/certificates',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Certificates issued in the client, with their learners',
        querystring: adminCertificatesQuery,
        response: { 200: adminCertificatesPage, ...errors },
      },
    },
    async (request) => service.adminList(request.tenant!.clientId, request.query),
  );

  app.post(
    '/api/admin/certificates/:id/revoke',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Revokes a certificate (and the credentials issued for it)',
        params: certificateParams,
        body: revokeCertificateBody,
        response: { 200: adminCertificate, ...errors },
      },
    },
    async (request) =>
      service.revoke(request.tenant!.clientId, request.auth!.userId, request.params.id, request.body.reason),
  );

  // The template logo is public: the verification page shows it before anyone signs in.
  deps.media.add({
    name: 'certificate-logos',
    summary: "A certificate template's logo (public: the verification page shows it)",
    guards: [],
    resolve: async (_request, ref) => {
      const key = service.logoKeyOf(ref);
      return key ? { key, mime: 'image/png', cacheControl: mediaCache.publicImmutable } : undefined;
    },
  });
}
