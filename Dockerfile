# syntax=docker/dockerfile:1
# The portal as one container image: the built client and the server on one port.
# Production shape (deploy/compose.yaml): PostgreSQL, two or more of these behind a
# TLS-terminating reverse proxy. Build:  docker build -t cloud-portal .

ARG NODE_IMAGE=node:20-bookworm-slim

# --- 1. Everything installed (dev tools included), the client built with vite, the server
#        compiled to JavaScript with esbuild (dist/server: main.js, migrate.js). ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# --- 2. Only what the server needs at run time. ---
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- 3. The image that runs. ---
FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    PORTAL_DATA_DIR=/app/data \
    SHUTDOWN_TIMEOUT_MS=20000
# The server runs as JavaScript compiled at build time (dist/server/main.js, no TypeScript
# compiled at start); it reads its data files where they are in the source tree (migrations,
# layouts, branding, report and card definitions under server/, texts under locales/, screen
# definitions), and serves the built client at /v/.
COPY --from=runtime-deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root server ./server
COPY --chown=root:root locales ./locales
COPY --chown=root:root screen-definitions ./screen-definitions
COPY --from=build --chown=root:root /app/dist/server ./dist/server
COPY --from=build --chown=root:root /app/dist/client ./dist/client
# The code is owned by root and read-only for the process; only the data folder (embedded
# PGlite when no DATABASE_URL is given) is writable. "node" is the image's unprivileged user.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# The server finishes requests in flight, stops its jobs and closes the database on SIGTERM
# (SHUTDOWN_TIMEOUT_MS at most); give it that long before the runtime kills it.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations: the server applies pending ones at start (fine for one instance and the embedded
# default); with several replicas run them first as their own step: `node dist/server/migrate.js`
# (the Kubernetes migration Job, deploy/kubernetes/base/migrate-job.yaml).
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
