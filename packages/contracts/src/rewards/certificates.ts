import { z } from 'zod';
import { serialIdParam, text } from '../primitives';
import { languageCode, languageCodes } from '../session';

/**
 * Certificates (PDF, public verification, revocation) and Open Badges 3.0 credentials
 * (docs/rewards.md, "Certificates and credentials").
 */

export const certificateTargetType = z.enum(['course', 'trail']);
export type CertificateTargetType = z.infer<typeof certificateTargetType>;

/** `revoked` wins over `expired`: a revoked certificate stays revoked after its expiry. */
export const certificateStatus = z.enum(['valid', 'expired', 'revoked']);
export type CertificateStatus = z.infer<typeof certificateStatus>;

/**
 * The verification code as printed: 12 characters of Crockford base32 in three groups (XXXX-XXXX-XXXX).
 * Lookups also take it without dashes, in lower case, and with the letters Crockford reads as digits
 * (O → 0, I/L → 1), since people type it from paper.
 */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A certificate id in a path. */
export const certificateParams = z.object({ id: serialIdParam() });
export type CertificateParams = z.infer<typeof certificateParams>;

/** A verification code in a path; the API normalizes it (see CERTIFICATE_CODE_PATTERN) and answers 404 when malformed. */
export const certificateCodeParams = z.object({ code: text().max(40) });
export type CertificateCodeParams = z.infer<typeof certificateCodeParams>;

// Learner ------------------------------------------------------------------------------------------

/** GET /api/rewards/certificates: the caller's certificates in the selected client, newest first. */
export const myCertificate = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  targetType: certificateTargetType,
  targetId: z.number().int(),
  /** ISO 8601. */
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: certificateStatus,
  revokedAt: z.string().nullable(),
  /** The public verification page (`<web origin>/certificates/<code>`), the one the QR code points to. */
  verifyUrl: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificate>;

export const myCertificates = z.object({ items: z.array(myCertificate) });
export type MyCertificates = z.infer<typeof myCertificates>;

/*
 * GET /api/rewards/certificates/:id/pdf answers `application/pdf` (Content-Disposition attachment) for the
 * caller's own certificate, 404 otherwise.
 */

/**
 * GET /api/rewards/certificates/:id/credential and GET /api/rewards/badges/:badgeId/credential answer
 * JSON `{ jwt }`: an Open Badges 3.0 `OpenBadgeCredential` signed as a VC-JWT (header `alg: EdDSA`,
 * `typ: vc+jwt`, `kid: <issuer did>#<key id>`). The credential is the `vc` claim; `iss` is the issuer's
 * did:web, `sub` the subject's hashed identifier, `jti` `urn:uuid:<id>`, `nbf`/`iat` the issue time,
 * `exp` present when the certificate expires. Each call issues a new credential (a new `jti`).
 */
export const badgeCredentialParams = z.object({ badgeId: serialIdParam() });
export type BadgeCredentialParams = z.infer<typeof badgeCredentialParams>;

export const credentialResponse = z.object({
  jwt: z.string(),
  /** The `jti` of the credential. */
  id: z.string(),
});
export type CredentialResponse = z.infer<typeof credentialResponse>;

/**
 * POST /get_trail_user_result_certificate/ (legacy, form-encoded, bearer): `trail_id`. Answers JSON
 * `{ certificate_url, code }`, the URL being the PDF route above (it needs the same bearer token), or 404
 * when the caller has no certificate of that trail.
 */
export const legacyTrailCertificateBody = z.object({ trail_id: serialIdParam() });
export type LegacyTrailCertificateBody = z.infer<typeof legacyTrailCertificateBody>;

export const legacyTrailCertificateResponse = z.object({
  certificate_url: z.string(),
  code: z.string(),
});
export type LegacyTrailCertificateResponse = z.infer<typeof legacyTrailCertificateResponse>;

// Public -------------------------------------------------------------------------------------------

