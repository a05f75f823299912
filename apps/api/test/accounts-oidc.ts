import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
}

/**
 * A real OpenID provider (oidc-provider) on a free local port. Its login and consent screens are
 * replaced by one that signs in `account` at once, so a test can drive the whole code flow.
 */
export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  const state: { account: OidcAccount } = {
    account: { sub: 'google-sub-1', email: 'someone@example.com', email_verified: true },
  };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: state.account.email, email_verified: state.account.email_verified }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
    conformIdTokenClaims: false,
  });
  provider.on('server_error', () => {});
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          const accountId = state.account.sub;
          const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (err) {
          res.writeHead(500).end(String(err));
        }
      })();
      return;
    }
    callback(req, res);
  });

  /**
   * Follows the browser's redirects from the authorization URL (keeping the provider's cookies) until
   * the provider sends it back to the app; answers that URL.
   */
  async function authorize(authorizationUrl: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = authorizationUrl;
    for (let i = 0; i < 10; i++) {
      if (url.startsWith(client.redirectUri)) return new URL(url);
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`provider stopped at ${url}: ${response.status} ${await response.text()}`);
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    state,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
