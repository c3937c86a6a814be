// A bare Koa server answering one JSON body of BODY_BYTES bytes, behind the API's compression
// middleware when COMPRESS=1: `npm run bench -- compression` runs one of each to measure what the
// middleware costs an answer, apart from everything else a request does.
import Koa from 'koa';
import { compression } from '../../api/middleware/compression.ts';

const bytes = Number(process.env.BODY_BYTES ?? 887);
// Contact-like records until the JSON text reaches the size asked for.
const items: { id: number; email: string; first_name: string; job_title: string }[] = [];
while (JSON.stringify({ items }).length < bytes)
  items.push({
    id: items.length,
    email: `person${items.length}@example.com`,
    first_name: 'Ada',
    job_title: 'Head of Sales',
  });

const app = new Koa();
// autocannon closes its connections mid-answer at the end of a round: not worth a stack trace.
app.silent = true;
if (process.env.COMPRESS === '1') app.use(compression());
app.use((ctx) => {
  ctx.body = { items };
});
app.listen(Number(process.env.PORT), '127.0.0.1');