/** GET /api/public/certificates/:code: what anyone holding the code may check. Unknown or malformed code → 404. */
export const publicCertificate = z.object({
  code: z.string(),
  learnerName: z.string(),
  title: z.string(),
  targetType: certificateTargetType,
  workloadMinutes: z.number().int().nullable(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: certificateStatus,
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  issuer: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
});
export type PublicCertificate = z.infer<typeof publicCertificate>;

export const issuerParams = z.object({ clientId: serialIdParam() });

/*
 * GET /api/public/issuers/:clientId/jwks.json → `{ keys: [Ed25519 public JWK, alg EdDSA, use sig] }`, each `kid`
 * being the full verification method id `<issuer did>#<key id>`, the `kid` of the credentials' header.
 * GET /issuers/:clientId/did.json → the did:web document of `did:web:<host>:issuers:<clientId>`.
 */
export const publicJwk = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export const issuerJwks = z.object({ keys: z.array(publicJwk) });
export type IssuerJwks = z.infer<typeof issuerJwks>;

// Back office (rewards.manage) ---------------------------------------------------------------------

export const hexColor = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'CERTIFICATE_TEMPLATE_INVALID_COLOR' });

export const certificateSignature = z.object({
  name: text().trim().min(1).max(80),
  role: text().trim().max(80),
});
export type CertificateSignature = z.infer<typeof certificateSignature>;

/** Title per language; a language left out (or blank) uses the default title of that language. */
export const certificateTitles = z.partialRecord(
  languageCode,
  text().trim().max(120, { message: 'CERTIFICATE_TEMPLATE_TITLE_TOO_LONG' }),
);

/** PUT /api/admin/certificates/template, and the draft POST …/template/preview renders. */
export const certificateTemplateBody = z.object({
  titles: certificateTitles,
  primaryColor: hexColor,
  accentColor: hexColor,
  signatures: z.array(certificateSignature).max(3, { message: 'CERTIFICATE_TEMPLATE_TOO_MANY_SIGNATURES' }),
  /** False removes the uploaded logo (the certificate then shows the client's name only). */
  keepLogo: z.boolean().default(true),
});
export type CertificateTemplateBody = z.input<typeof certificateTemplateBody>;

/** GET /api/admin/certificates/template: the saved template, or the default one (`isDefault`) when none. */
export const certificateTemplate = z.object({
  titles: z.record(z.enum(languageCodes), z.string()),
  primaryColor: z.string(),
  accentColor: z.string(),
  signatures: z.array(certificateSignature),
  /** Signed URL of the uploaded logo, or null. */
  logoUrl: z.string().nullable(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CertificateTemplate = z.infer<typeof certificateTemplate>;

/*
 * POST /api/admin/certificates/template/logo: multipart, one file field (PNG, JPEG or WebP, ≤ 2 MB,
 * ≤ 4096 px a side), stored re-encoded as PNG; answers the template (certificateTemplate).
 * POST /api/admin/certificates/template/preview: body certificateTemplateBody → `application/pdf` with
 * sample learner data.
 */

export const adminCertificatesQuery = z.object({
  search: text().trim().max(100).optional(),
  status: certificateStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminCertificatesQuery = z.input<typeof adminCertificatesQuery>;

export const adminCertificate = z.object({
  id: z.number().int(),
  code: z.string(),
  userId: z.number().int(),
  learnerName: z.string(),
  title: z.string(),
  targetType: certificateTargetType,
  targetId: z.number().int(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: certificateStatus,
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;

export const adminCertificatesPage = z.object({
  items: z.array(adminCertificate),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCertificatesPage = z.infer<typeof adminCertificatesPage>;

/** POST /api/admin/certificates/:id/revoke → adminCertificate. Revoking twice answers CERTIFICATE_ALREADY_REVOKED (409). */
export const revokeCertificateBody = z.object({
  reason: text().trim().min(3).max(500),
});
export type RevokeCertificateBody = z.infer<typeof revokeCertificateBody>;
