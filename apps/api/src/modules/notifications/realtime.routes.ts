import websocket from '@fastify/websocket';
import { realtimeClientHello, type RealtimeServerMessage } from '@trilha/contracts/notifications';
import type { App } from '../../context';
import type { Handler, PubSub } from '../../lib/pubsub';
import type { TokenKit } from '../auth/tokens';
import { inboxChannel } from './notifications.service';

/** A tab that has not shown its token by then is closed. */
const HELLO_TIMEOUT_MS = 10_000;
/** Pings keep proxies from closing an idle channel and find tabs that went away. */
const PING_INTERVAL_MS = 30_000;

/**
 * `GET /api/realtime` (WebSocket): the open tabs of a signed-in user. A browser cannot put a bearer token
 * on a WebSocket, and a token in the address ends up in logs, so the tab's first message carries the
 * realtime token of its login (`{ "type": "auth", "token": … }`); the channel then receives what the user
 * is told (`{ "type": "inbox", "clientId" }`) from whichever instance told it, through the pub/sub port.
 */
export async function registerRealtimeRoutes(
  app: App,
  deps: { tokens: TokenKit; pubsub: PubSub; isSessionLive(sessionId: string): Promise<boolean> },
) {
  await app.register(websocket, { options: { maxPayload: 8 * 1024 } });

  // Public to the router: the socket proves who it is with the realtime token of its first message.
  const route = { websocket: true, config: { access: 'public' }, schema: { hide: true } } as const;
  app.get('/api/realtime', route, (socket) => {
    let subscription: { channel: string; handler: Handler } | null = null;
    const send = (message: RealtimeServerMessage) => socket.send(JSON.stringify(message));
    const hello = setTimeout(() => socket.close(4401, 'unauthenticated'), HELLO_TIMEOUT_MS);
    let alive = true;
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, PING_INTERVAL_MS);
    socket.on('pong', () => {
      alive = true;
    });

    socket.on('message', (raw: Buffer) => {
      if (subscription) return;
      let token: string;
      try {
        token = realtimeClientHello.parse(JSON.parse(String(raw))).token;
      } catch {
        return socket.close(4400, 'bad request');
      }
      let claims: { userId: number; sessionId: string };
      try {
        claims = deps.tokens.verifyRealtime(token);
      } catch {
        return socket.close(4401, 'unauthenticated');
      }
      void deps.isSessionLive(claims.sessionId).then((live) => {
        if (!live) return socket.close(4401, 'unauthenticated');
        if (subscription || socket.readyState !== socket.OPEN) return;
        clearTimeout(hello);
        const handler: Handler = (message) => send(message as RealtimeServerMessage);
        subscription = { channel: inboxChannel(claims.userId), handler };
        deps.pubsub.subscribe(subscription.channel, handler);
        send({ type: 'ready' });
      });
    });

    socket.on('close', () => {
      clearTimeout(hello);
      clearInterval(ping);
      if (subscription) deps.pubsub.unsubscribe(subscription.channel, subscription.handler);
    });
  });
}
