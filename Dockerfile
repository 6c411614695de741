# syntax=docker/dockerfile:1

# toolhub: build with `docker build -t toolhub .`, run with
#   docker run -d --name toolhub -p 3000:3000 -v toolhub-data:/app/data toolhub
# then read the first admin key with `docker exec toolhub cat /app/data/initial-admin-key`.
# Several instances on PostgreSQL and Redis: docker-compose.yml.
# Configuration is by environment (PORT, HOST, HTTP_ADAPTER=express|fastify, LOG_LEVEL, ...).

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: compile TypeScript and the console, then drop dev dependencies --------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# swagger-ui-dist depends on @scarf/scarf, whose postinstall phones home; keep builds offline-clean.
ENV SCARF_ANALYTICS=false

# Dependencies first, so this layer is reused until the lockfile changes.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

COPY nest-cli.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY console ./console
COPY scripts/build.js scripts/build-inputs.js scripts/new-database-template.js ./scripts/
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: only dist/, production node_modules and package.json ------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app

# The data directory is the volume (the default, ~/.local/share/toolhub, would be inside the
# container): the embedded database, its key files and the first admin key live there.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data

# The application files stay owned by root (read-only for the server); only the data directory,
# where an embedded database lives, is writable by the `node` user.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]

USER node
EXPOSE 3000

# The slim image has no curl: probe /health with node itself (exit 0 = healthy).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "const r=require('http').get('http://127.0.0.1:'+(process.env.PORT||3000)+'/health',s=>{s.resume();process.exit(s.statusCode===200?0:1)});r.on('error',()=>process.exit(1));r.setTimeout(4000,()=>{r.destroy();process.exit(1)})"]

# The server closes gracefully on SIGTERM (enableShutdownHooks); node runs as PID 1 directly,
# not under npm, so the signal reaches it.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
