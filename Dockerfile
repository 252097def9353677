# syntax=docker/dockerfile:1
# Vetted: the API (apps/api, built by tsup) serving the built web app (apps/web/dist), as
# deploy/compose.yaml runs it behind nginx. Build from the repository root:
#   docker build -t vetted .
#
# NOT BUILT HERE OR IN CI: no container registry can be reached from the machines this project is
# developed and tested on, so the base image cannot be pulled. What the image runs is exercised
# all the same: the scale-out test (apps/api/test/scale-out.test.ts) spawns the same built
# `dist/server.js` with the same variables behind the same nginx config (deploy/nginx/).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: the whole workspace (the web app builds with the root's dev tools) -----------------
FROM ${NODE_IMAGE} AS build
ENV CI=true
# The version package.json names in `packageManager`, installed with npm's own integrity checks.
RUN npm install --global pnpm@10.34.9
WORKDIR /repo
# Dependencies first, from the lockfile alone: this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm exec turbo run build --filter=@vetted/api --filter=@vetted/web --output-logs=errors-only
# Only the API's production dependencies, in a folder of their own (workspace packages are
# bundled into dist by tsup). `--legacy`: deploy without injected workspace packages.
RUN pnpm --filter @vetted/api deploy --prod --legacy /out \
  && rm -rf /out/src /out/test /out/dist \
  && cp -r apps/api/dist /out/dist \
  && cp -r apps/web/dist /out/web

# --- runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/web \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=build --chown=root:root /out /app
# The only folder the server writes to (PGlite and local uploads when no DATABASE_URL/S3_BUCKET,
# the local mail folder when no SMTP_URL); owned by the unprivileged `node` user of the image.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Readiness, not liveness: 503 while the database, Redis, the store or the job queue is down.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/v1/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form, PID 1): it drains requests and jobs, then exits.
CMD ["node", "dist/server.js"]
