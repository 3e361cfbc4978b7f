import type { FastifyInstance } from 'fastify';
import { CARD_LIMITS, SANDBOX_TEST_CARDS, SANDBOX_TOKEN_PREFIX } from '@portal/proto';

/**
 * Issue 11, slice A (f11-payment): the sandbox payment gateway's browser side, outside production
 * only. `/sandbox/gmo/token.js` defines the same `Multipayment.init` / `Multipayment.getToken` as
 * GMO-PG's token.js, so the card form runs one code path for both adapters; its token carries the
 * test card's outcome and the masked number, never the number. `/sandbox/gmo/challenge` is the
 * 3-D Secure challenge page: it sends the browser back to the return URL with `cres=Y` or `cres=N`.
 * Like the SPA (issue 22 item 8), the script reads a number with spaces or hyphens as its digits.
 */
export function registerPaymentSandbox(app: FastifyInstance, development: boolean): void {
  if (!development) return;
  const policy = { access: 'public' } as const;
  const outcomes = Object.fromEntries(SANDBOX_TEST_CARDS.map((c) => [c.number, c.outcome]));
  const script = `(function(){var outcomes=${JSON.stringify(outcomes)};var prefix=${JSON.stringify(SANDBOX_TOKEN_PREFIX)};
function b64(s){return btoa(unescape(encodeURIComponent(s))).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');}
function nonce(){var a=new Uint8Array(12);crypto.getRandomValues(a);return Array.prototype.map.call(a,function(x){return x.toString(16).padStart(2,'0');}).join('');}
window.Multipayment={shopId:null,init:function(shopId){this.shopId=shopId;},getToken:function(card,callback){
var n=String(card.cardno||'').replace(/[\\s\\-]/g,'');var code=String(card.securitycode||'');var exp=String(card.expire||'');
if(!/^\\d{${CARD_LIMITS.numberMin},${CARD_LIMITS.numberMax}}$/.test(n)){setTimeout(function(){callback({resultCode:'100'});});return;}
if(!/^\\d{6}$/.test(exp)){setTimeout(function(){callback({resultCode:'110'});});return;}
if(!/^\\d{3,4}$/.test(code)){setTimeout(function(){callback({resultCode:'121'});});return;}
var count=Math.max(1,Number(card.tokennumber)||1);var masked=n.slice(0,6)+new Array(n.length-9).join('*')+n.slice(-4);var tokens=[];
for(var i=0;i<count;i++)tokens.push(prefix+b64(JSON.stringify({o:outcomes[n]||'success',m:masked,n:nonce()})));
setTimeout(function(){callback({resultCode:'000',tokenObject:{token:tokens,maskedCardNo:masked,toBeExpiredAt:new Date(Date.now()+18e5).toISOString(),isSecurityCodeSet:true}});});}};})();`;
  app.get('/sandbox/gmo/token.js', { config: { policy } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script));

  app.get('/sandbox/gmo/challenge', { config: { policy } }, async (request, reply) => {
    // Like GMO's RedirectUrl, the query is `ret=<encoded return URL>&t=<id>`, the `&t=` unescaped.
    const { ret, t } = request.query as { ret?: string; t?: string };
    let back: URL | null = null;
    try { back = ret ? new URL(ret) : null; } catch { back = null; }
    const host = request.headers.host ?? '';
    if (!back || back.host !== host || !t) return reply.code(400).type('text/plain; charset=utf-8').send('Bad challenge link');
    const link = (cres: 'Y' | 'N') => { const u = new URL(back.toString()); u.searchParams.set('cres', cres); u.searchParams.set('t', t); return u.toString(); };
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3-D Secure (sandbox)</title>
<style>body{font:16px system-ui,sans-serif;margin:3rem auto;max-width:26rem;padding:0 1rem}a{display:block;text-align:center;margin:.75rem 0;padding:.75rem;border-radius:8px;text-decoration:none}
.pass{background:#1c7ed6;color:#fff}.fail{border:1px solid #adb5bd;color:#212529}</style></head>
<body><p>Sandbox payment gateway (development only)</p><h1>3-D Secure challenge</h1><p>Your card issuer asks you to confirm this card.</p>
<a class="pass" href="${esc(link('Y'))}">Authenticate</a><a class="fail" href="${esc(link('N'))}">Fail authentication</a></body></html>`);
  });
}
