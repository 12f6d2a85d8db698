# syntax=docker/dockerfile:1.7
# Multi-stage image of the whole store: API, media and the pre-rendered storefront on one port.

FROM node:24-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
# The storefront is rebuilt at run time from the database (Astro is a runtime dependency).
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
# PostgreSQL's client tools for `npm run backup` / `npm run restore` on PostgreSQL: pg_dump must be
# at least as new as the server (compose.yaml runs postgres:17), so they come from PostgreSQL's
# own apt repository (Debian's own are older). A newer server: build with --build-arg PG_CLIENT=18.
ARG PG_CLIENT=17
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && install -d /usr/share/postgresql-common/pgdg \
 && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
 && . /etc/os-release \
 && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt ${VERSION_CODENAME}-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends "postgresql-client-${PG_CLIENT}" \
 && apt-get purge -y curl && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data \
    ASTRO_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=runtime-deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json tsconfig.json astro.config.mjs openapi.yaml ./
COPY --chown=node:node api ./api
COPY --chown=node:node rules ./rules
COPY --chown=node:node db ./db
COPY --chown=node:node migrations ./migrations
COPY --chown=node:node web ./web
RUN mkdir -p /data && chown node:node /data /app
USER node
VOLUME ["/data"]
EXPOSE 8080
# /healthz: 200 while the database answers, 503 with the reason otherwise. The server listens
# once the storefront is ready: a first start migrates, seeds and builds it (about a minute for
# the demo, up to 3 for 10,000 products), hence the long start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=300s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# As package.json's start script starts it (tests/deploy/image.test.ts checks they agree).
# --initial-old-space-size=256: the old generation's collection limit is held at 256 MB at
# least instead of a little above what is live (~80-120 MB with a 10,000-product catalogue's
# kept answers and product views), where V8 began a full marking every few seconds under
# load. Measured (npm run bench's four catalogue loads, 5 turns of 2 s each, same turns for
# both): 13 mark-compacts during the turns with the default, 3 with the flag (2 of them begun
# by the memory reducer when the load paused); each mark-compact stops the store 5-55 ms.
# Costs up to ~256 MB of heap before the first full collection.
# --no-allocation-site-pretenuring: V8 otherwise decides, from what survives its young
# collections, to create a code site's objects straight in the old generation, for good. The
# first seconds of a load on a fresh store (answers and product views being kept, requests
# queued) made request-path sites so (zod's parse of every request body among them): under new
# filters ~2 MB/s of short-lived objects then went to the old generation, a full collection
# every ~15-20 s (pausing 11-16 ms, its marking taking a core for ~0.4 s). Without it: none in
# 30 s of new filters, and in 8 rounds of the benchmark's turns. Cost: what survives a young
# collection is copied there instead (checkout's young pauses up to ~5 ms on SQLite, ~17 on PostgreSQL).
CMD ["node", "--initial-old-space-size=256", "--no-allocation-site-pretenuring", "api/server.ts"]
