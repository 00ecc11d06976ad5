// One store's preview in a process of its own, for the scale bench: a shop's server is not its
// shopper's browser, and a preview rendering in the bench's own process held back what the bench
// saw of the page (and when it could act on it) by as long as the renders it had queued. Started
// with fork(): it sends its port once it listens, and closes when the bench disconnects.
import { createPreview, loopbackCertificate } from '../../preview/dist/preview.mjs';

const [storeDir] = process.argv.slice(2);
const app = await createPreview({ logger: false, storeDir, tls: loopbackCertificate() });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});
