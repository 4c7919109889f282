// @ts-check
/**
 * Hello status: the example installed mod. It runs in the sandbox (an isolate), so it reaches
 * the service only through the functions `init` receives: its routes, a tool, its own
 * key-value data, its settings and a logger. One file, no dependencies: what a release tag
 * holds is what runs (nothing is installed with npm).
 */
import { defineGuestMod } from 'svc:guest';

export const VERSION = '1.0.0';

/** @param {import('../../../sdk/guest.js').GuestModApi} mod */
async function board(mod) {
  const { greeting } = await mod.settings.get();
  const pings = (await mod.data.get('pings')) ?? 0;
  const last = (await mod.data.get('last-ping')) ?? null;
  return { greeting: String(greeting ?? 'Hello'), pings: Number(pings), lastPing: last, version: VERSION };
}

export default defineGuestMod({
  init(mod) {
    mod.route('status', async () => ({ ok: true, ...(await board(mod)) }));

    mod.route('ping', async (request) => {
      const body = /** @type {{ from?: unknown }} */ (request.body ?? {});
      if (body.from !== undefined && (typeof body.from !== 'string' || body.from.length > 80)) {
        return mod.respond({ ok: false, error: 'invalid_from', message: 'from must be a string of at most 80 characters' }, { status: 400 });
      }
      const pings = Number((await mod.data.get('pings')) ?? 0) + 1;
      await mod.data.set('pings', pings);
      await mod.data.set('last-ping', { from: body.from ?? 'operator', at: new Date().toISOString() });
      mod.log.info('pinged', { pings });
      return { ok: true, pings, message: `Ping ${pings} recorded.` };
    });

    // The control page the UI draws from JSON (no script of this mod runs in the browser).
    mod.route('ui-control', async () => {
      const status = await board(mod);
      return {
        blocks: [
          { type: 'text', text: `${status.greeting} from hello-status ${status.version}.` },
          { type: 'stat', label: 'Pings', value: status.pings },
          { type: 'stat', label: 'Last ping', value: status.lastPing ? `${status.lastPing.from} at ${status.lastPing.at}` : 'never' },
          { type: 'action', label: 'Ping', method: 'POST', route: '/api/mods/hello-status/ping', body: { from: 'operator' } },
        ],
      };
    });

    mod.tool('status', {
      inputSchema: { type: 'object', additionalProperties: false, properties: {} },
      handler: async (_input, context) => ({ ...(await board(mod)), askedBy: context.agentId }),
    });
  },
});
