# Production image for every process of the service: the API (default CMD), the Temporal worker
# (`node worker.ts`) and the mailbox worker, the inbox sync with its heap bounded
# (`node --max-old-space-size=1024 mailbox-worker.ts`). Node 24 runs the TypeScript sources
# directly by type stripping: no build step. The Node version the tests run on (the `node`
# devDependency in package-lock.json; the compose test checks they agree), pinned to the patch release.
FROM node:24.21.0-bookworm-slim

# The slim image has no CA bundle; Temporal's native (Rust) client reads the system roots when it
# talks TLS, e.g. to Temporal Cloud.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production
WORKDIR /app

# Manifests first, so source edits reuse the dependency layer. `npm ci` installs exactly what
# package-lock.json locks (it fails when the lockfile and package.json disagree); --omit=dev also
# leaves out the `node` devDependency, which only pins Node 24 on dev machines. Its postinstall
# applies patches/ to the installed packages (patch-package), so they come along.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Root-owned and read-only to the runtime user: the processes never write to their own tree.
COPY . .

USER node
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000

# Liveness only (/readyz would mark the container unhealthy whenever Temporal or PostgreSQL blips).
# Compose gives each worker its own check (its /healthz on WORKER_METRICS_PORT or
# MAILBOX_WORKER_METRICS_PORT) and disables it for the one-shot jobs, which run this image without a
# listener.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "api/server.ts"]
